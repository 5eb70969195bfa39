import ComposableArchitecture
import GameServerCatalog
import GameServerTesting
import GameServerWordGrid
import Testing

/// The word-grid race for more than two, end to end: the queue gathers the players asked for,
/// private rooms fill or start when their host says, and results and ratings count every pair.
@MainActor
struct WordGridRaceTests {
  /// A dictionary with plenty of short words, so seeded puzzles offer some.
  static let dictionary = WordDictionary(
    words: WordDictionary.sampleWords + [
      "tee", "tie", "tin", "tot", "nit", "eon", "toe", "sit", "sin", "son", "not", "tan", "nor",
      "ran", "ram", "rat", "sat", "set", "tea", "ten", "the", "she", "her", "hen", "den", "end",
    ])

  func makeServer() -> TestGameServer {
    TestGameServer(games: .standard, seed: 3) { $0.wordDictionary = Self.dictionary }
  }

  func guests(_ server: TestGameServer, _ names: [String]) async throws -> [(client: TestClient, player: PlayerID)] {
    var clients: [(TestClient, PlayerID)] = []
    for name in names {
      let client = await server.connect()
      await client.send(.guest(name: name))
      clients.append((client, try await client.receive(\.welcome).player))
    }
    return clients
  }

  func path(_ word: FoundWord) -> JSONValue {
    .array(
      word.path.map { face in
        .object([
          "x": JSONValue(face.cube.x), "y": JSONValue(face.cube.y), "z": JSONValue(face.cube.z),
          "face": .string(face.side.rawValue),
        ])
      })
  }

  @Test func threePlayersRaceAndEveryPairIsRated() async throws {
    let server = makeServer()
    let players = try await guests(server, ["ada", "bob", "cora"])
    let race = GameChoice(game: "wordgrid", mode: "race", players: 3)
    for (client, _) in players { await client.send(.queue(race)) }

    let start = try await players[0].client.view(WordGridView.self)
    #expect(start.players.map(\.id) == players.map(\.player))
    for (client, _) in players.dropFirst() { #expect(try await client.view(WordGridView.self).players.count == 3) }

    let words = WordSolver.solve(start.puzzle, dictionary: Self.dictionary)
    let word = try #require(words.first, "the seeded puzzle offers no word")
    await players[0].client.send(.move("word", ["path": path(word)]))
    #expect(try await players[1].client.view(WordGridView.self).players[0].wordCount == 1)

    await server.clock.advance(by: .seconds(180))
    await server.store.receive(\.ratingsRecorded)
    let end = try await players[2].client.view(WordGridView.self)
    #expect(end.ended == .timeUp)
    #expect(end.winners == [players[0].player])
    #expect(end.players[0].words?.map(\.word) == [word.word])

    // Ada beat two; Bob and Cy each lost to Ada and drew with each other.
    let ratings = players.map { server.state.sessions[$0.player]?.identity.ratings[.wordGridRace] }
    #expect(ratings == [1216, 1192, 1192])
    let record = try #require(try await server.database.fetchGames(players[1].player, 100).last)
    let ranking = try #require(record.ranking)
    #expect(ranking.map(Set.init) == [[players[0].player], [players[1].player, players[2].player]])
  }

  @Test func theHostStartsAPrivateRoomBeforeItIsFull() async throws {
    let server = makeServer()
    let players = try await guests(server, ["ada", "bob", "cora"])
    let (ada, bob, cy) = (players[0].client, players[1].client, players[2].client)
    await ada.send(.createRoom(GameChoice(game: "wordgrid", mode: "race", players: 4)))
    let (code, _, _) = try await ada.receive(\.privateRoom)

    let join = await bob.send(.joinRoom(code: code))
    let (lobby, replyTo) = try await bob.receive(\.lobby)
    #expect(lobby == Lobby(code: code, variant: .wordGridRace, seats: 4, players: ["ada", "bob"]))
    #expect(replyTo == join)
    #expect(try await ada.receive(\.lobby).0.players == ["ada", "bob"])

    await cy.send(.startRoom)
    #expect(try await cy.receive(\.error).code == "not_host")
    await bob.send(.startRoom)
    #expect(try await bob.receive(\.error).code == "not_host")

    let start = await ada.send(.startRoom)
    let (view, startReply) = try await ada.receive(\.room)
    #expect(startReply == start)
    #expect(view.game == "wordgrid")
    #expect(try await bob.view(WordGridView.self).players.map(\.id) == [players[0].player, players[1].player])
  }

  @Test func aLobbyFollowsWhoLeavesAndClosesWhenTheHostDoes() async throws {
    let server = makeServer()
    let players = try await guests(server, ["ada", "bob", "cora"])
    let (ada, bob, cy) = (players[0].client, players[1].client, players[2].client)
    await ada.send(.createRoom(GameChoice(game: "wordgrid", mode: "race", players: 3)))
    let (code, _, _) = try await ada.receive(\.privateRoom)
    await ada.send(.startRoom)
    #expect(try await ada.receive(\.error).code == "too_few_players")

    await bob.send(.joinRoom(code: code))
    _ = try await bob.receive(\.lobby)
    #expect(try await ada.receive(\.lobby).0.players == ["ada", "bob"])
    await bob.send(.cancelQueue)
    _ = try await bob.receive(\.queueLeft)
    #expect(try await ada.receive(\.lobby).0.players == ["ada"])

    await cy.send(.joinRoom(code: code))
    _ = try await cy.receive(\.lobby)
    await ada.disconnect()
    #expect(try await cy.receive(\.queueLeft).reason == "room_closed")
    await cy.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await cy.receive(\.queued)
  }

  @Test func playingBotsSeatsTheBotsAsked() async throws {
    let server = makeServer()
    let players = try await guests(server, ["ada"])
    await players[0].client.send(.playBot(GameChoice(game: "wordgrid", mode: "race", players: 4)))
    let view = try await players[0].client.view(WordGridView.self)
    #expect(view.players.count == 4)
    let room = try #require(server.state.rooms.first)
    #expect(room.seats.map(\.name) == ["ada", "easy bot 1", "easy bot 2", "easy bot 3"])
  }

  @Test func aNumberOfPlayersTheModeCannotSeatIsRefused() async throws {
    let server = makeServer()
    let players = try await guests(server, ["ada"])
    let ada = players[0].client
    await ada.send(.queue(GameChoice(game: "tictactoe", players: 3)))
    let error = try await ada.receive(\.error)
    #expect(error.code == "invalid_value")
    #expect(error.message == #"The field "players" must be 2 for tictactoe."#)
    await ada.send(.createRoom(GameChoice(game: "wordgrid", mode: "race", players: 5)))
    #expect(try await ada.receive(\.error).message == #"The field "players" must be 2 to 4 for wordgrid-race."#)
    await ada.send(json: #"{"v":1,"type":"queue","game":"wordgrid","players":"four"}"#)
    #expect(try await ada.receive(\.error).code == "wrong_type")
    // Before login too, as any other fault of the message.
    let stranger = await server.connect()
    await stranger.send(.queue(GameChoice(game: "wordgrid", players: 9)))
    #expect(try await stranger.receive(\.error).code == "invalid_value")
    #expect(!server.state.matchmaking.isWaiting(players[0].player))
  }
}
