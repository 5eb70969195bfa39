import ComposableArchitecture
import GameServerMatchmaking
import GameServerTesting
import Testing

/// A mode's seat range holds on every path that opens a room: `Pile` seats three or four, and no
/// room of it ever opens with two.
@MainActor
struct SeatRangeTests {
  func makeServer() -> TestGameServer {
    TestGameServer(games: GameCatalog([Pile.self]))
  }

  func guests(_ server: TestGameServer, _ names: [String]) async throws -> [TestClient] {
    var clients: [TestClient] = []
    for name in names { clients.append(try await server.guest(name).0) }
    return clients
  }

  /// The seat counts of the rooms open now.
  func seatCounts(_ server: TestGameServer) -> [Int] { server.state.rooms.map(\.seats.count) }

  /// Two players who queue for three wait past the gather time: the game does not start with
  /// two. Once they have waited as long as a player alone waits for bots, a bot takes the seat
  /// left. (Before, they got a room of two at 10 s.)
  @Test func aQueueForThreeDoesNotStartWithTwo() async throws {
    let server = makeServer()
    let players = try await guests(server, ["ada", "bob"])
    for client in players { await client.send(.queue(GameChoice(game: Pile.id, players: 3))) }
    await server.clock.advance(by: .seconds(20))
    #expect(server.state.rooms.isEmpty)
    await server.clock.advance(by: .seconds(10))
    let view = try await players[0].view(Pile.View.self)
    #expect(view.players.count == 3)
    #expect(server.state.rooms.first?.seats.compactMap(\.bot).count == 1)
  }

  /// Without `players`, a game whose modes all seat three or more seats its fewest: two queued
  /// wait, and a third starts the game at once.
  @Test func withoutPlayersAQueueGathersTheModesFewest() async throws {
    let server = makeServer()
    let players = try await guests(server, ["ada", "bob", "cora"])
    for client in players.prefix(2) { await client.send(.queue(GameChoice(game: Pile.id))) }
    await server.clock.advance(by: .seconds(15))
    #expect(server.state.rooms.isEmpty)
    await players[2].send(.queue(GameChoice(game: Pile.id)))
    #expect(try await players[2].view(Pile.View.self).players.count == 3)
    #expect(seatCounts(server) == [3])
  }

  /// Four asked for, three found: after the gather time the game starts with the three, the
  /// mode's fewest.
  @Test func aQueueForFourStartsWithThreeAfterTheGatherTime() async throws {
    let server = makeServer()
    let players = try await guests(server, ["ada", "bob", "cora"])
    for client in players { await client.send(.queue(GameChoice(game: Pile.id, players: 4))) }
    #expect(server.state.rooms.isEmpty)
    await server.clock.advance(by: .seconds(10))
    #expect(try await players[0].view(Pile.View.self).players.count == 3)
    #expect(seatCounts(server) == [3])
  }

  /// A private room for three: its host cannot start it with one friend (`too_few_players`,
  /// naming three); it starts when the second friend fills it. (Before, it started with two.)
  @Test func aPrivateRoomStartsWithNoFewerThanTheModesFewest() async throws {
    let server = makeServer()
    let players = try await guests(server, ["hal", "ivy", "joy"])
    await players[0].send(.createRoom(GameChoice(game: Pile.id, players: 3)))
    let code = try await players[0].receive(\.privateRoom).code
    await players[1].send(.joinRoom(code: code))
    _ = try await players[1].receive(\.lobby)
    let start = await players[0].send(.startRoom)
    let error = try await players[0].receive(\.error)
    #expect(error.code == "too_few_players" && error.requestID == start && error.message.contains("3"))
    #expect(server.state.rooms.isEmpty)
    await players[2].send(.joinRoom(code: code))
    #expect(try await players[2].view(Pile.View.self).players.count == 3)
    #expect(seatCounts(server) == [3])
  }

  /// A match below the mode's fewest (a shared queue's ticket from an older server) opens no
  /// room: its players are told, and the game's `setup` never sees two players.
  @Test func aMatchBelowTheFewestOpensNoRoom() async throws {
    let server = makeServer()
    let (ada, welcome) = try await server.guest("ada")
    let (bob, bobWelcome) = try await server.guest("bob")
    let match = Matchmaking.Match(
      variant: GameVariant(game: Pile.id), players: [welcome.player, bobWelcome.player], bots: 0)
    await server.store.send(.matchmaking(.delegate(.matched(match))))
    #expect(server.state.rooms.isEmpty)
    for client in [ada, bob] { #expect(try await client.receive(\.error).code == "too_few_players") }
  }
}
