import ComposableArchitecture
import Foundation
import GameServerCatalog
import GameServerCore
import GameServerDatabase
import GameServerGame
import GameServerTesting
import GameServerWire
import Testing

/// A server as a node of a cluster, with the cluster's answers made up: where rooms live, and
/// rooms lost to other nodes.
@MainActor
struct ClusterNodeTests {
  static func cluster(
    placement: @escaping @Sendable (PlayerID) -> RoomPlacement? = { _ in nil },
    location: @escaping @Sendable (RoomID) -> RoomPlacement? = { _ in nil },
    queue: LockIsolated<[QueueTicket]> = LockIsolated([]),
    left: LockIsolated<[PlayerID]> = LockIsolated([])
  ) -> ClusterClient {
    // NB: The queue stores every ticket at once, and says so.
    let (events, news) = AsyncStream.makeStream(of: ClusterEvent.self)
    return ClusterClient(
      placement: { placement($0) }, location: { location($0) }, events: { events },
      enqueue: { ticket in
        queue.withValue { $0.append(ticket) }
        news.yield(.queued([ticket.player]))
      },
      leaveQueue: { player in left.withValue { $0.append(player) } })
  }

  /// Two players of this node the shared queue paired, in a room this node opens.
  func pairHere(_ server: TestGameServer, _ tickets: [QueueTicket], room: RoomID = "room-shared") async {
    let match = SharedMatch(room: room, variant: GameVariant(game: "tictactoe"), players: tickets, bots: 0)
    await server.store.send(.cluster(.matched(rooms: [match], elsewhere: [:])))
  }

  /// Everyone in a room another node owns now is told where it went, and their connections
  /// close; the room and its clocks stop here.
  @Test func aLostRoomSendsItsPeopleWhereItWent() async throws {
    let queue = LockIsolated<[QueueTicket]>([])
    let server = TestGameServer(games: .standard) { $0.cluster = Self.cluster(queue: queue) }
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    await self.pairHere(server, queue.value)
    let room = try await ada.receive(\.room).0.room
    let elsewhere = RoomPlacement(room: room, url: "ws://10.0.0.2:8080/")
    await server.store.send(.cluster(.roomsLost([room: elsewhere])))
    #expect(server.state.rooms.isEmpty)
    for client in [ada, bob] {
      let moved = try await client.receive(\.moved)
      #expect(moved.0 == room && moved.url == "ws://10.0.0.2:8080/")
    }
    #expect(server.closed.value.map(\.code) == [1012, 1012])
    #expect(Set(server.closed.value.map(\.0)) == [ada.connection, bob.connection])
    // NB: Nothing of the room runs on: its move clock was cancelled with it.
    await server.clock.run()
    #expect(ada.messages().isEmpty)
  }

