import ComposableArchitecture
import Foundation
import GameServerCatalog
import GameServerTesting
import GameServerTicTacToe
import Testing

/// Room shards of one process (``RoomShards``, as `serve --threads N` is to run them), each a
/// server store of its own: a player's connection is handed to the shard of the player's room,
/// and the client sees nothing of it (no `moved`, no new connection, no second welcome).
@MainActor
struct RoomShardsTests {
  func register(_ shard: TestGameServer, _ name: String) async throws -> (TestClient, ServerMessage.Welcome) {
    let client = await shard.connect()
    await client.send(.register(name: name, password: "correct horse"))
    return (client, try await client.receive(\.welcome))
  }

  /// Players queueing on two shards meet on the shard of the first; the second's connection
  /// goes there, keeps its id, and plays the game to its end; it is recorded once.
  @Test func playersOnTwoShardsMeetOnOne() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    let (zero, one) = (shards.nodes[0], shards.nodes[1])
    let (ada, _) = try await register(zero, "ada")
    let (bob, _) = try await register(one, "bob")
    let bobsConnection = bob.connection
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.queued)
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    #expect(try await bob.receive(\.room).0.room == room)
    #expect(zero.state.rooms[id: room] != nil && one.state.rooms.isEmpty)
    #expect(one.state.sessions.isEmpty && one.state.connections[bobsConnection] == nil)
    #expect(bob.connection == bobsConnection)
    #expect(zero.state.connections[bobsConnection]?.player != nil)
    #expect(zero.state.rooms[id: room]?.seats.allSatisfy(\.isConnected) == true)

    for (client, row, column) in [(ada, 0, 0), (bob, 1, 1), (ada, 0, 1), (bob, 2, 2), (ada, 0, 2)] {
      await client.send(.move(TicTacToe.self, .mark(Cell(row: row, column: column))))
      _ = try await client.receive(\.room)
    }
    #expect(zero.state.rooms[id: room]?.game.isOver == true)
    let bobsChange = try await bob.receive(\.rating)
    #expect(bobsChange.change < 0)
    // Nothing bob was sent needed a new connection.
    #expect(!bob.messages().contains { $0.type == "moved" || $0.type == "welcome" })
    let games = try await shards.database.fetchGames(zero.state.rooms[id: room]!.seats[0].player, 10)
    #expect(games.count == 1)
  }

  /// A player who comes back on another shard (a new connection, `resume`) is handed to the
  /// shard of the room they are seated in: its view, and the seat taken again.
  @Test func aReturningPlayerIsHandedToTheShardOfTheirRoom() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    let (zero, one) = (shards.nodes[0], shards.nodes[1])
    let (ada, _) = try await register(zero, "ada")
    let (bob, welcome) = try await register(zero, "bob")
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    _ = try await bob.receive(\.room)
    await bob.disconnect()
    #expect(zero.state.rooms[id: room]?.seats.contains { !$0.isConnected } == true)

    let back = await one.connect()
    await back.send(.resume(token: welcome.token))
    // The welcome names the room, which is on the other shard.
    #expect(try await back.receive(\.welcome).room == room)
    #expect(try await back.receive(\.room).0.room == room)
    #expect(zero.state.rooms[id: room]?.seats.allSatisfy(\.isConnected) == true)
    #expect(one.state.sessions.isEmpty)
    // bob's move goes to the room, from his connection on the other thread.
    await ada.send(.move(TicTacToe.self, .mark(Cell(row: 0, column: 0))))
    _ = try await back.receive(\.room)
    await back.send(.move(TicTacToe.self, .mark(Cell(row: 1, column: 1))))
    let view = try await ada.view(TicTacToeView.self)
    #expect(view.board.joined().filter { $0 != "." }.count == 2)
  }

  /// A room opened on a shard by its own player (a bot game) is in the directory from its log's
  /// first line: the player, back on the other shard, is handed to it.
  @Test func aBotRoomIsFoundFromItsLog() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    let (zero, one) = (shards.nodes[0], shards.nodes[1])
    let (ada, welcome) = try await register(one, "ada")
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    #expect(shards.shards?.shard(ofRoom: room) == 1)
    #expect(shards.shards?.room(of: welcome.player) == room)
    await ada.disconnect()

    let back = await zero.connect()
    await back.send(.resume(token: welcome.token))
    #expect(try await back.receive(\.room).0.room == room)
    #expect(zero.state.sessions.isEmpty && one.state.sessions[welcome.player]?.connection == back.connection)
  }

  /// A friend on another shard joins a private room by its code: handed to the host's shard,
  /// where the join is carried out (answered to the friend's own request).
  @Test func aPrivateRoomCodeWorksFromAnotherShard() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    let host = await shards.nodes[0].connect()
    let friend = await shards.nodes[1].connect()
    await host.send(.guest(name: "hal"))
    await friend.send(.guest(name: "ivy"))
    _ = try await friend.receive(\.welcome)
    await host.send(.createRoom(GameChoice(game: "tictactoe")))
    let code = try await host.receive(\.privateRoom).code
    let request = await friend.send(.joinRoom(code: code))
    let (view, replyTo) = try await friend.receive(\.room)
    #expect(replyTo == request)
    #expect(try await host.receive(\.room).0.room == view.room)
    #expect(shards.nodes[1].state.sessions.isEmpty)
  }

  /// A spectator on another shard watches the room where it is.
  @Test func aRoomOnAnotherShardIsWatchedThere() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    let (ada, bob) = try await shards.nodes[0].twoGuests(in: GameChoice(game: "tictactoe"))
    _ = (ada, bob)
    let room = try #require(shards.nodes[0].state.rooms.first?.id)
    let (eve, _) = try await shards.nodes[1].guest("eve")
    await eve.send(.watchLobby(nil))
    _ = try await eve.receive(\.rooms)
    await eve.send(.spectate(room: room))
    #expect(try await eve.receive(\.room).0.room == room)
    #expect(shards.nodes[0].state.rooms[id: room]?.spectators.count == 1)
    // She still watches the lobby, there: its pushes come to her once she stops watching the room.
    let player = try #require(shards.nodes[0].state.rooms[id: room]?.spectators.first)
    #expect(shards.nodes[0].state.sessions[player]?.watchesLobby == true)
    #expect(shards.nodes[0].state.lobby.watchers.contains(player))
  }

  /// Wrong passwords count on every shard: an account locked on one is locked on the other,
  /// before its password is checked.
  @Test func aLockoutHoldsOnEveryShard() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    _ = try await register(shards.nodes[0], "ada")
    let thief = await shards.nodes[0].connect()
    for _ in 1...5 {
      await thief.send(.login(name: "ada", password: "wrong"))
      _ = try await thief.receive(\.error)
    }
    let elsewhere = await shards.nodes[1].connect()
    await elsewhere.send(.login(name: "ada", password: "correct horse"))
    #expect(try await elsewhere.receive(\.error).code == "too_many_attempts")
  }

  /// Logging in on one shard ends the player's connection on another, as a second login does on
  /// one server.
  @Test func aLoginOnAnotherShardTakesThePlayerOver() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    let (first, welcome) = try await register(shards.nodes[0], "ada")
    let second = await shards.nodes[1].connect()
    await second.send(.resume(token: welcome.token))
    _ = try await second.receive(\.welcome)
    #expect(try await first.receive(\.error).code == "logged_in_elsewhere")
    #expect(shards.nodes[0].state.sessions[welcome.player]?.connection == nil)
  }

  /// A player matched into a room on another shard is seated as here while the connection is on
  /// its way (nobody sees them leave and come back); if it does not come in `handOverWait`, the
  /// seat is away (and its grace period runs) until it does.
  @Test func aSeatWaitsForItsHandedConnectionThenIsAway() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    let (zero, one) = (shards.nodes[0], shards.nodes[1])
    let (ada, _) = try await zero.guest("ada")
    let (bob, _) = try await one.guest("bob")
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.queued)
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    let opened = try await ada.receive(\.room).0
    #expect(opened.status?.away.isEmpty ?? true)
    // bob's connection has not come (his client has not gone on yet).
    await shards.clock.advance(by: Server.handOverWait)
    let away = try await ada.receive(\.room).0
    #expect(away.room == opened.room && away.status?.away.count == 1)
    _ = try await bob.receive(\.room)
    #expect(zero.state.rooms[id: opened.room]?.seats.allSatisfy(\.isConnected) == true)
  }

  /// The live list spans the shards: a room on one is listed to a player on another (each shard
  /// tells the others its list when it changes, at most every `lobbyPushInterval`).
  @Test func theLiveListShowsEveryShardsRooms() async throws {
    let shards = TestCluster(shards: 2, games: .standard)
    let (zero, one) = (shards.nodes[0], shards.nodes[1])
    _ = try await zero.twoGuests(in: GameChoice(game: "tictactoe"))
    let room = try #require(zero.state.rooms.first?.id)
    await shards.clock.advance(by: zero.state.settings.lobbyPushInterval)
    await zero.store.receive(\.pushLobby)
    let (eve, _) = try await one.guest("eve")
    await eve.send(.rooms(game: nil))
    #expect(try await eve.receive(\.rooms).0.map(\.room) == [room])
    #expect(one.state.rooms.isEmpty)
  }

  /// The shared queue pairs again as tickets wait: a player alone gets a bot after `botAfter`,
  /// in a room on their own shard, and two players out of each other's rating gap meet once it
  /// has widened.
  @Test func theSharedQueueWidensAndBringsBotsAsTicketsWait() async throws {
    let clock = LockIsolated(ContinuousClock.now)
    let shards = RoomShards(count: 2, now: { clock.value })
    let clients = [shards.cluster(for: 0), shards.cluster(for: 1)]
    var news = clients.map { $0.events().makeAsyncIterator() }
    let ticket = { (player: String, rating: Int, game: String) in
      QueueTicket(
        player: PlayerID(rawValue: player), name: player, isGuest: true, rating: rating,
        variant: GameVariant(game: game),
        seats: 2)
    }
    // What a shard has heard since it last asked (a ticket of another game, stored and taken
    // back at once, marks the end: the news comes as the queue pairs, before that returns).
    func heard(_ shard: Int) async -> [ClusterEvent] {
      clients[shard].enqueue(ticket("mark", 1200, "connectfour"))
      clients[shard].leaveQueue("mark")
      var events: [ClusterEvent] = []
      while let event = await news[shard].next(isolation: #isolation), event != .queued(["mark"]) {
        events.append(event)
      }
      return events
    }
    clients[0].enqueue(ticket("ada", 1200, "tictactoe"))
    clients[1].enqueue(ticket("bob", 1600, "tictactoe"))
    // 400 points apart: no match yet, however often the queue is paired.
    shards.pairWaiting()
    clock.withValue { $0 += .seconds(20) }
    shards.pairWaiting()
    #expect(await heard(0) == [.queued(["ada"])])
    #expect(await heard(1) == [.queued(["bob"])])
    // 100 + 10 per second waited: at 30 s the gap is 400, and they meet on ada's shard.
    clock.withValue { $0 += .seconds(10) }
    shards.pairWaiting()
    let matched = await heard(0)
    guard case let .matched(rooms, elsewhere)? = matched.first, matched.count == 1 else {
      Issue.record("ada's shard heard \(matched)")
      return
    }
    #expect(rooms.count == 1 && rooms[0].players.map(\.player) == ["ada", "bob"] && rooms[0].bots == 0)
    #expect(elsewhere.isEmpty)
    #expect(
      await heard(1) == [.matched(rooms: [], elsewhere: ["bob": RoomPlacement(room: rooms[0].room, url: "shard:0")])])

    // Alone: a bot after 30 s, on her own shard.
    clients[1].enqueue(ticket("cy", 1500, "tictactoe"))
    clock.withValue { $0 += .seconds(29) }
    shards.pairWaiting()
    #expect(await heard(1) == [.queued(["cy"])])
    clock.withValue { $0 += .seconds(1) }
    shards.pairWaiting()
    let alone = await heard(1)
    guard case let .matched(botRooms, _)? = alone.first, alone.count == 1 else {
      Issue.record("cy's shard heard \(alone)")
      return
    }
    #expect(botRooms.count == 1 && botRooms[0].players.map(\.player) == ["cy"] && botRooms[0].bots == 1)
  }

  /// The shard a restored room goes to is the same for the same id, and spreads the rooms.
  @Test func restoredRoomsAreDealtByID() {
    let shards = RoomShards(count: 4)
    let rooms = (1...400).map { RoomID(rawValue: "room-\($0)") }
    let dealt = rooms.map(shards.shard(forRoom:))
    #expect(dealt == rooms.map(RoomShards(count: 4).shard(forRoom:)))
    for shard in 0..<4 { #expect(dealt.filter { $0 == shard }.count > 60) }
    #expect(
      shards.shard(at: "shard:3") == 3 && shards.shard(at: "shard:4") == nil && shards.shard(at: "ws://x/") == nil)
  }
}