  /// In a cluster the queue is the cluster's: a player's ticket goes to it (with what another
  /// node needs to seat them), the node pairs nobody itself, and a player who stops waiting
  /// takes the ticket back.
  @Test func theQueueIsTheClusters() async throws {
    let (queue, left) = (LockIsolated<[QueueTicket]>([]), LockIsolated<[PlayerID]>([]))
    let server = TestGameServer(games: .standard) { $0.cluster = Self.cluster(queue: queue, left: left) }
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    let player = try await ada.receive(\.welcome).player
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.queued)
    #expect(queue.value.map(\.name) == ["ada", "bob"])
    #expect(
      queue.value.first
        == QueueTicket(
          player: player, name: "ada", isGuest: true, rating: 1200, variant: GameVariant(game: "tictactoe"), seats: 2))
    #expect(server.state.rooms.isEmpty)
    #expect(server.state.matchmaking.isWaiting(player))
    await ada.send(.cancelQueue)
    _ = try await ada.receive(\.queueLeft)
    #expect(left.value == [player])
    #expect(!server.state.matchmaking.isWaiting(player))
    // NB: Disconnecting takes the ticket back too.
    await bob.disconnect()
    #expect(left.value.count == 2)
  }

  /// A room the shared queue made on another node: the player is sent there and waits here no
  /// more; tickets the cluster could not keep end the wait, with the reason.
  @Test func aMatchElsewhereSendsThePlayerThere() async throws {
    let server = TestGameServer(games: .standard) { $0.cluster = Self.cluster() }
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    let a = try await ada.receive(\.welcome).player
    let b = try await bob.receive(\.welcome).player
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    await bob.send(.queue(GameChoice(game: "tictactoe")))
    let far = RoomPlacement(room: "room-far", url: "ws://b/")
    await server.store.send(.cluster(.matched(rooms: [], elsewhere: [a: far])))
    let moved = try await ada.receive(\.moved)
    #expect(moved.0 == "room-far" && moved.url == "ws://b/")
    #expect(!server.state.matchmaking.isWaiting(a))
    await server.store.send(.cluster(.queueFailed([b])))
    #expect(try await bob.receive(\.queueLeft).reason == "unavailable")
    #expect(!server.state.matchmaking.isWaiting(b))
  }

  /// A room made here for a player of this node and one of another: the one here gets the view;
  /// the other is seated away (with the name and rating from their ticket) and has the grace
  /// period to come; if they never do, they forfeit.
  @Test func aRoomMadeHereSeatsPlayersOfOtherNodesAsAway() async throws {
    let queue = LockIsolated<[QueueTicket]>([])
    let server = TestGameServer(games: .standard) { $0.cluster = Self.cluster(queue: queue) }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    let a = try await ada.receive(\.welcome).player
    await ada.send(.queue(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.queued)
    let zed = QueueTicket(
      player: "p-zed", name: "zed", isGuest: false, rating: 1333, variant: GameVariant(game: "tictactoe"), seats: 2)
    await self.pairHere(server, queue.value + [zed])
    let view = try await ada.receive(\.room).0
    #expect(view.room == "room-shared")
    #expect(!server.state.matchmaking.isWaiting(a))
    let seat = try #require(server.state.rooms[id: "room-shared"]?.seats.first { $0.player == "p-zed" })
    #expect(seat.name == "zed" && !seat.isConnected)
    #expect(server.state.sessions["p-zed"]?.identity.ratings[GameVariant(game: "tictactoe")] == 1333)
    #expect(server.state.sessions["p-zed"]?.room == "room-shared")
    await server.clock.advance(by: .seconds(31))
    #expect(server.state.rooms[id: "room-shared"]?.game.isOver == true)
  }

  /// A private room waits on its host's node, and the cluster is told of it while it waits; a
  /// friend who joins on another node is sent there (`joinElsewhere`), and a code waiting
  /// nowhere is unknown.
  @Test func privateRoomCodesWorkFromAnyNode() async throws {
    let told = LockIsolated<[String]>([])
    let server = TestGameServer(games: .standard) {
      $0.cluster = ClusterClient(
        placement: { _ in nil }, location: { _ in nil }, events: { AsyncStream { _ in } },
        publishPrivateRoom: { code in told.withValue { $0.append("+\(code)") } },
        withdrawPrivateRoom: { code in told.withValue { $0.append("-\(code)") } },
        privateRoomLocation: { code in code == "FARAW" ? "ws://b/" : nil })
    }
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    _ = try await bob.receive(\.welcome)
    await ada.send(.createRoom(GameChoice(game: "tictactoe")))
    let code = try await ada.receive(\.privateRoom).code
    #expect(told.value == ["+\(code)"])

    let id = await bob.send(.joinRoom(code: "far aw"))
    let elsewhere = try await bob.receive(\.joinElsewhere)
    #expect(elsewhere.code == "FARAW" && elsewhere.url == "ws://b/" && elsewhere.replyTo == id)
    await bob.send(.joinRoom(code: "NOPE2"))
    #expect(try await bob.receive(\.error).code == "unknown_invite_code")

    await bob.send(.joinRoom(code: code))
    _ = try await bob.receive(\.room)
    #expect(told.value == ["+\(code)", "-\(code)"])
  }

  /// A node that lost its lease stops every room, saying nothing of where they went.
  @Test func aLostLeaseStopsEveryRoom() async throws {
    let server = TestGameServer(games: .standard) { $0.cluster = Self.cluster() }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    _ = try await ada.receive(\.room)
    await server.store.send(.cluster(.leaseLost))
    #expect(server.state.rooms.isEmpty)
    #expect(ada.messages().allSatisfy { $0.type != "moved" })
    #expect(server.closed.value.map(\.code) == [1012])
  }

  /// A player who logs in where their room is not is sent to the node that has it.
  @Test func aPlayerWhoseRoomIsElsewhereIsSentThere() async throws {
    let server = TestGameServer(games: .standard) {
      $0.cluster = Self.cluster(placement: { player in
        player.rawValue.hasPrefix("guest-") ? RoomPlacement(room: "room-1", url: "ws://b/") : nil
      })
    }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    _ = try await ada.receive(\.welcome)
    let moved = try await ada.receive(\.moved)
    #expect(moved.0 == "room-1" && moved.url == "ws://b/")
  }

  /// A player who logs in on another node takes their connection here: it is told why, and
  /// may log in again.
  @Test func aLoginOnAnotherNodeTakesThePlayersConnectionHere() async throws {
    let server = TestGameServer(games: .standard) { $0.cluster = Self.cluster() }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    let player = try await ada.receive(\.welcome).player
    await server.store.send(.cluster(.loggedInElsewhere(player)))
    #expect(try await ada.receive(\.error).code == "logged_in_elsewhere")
    #expect(server.state.sessions[player] == nil)
    await ada.send(.guest(name: "ada2"))
    #expect(try await ada.receive(\.welcome).name == "ada2")
  }

  /// An account locked by wrong passwords on any node is locked here, before the slow check;
  /// a wrong password here counts for every node.
  @Test func lockoutsAndWrongPasswordsAreTheClustersNotTheNodes() async throws {
    let failures = LockIsolated<[String]>([])
    let server = TestGameServer(games: .standard) {
      $0.cluster = ClusterClient(
        placement: { _ in nil }, location: { _ in nil }, events: { AsyncStream { _ in } },
        lockedUntil: { name, now in name == "alice" ? now.addingTimeInterval(42) : nil },
        failedLogin: { name, _, maxFailures, _ in failures.withValue { $0.append("\(name) \(maxFailures)") } })
    }
    let ada = await server.connect()
    await ada.send(.login(name: "alice", password: "anything at all"))
    let error = try await ada.receive(\.error)
    #expect(error.code == "too_many_attempts" && error.message.contains("42 s") && error.retryAfter == 42)
    #expect(failures.value.isEmpty)
    await ada.send(.register(name: "bob", password: "correct horse"))
    _ = try await ada.receive(\.welcome)
    let bob = await server.connect()
    await bob.send(.login(name: "Bob", password: "wrong horse"))
    #expect(try await bob.receive(\.error).code == "wrong_password")
    #expect(failures.value == ["Bob 5"])
  }

  /// Watching a room that lives elsewhere sends the watcher there; one that is nowhere is
  /// unknown, as on a server of its own.
  @Test func spectatingARoomElsewhereSendsTheWatcherThere() async throws {
    let server = TestGameServer(games: .standard) {
      $0.cluster = Self.cluster(location: { room in
        room == "room-far" ? RoomPlacement(room: room, url: "ws://c/") : nil
      })
    }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    _ = try await ada.receive(\.welcome)
    await ada.send(.spectate(room: "room-far"))
    let moved = try await ada.receive(\.moved)
    #expect(moved.url == "ws://c/")
    let id = await ada.send(.spectate(room: "room-none"))
    let error = try await ada.receive(\.error)
    #expect(error.code == "unknown_room" && error.requestID == id)
  }

  /// A node never sends anyone to a node that is down: a room whose node's lease ran out gets
  /// `unavailable` with `retryAfter`, to a watcher and to its player after a login; the node
  /// looks again for the player until a live node has the room, then sends them there.
  @Test func nobodyIsSentToANodeThatIsDown() async throws {
    let owner = LockIsolated(RoomPlacement(room: "room-far", url: "ws://dead/", retryAfter: 1))
    let server = TestGameServer(games: .standard) {
      $0.cluster = Self.cluster(
        placement: { player in player.rawValue.hasPrefix("guest-") ? owner.value : nil },
        location: { room in room == "room-far" ? owner.value : nil })
    }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    _ = try await ada.receive(\.welcome)
    let error = try await ada.receive(\.error)
    #expect(error.code == "unavailable" && error.retryAfter == 1 && error.requestID == nil)
    let id = await ada.send(.spectate(room: "room-far"))
    let watching = try await ada.receive(\.error)
    #expect(watching.code == "unavailable" && watching.retryAfter == 1 && watching.requestID == id)
    // Still down a second later: looked at again, and nothing more is said.
    await server.clock.advance(by: .seconds(1))
    #expect(!ada.messages().contains { $0.type == "moved" || $0.type == "error" })
    // Taken over by a live node: the player is sent there.
    owner.setValue(RoomPlacement(room: "room-far", url: "ws://live/"))
    await server.clock.advance(by: .seconds(1))
    let moved = try await ada.receive(\.moved)
    #expect(moved.0 == "room-far" && moved.url == "ws://live/")
    await server.clock.advance(by: .seconds(5))
    #expect(ada.messages().isEmpty)
  }

  /// One seat per player in the whole cluster: a player with a seat in a room on another node
  /// who asks for another game is told `already_in_room` and sent to the room they have, and
  /// nothing is queued or opened here.
  @Test func aPlayerSeatedOnAnotherNodeGetsNoSecondSeat() async throws {
    let queue = LockIsolated<[QueueTicket]>([])
    let far = LockIsolated<RoomPlacement?>(nil)
    let server = TestGameServer(games: .standard) {
      $0.cluster = Self.cluster(placement: { _ in far.value }, queue: queue)
    }
    let bob = await server.connect()
    await bob.send(.guest(name: "bob"))
    _ = try await bob.receive(\.welcome)
    far.setValue(RoomPlacement(room: "room-1", url: "ws://a/"))
    for message in [
      ClientMessage.queue(GameChoice(game: "tictactoe")), .playBot(GameChoice(game: "tictactoe")),
      .createRoom(GameChoice(game: "tictactoe")), .joinRoom(code: "ABCDE"),
    ] {
      let id = await bob.send(message)
      let error = try await bob.receive(\.error)
      #expect(error.code == "already_in_room" && error.requestID == id && error.room == "room-1")
      #expect(try await bob.receive(\.moved).url == "ws://a/")
    }
    #expect(queue.value.isEmpty)
    #expect(server.state.rooms.isEmpty && server.state.matchmaking.privateRooms.isEmpty)
    // Once that room is over, the player may queue.
    far.setValue(nil)
    let id = await bob.send(.queue(GameChoice(game: "tictactoe")))
    #expect(try await bob.receive(\.queued).replyTo == id)
    #expect(queue.value.count == 1)
  }

  /// `queued` answers a `queue` only once the cluster stored its ticket: a ticket it could not
  /// store gets `unavailable` instead, and the player waits no more.
  @Test func queuedComesOnlyOnceTheTicketIsStored() async throws {
    let stored = LockIsolated(false)
    let (events, news) = AsyncStream.makeStream(of: ClusterEvent.self)
    let server = TestGameServer(games: .standard) {
      $0.cluster = ClusterClient(
        placement: { _ in nil }, location: { _ in nil }, events: { events },
        enqueue: { ticket in news.yield(stored.value ? .queued([ticket.player]) : .queueFailed([ticket.player])) })
    }
    let ada = await server.connect()
    await ada.send(.guest(name: "ada"))
    let player = try await ada.receive(\.welcome).player
    let id = await ada.send(.queue(GameChoice(game: "tictactoe")))
    let error = try await ada.receive(\.error)
    #expect(error.code == "unavailable" && error.requestID == id && error.retryAfter == 1)
    #expect(!ada.messages().contains { $0.type == "queued" })
    #expect(!server.state.matchmaking.isWaiting(player))
    stored.setValue(true)
    let again = await ada.send(.queue(GameChoice(game: "tictactoe")))
    let queued = try await ada.receive(\.queued)
    #expect(queued.replyTo == again && queued.0 == .ticTacToe)
    #expect(server.state.matchmaking.isWaiting(player))
  }

  /// A room this node takes over from a node that went down, while its player waits here after
  /// a login: the player is shown the room.
  @Test func aRoomTakenOverHereIsShownToItsPlayerWaitingHere() async throws {
    let down = LockIsolated<RoomPlacement?>(nil)
    let (events, news) = AsyncStream.makeStream(of: ClusterEvent.self)
    let first = TestGameServer(games: .standard)
    let ada = await first.connect()
    await ada.send(.guest(name: "ada"))
    let token = try await ada.receive(\.welcome).token
    await ada.send(.playBot(GameChoice(game: "tictactoe")))
    let room = try await ada.receive(\.room).0.room
    let logs = try await first.database.fetchRoomLogs()

    let server = TestGameServer(games: .standard, database: first.database) {
      $0.cluster = ClusterClient(placement: { _ in down.value }, location: { _ in nil }, events: { events })
    }
    down.setValue(RoomPlacement(room: room, url: "ws://dead/", retryAfter: 1))
    let back = await server.connect()
    await back.send(.resume(token: token))
    #expect(try await back.receive(\.welcome).room == nil)
    #expect(try await back.receive(\.error).retryAfter == 1)
    news.yield(.roomsTakenOver(logs))
    let view = try await back.receive(\.room).0
    #expect(view.room == room)
  }
}
