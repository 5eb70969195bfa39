import Foundation
import GameServerCluster
import GameServerDatabase
import GameServerGame
import GameServerPostgres
import GameServerPostgresTesting
import GameServerWire
import Testing

/// Two nodes of a cluster on one database: who owns a room, fenced writes, and taking over the
/// rooms of a node whose lease ran out.
@Suite(
  .disabled(if: !PostgresTestSupport.isRequiredOrAvailable, Comment(rawValue: ScratchPostgres.howToInstall)),
  .timeLimit(.minutes(1)))
struct PostgresClusterTests {
  static func line(_ sequence: Int, _ payload: String, seats: [PlayerID]? = nil) -> RoomLogEntry {
    var entry = RoomLogEntry(room: "room-1", sequence: sequence, payload: payload)
    entry.seatedPlayers = seats
    return entry
  }

  /// A queue's rule for these tests: the oldest two together.
  static let pairsOfTwo: QueuePairing = { waiting in
    stride(from: 0, to: waiting.count - 1, by: 2).map { index in
      ([waiting[index].ticket.player, waiting[index + 1].ticket.player], 0)
    }
  }

  /// A node's news up to the next that is not of a ticket stored: the players whose tickets
  /// were stored meanwhile, and that news.
  static func news(_ iterator: inout AsyncStream<ClusterEvent>.Iterator) async -> ([PlayerID], ClusterEvent?) {
    var queued: [PlayerID] = []
    while let event = await iterator.next() {
      guard case let .queued(players) = event else { return (queued, event) }
      queued += players
    }
    return (queued, nil)
  }

  static func ticket(_ player: PlayerID) -> QueueTicket {
    QueueTicket(
      player: player, name: player.rawValue, isGuest: true, rating: 1200, variant: GameVariant(game: "tictactoe"),
      seats: 2)
  }

  /// The queue is the cluster's: players waiting on two nodes meet in one room, on the node of
  /// the one who waited longest, with an id the database drew; a ticket taken back is not paired.
  @Test func playersOnTwoNodesAreMatchedOnTheNodeOfTheOldestTicket() async throws {
    let location = try await ScratchPostgres.shared().makeDatabase()
    let (_, nodeA) = try await DatabaseClient.postgresCluster(
      location, url: "ws://a/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    let (_, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    var newsOfA = nodeA.clusterClient.events().makeAsyncIterator()
    var newsOfB = nodeB.clusterClient.events().makeAsyncIterator()

    // A's player takes its ticket back before anyone else comes: it is never paired.
    nodeA.clusterClient.enqueue(Self.ticket("carl"))
    nodeA.clusterClient.leaveQueue("carl")
    nodeA.clusterClient.enqueue(Self.ticket("ann"))
    // NB: Ben comes once A's writer, which writes in order, has stored Ann's ticket (Carl's is
    // gone by then): had he come earlier, Carl, still waiting, could rightly have been paired.
    #expect(
      try await PostgresTestSupport.waitUntil(
        "SELECT count(*) FROM ticket WHERE player = 'ann'", counts: 1, in: location))
    #expect(
      try await ScratchPostgres.shared().count("SELECT count(*) FROM ticket WHERE player = 'carl'", in: location) == 0)
    nodeB.clusterClient.enqueue(Self.ticket("ben"))

    // Each node hears that its tickets are stored, then once of the match: the owner (the node
    // of whoever waited longest) gets the room, the other is told where its player's room is.
    guard case let (queuedOnA, .matched(roomsOfA, elsewhereOfA)?) = await Self.news(&newsOfA),
      case let (queuedOnB, .matched(roomsOfB, elsewhereOfB)?) = await Self.news(&newsOfB)
    else {
      Issue.record("A node heard of no match")
      return
    }
    #expect(queuedOnA == ["carl", "ann"])
    #expect(queuedOnB == ["ben"])
    let room = try #require((roomsOfA + roomsOfB).first)
    #expect(roomsOfA.count + roomsOfB.count == 1)
    #expect(Set(room.players.map(\.player)) == ["ann", "ben"])
    #expect(room.room.rawValue.wholeMatch(of: /room-[0-9a-f]{16}/) != nil)
    let ownerIsA = !roomsOfA.isEmpty
    #expect(room.players.first?.player == (ownerIsA ? "ann" : "ben"))
    let url = ownerIsA ? "ws://a/" : "ws://b/"
    if ownerIsA {
      #expect(elsewhereOfA.isEmpty)
      #expect(elsewhereOfB == ["ben": RoomPlacement(room: room.room, url: url)])
    } else {
      #expect(elsewhereOfB.isEmpty)
      #expect(elsewhereOfA == ["ann": RoomPlacement(room: room.room, url: url)])
    }
    let other = ownerIsA ? nodeB : nodeA
    #expect(try await other.clusterClient.location(room.room) == RoomPlacement(room: room.room, url: url))
    #expect(try await ScratchPostgres.shared().count("SELECT count(*) FROM ticket", in: location) == 0)
    #expect(try await ScratchPostgres.shared().count("SELECT count(*) FROM pending_room", in: location) == 0)
  }

  /// A private room's code is found from any node, until it is withdrawn.
  @Test func privateRoomCodesAreFoundFromEveryNode() async throws {
    let location = try await ScratchPostgres.shared().makeDatabase()
    let (_, nodeA) = try await DatabaseClient.postgresCluster(
      location, url: "ws://a/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    let (_, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    nodeA.clusterClient.publishPrivateRoom("K7QXD")
    // NB: The writer is ordered: once a ticket written after the code is in, so is the code.
    nodeA.clusterClient.enqueue(Self.ticket("zoe"))
    while try await ScratchPostgres.shared().count("SELECT count(*) FROM ticket", in: location) == 0 {
      await Task.yield()
    }
    #expect(try await nodeB.clusterClient.privateRoomLocation("K7QXD") == "ws://a/")
    #expect(try await nodeA.clusterClient.privateRoomLocation("K7QXD") == nil)
    #expect(try await nodeB.clusterClient.privateRoomLocation("AAAAA") == nil)
    nodeA.clusterClient.withdrawPrivateRoom("K7QXD")
    nodeA.clusterClient.leaveQueue("zoe")
    while try await ScratchPostgres.shared().count("SELECT count(*) FROM ticket", in: location) == 1 {
      await Task.yield()
    }
    #expect(try await nodeB.clusterClient.privateRoomLocation("K7QXD") == nil)
  }

  @Test func aNodeWritesOnlyToItsRoomsAndTakesOverThoseOfANodeWhoseLeaseRanOut() async throws {
    let scratch = try await ScratchPostgres.shared()
    let location = try await scratch.makeDatabase()
    // NB: The lease runs out by SQL below, not by waiting: a long one keeps a loaded machine,
    // whose heartbeats come late, from ending it earlier.
    let (a, nodeA) = try await DatabaseClient.postgresCluster(
      location, url: "ws://a/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    let (b, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    var newsOfA = nodeA.clusterClient.events().makeAsyncIterator()
    var newsOfB = nodeB.clusterClient.events().makeAsyncIterator()

    // A opens a room: it is A's, and a player of it is sent to A from B.
    a.appendRoomLog(Self.line(0, "snapshot", seats: ["ann", "ben"]))
    a.appendRoomLog(Self.line(1, "move"))
    await a.flush()
    #expect(a.roomLogStatus(RoomLogTicket(room: "room-1", sequence: 1)) == .committed)
    #expect(nodeA.ownedRooms == ["room-1"])
    #expect(try await nodeB.clusterClient.placement("ann") == RoomPlacement(room: "room-1", url: "ws://a/"))
    #expect(try await nodeA.clusterClient.placement("ann") == nil)
    #expect(try await nodeB.clusterClient.location("room-1") == RoomPlacement(room: "room-1", url: "ws://a/"))

    // B cannot write to A's room, and hears that A has it.
    b.appendRoomLog(Self.line(2, "not B's"))
    await b.flush()
    #expect(b.roomLogStatus(RoomLogTicket(room: "room-1", sequence: 2)) == .failed)
    #expect(await newsOfB.next() == .roomsLost(["room-1": RoomPlacement(room: "room-1", url: "ws://a/")]))

    // A's lease runs out (as if it had stopped): A gives its rooms up, and B takes the room
    // over with its log.
    try await scratch.execute(
      "UPDATE node SET lease_until = now() - interval '1 second' WHERE url = 'ws://a/'", in: location)
    let newsOfALease = await newsOfA.next()
    #expect(newsOfALease == .leaseLost)
    guard case let .roomsTakenOver(logs)? = await newsOfB.next() else {
      Issue.record("B took nothing over")
      return
    }
    #expect(logs["room-1"]?.map(\.payload) == ["snapshot", "move"])
    #expect(nodeB.ownedRooms == ["room-1"])

    // A cannot write to it any more; B can, and players are sent to B.
    a.appendRoomLog(Self.line(2, "A's, too late"))
    await a.flush()
    #expect(a.roomLogStatus(RoomLogTicket(room: "room-1", sequence: 2)) == .failed)
    // NB: B's own log of the room broke at 2, its line refused above: the snapshot that starts
    // it again comes after it, as a server's would.
    b.restartRoomLog(Self.line(3, "B's snapshot", seats: ["ann", "ben"]))
    b.appendRoomLog(Self.line(4, "B's move"))
    await b.flush()
    #expect(b.roomLogStatus(RoomLogTicket(room: "room-1", sequence: 4)) == .committed)
    #expect(try await b.fetchRoomLogs()["room-1"]?.map(\.payload) == ["B's snapshot", "B's move"])
    #expect(try await nodeA.clusterClient.placement("ben") == RoomPlacement(room: "room-1", url: "ws://b/"))

    // B closes the room: it leaves the directory.
    b.closeRoomLog("room-1")
    await b.flush()
    #expect(try await nodeA.clusterClient.placement("ben") == nil)
    #expect(nodeB.ownedRooms.isEmpty)
  }

  /// A node whose room another node holds now, at a higher epoch, before the node has heard of
  /// it (its commits of lines and games are one statement that checks the rooms itself): its
  /// line is refused, whole with the game it ends, and it hears where the room went.
  @Test func aNodeThatStillThinksItHoldsARoomCannotWriteToIt() async throws {
    let scratch = try await ScratchPostgres.shared()
    let location = try await scratch.makeDatabase()
    let (a, nodeA) = try await DatabaseClient.postgresCluster(
      location, url: "ws://a/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    let (_, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    var newsOfA = nodeA.clusterClient.events().makeAsyncIterator()
    // NB: A game ends with the move: A knows Ann's and Ben's ratings from then on.
    let game = GameRecord(
      room: "room-1", variant: GameVariant(game: "tictactoe"), players: ["ann", "ben"], names: ["Ann", "Ben"], bots: [],
      winners: ["ann"], moves: "[]")
    var move = Self.line(1, "move")
    move.finishedGame = game
    a.appendRoomLog(Self.line(0, "snapshot", seats: ["ann", "ben"]))
    a.appendRoomLog(move)
    await a.flush()
    #expect(a.roomLogStatus(RoomLogTicket(room: "room-1", sequence: 1)) == .committed)

    try await scratch.execute(
      "UPDATE room SET owner = (SELECT id FROM node WHERE url = 'ws://b/'), epoch = epoch + 1 WHERE id = 'room-1'",
      in: location)
    #expect(nodeA.ownedRooms == ["room-1"])
    var last = Self.line(2, "A's, too late")
    last.finishedGame = game
    a.appendRoomLog(last)
    await a.flush()
    #expect(a.roomLogStatus(RoomLogTicket(room: "room-1", sequence: 2)) == .failed)
    #expect(await newsOfA.next() == .roomsLost(["room-1": RoomPlacement(room: "room-1", url: "ws://b/")]))
    #expect(nodeA.ownedRooms.isEmpty)
    #expect(try await a.fetchRoomLogs()["room-1"]?.map(\.payload) == ["snapshot", "move"])
    #expect(try await a.fetchGames("ann", 10).count == 1)
    _ = nodeB
  }

  /// Wrong passwords count on every node, and a login on one node is heard by the others (not
  /// by itself).
  @Test func loginsAreTheClusters() async throws {
    let location = try await ScratchPostgres.shared().makeDatabase()
    let (_, nodeA) = try await DatabaseClient.postgresCluster(
      location, url: "ws://a/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    let (_, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    let now = Date(timeIntervalSince1970: 1_000_000)
    for _ in 0..<4 { try await nodeA.clusterClient.failedLogin("Alice", now, 5, 60) }
    #expect(try await nodeB.clusterClient.lockedUntil("alice", now) == nil)
    try await nodeB.clusterClient.failedLogin("ALICE", now, 5, 60)
    #expect(try await nodeA.clusterClient.lockedUntil("alice", now) == now.addingTimeInterval(60))
    // Past the lockout, the count starts again.
    let later = now.addingTimeInterval(61)
    #expect(try await nodeA.clusterClient.lockedUntil("alice", later) == nil)
    try await nodeA.clusterClient.failedLogin("alice", later, 5, 60)
    #expect(try await nodeB.clusterClient.lockedUntil("alice", later) == nil)
    try await nodeB.clusterClient.succeededLogin("alice")

    var newsOfB = nodeB.clusterClient.events().makeAsyncIterator()
    try await nodeA.clusterClient.loggedIn("guest-1", ConnectionID(rawValue: 1))
    try await nodeB.clusterClient.loggedIn("guest-2", ConnectionID(rawValue: 1))
    try await nodeA.clusterClient.loggedIn("guest-3", ConnectionID(rawValue: 1))
    #expect(await newsOfB.next() == .loggedInElsewhere("guest-1"))
    #expect(await newsOfB.next() == .loggedInElsewhere("guest-3"))
  }

  /// A node that is down (its lease ran out) as the table of nodes sees it, with a ticket or a
  /// room of its own: made by SQL, as a node killed with SIGKILL leaves it.
  static func deadNode(_ url: String, in location: PostgresLocation) async throws -> Int64 {
    let scratch = try await ScratchPostgres.shared()
    try await scratch.execute(
      "INSERT INTO node (url, lease_until) VALUES ('\(url)', now() - interval '10 seconds')", in: location)
    return Int64(try await scratch.count("SELECT id FROM node WHERE url = '\(url)'", in: location))
  }

  /// Pairing reads only the tickets of live nodes, so no room goes to a node that is down and
  /// nobody is sent there; a node that is down leaves its tickets, paired or not, to be swept;
  /// and its player, back on a live node, queues and is told `queued` only once the ticket is
  /// stored.
  @Test func roomsGoOnlyToLiveNodesAndADeadNodesTicketsAreSwept() async throws {
    let scratch = try await ScratchPostgres.shared()
    let location = try await scratch.makeDatabase()
    let (_, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    var newsOfB = nodeB.clusterClient.events().makeAsyncIterator()
    let dead = try await Self.deadNode("ws://dead/", in: location)
    let json = { (player: String) in
      String(decoding: try! JSONEncoder().encode(Self.ticket(PlayerID(rawValue: player))), as: UTF8.self)
    }
    // Pat waited on the node that went down; Pia's ticket there was paired to a room that never
    // opened.
    try await scratch.execute(
      """
      INSERT INTO ticket (player, node, variant, ticket, enqueued_at, room) VALUES
        ('pat', \(dead), 'tictactoe', '\(json("pat"))', now() - interval '1 minute', NULL),
        ('pia', \(dead), 'tictactoe', '\(json("pia"))', now() - interval '1 minute', 'room-never')
      """,
      in: location)
    nodeB.clusterClient.enqueue(Self.ticket("quinn"))
    #expect(await newsOfB.next() == .queued(["quinn"]))
    // The sweep (every heartbeat) takes the dead node's tickets; Quinn, alone, is not paired.
    #expect(
      try await PostgresTestSupport.waitUntil(
        "SELECT count(*) FROM ticket WHERE node = \(dead)", counts: 0, in: location))
    #expect(try await scratch.count("SELECT count(*) FROM room", in: location) == 0)
    #expect(
      try await scratch.count("SELECT count(*) FROM ticket WHERE player = 'quinn' AND room IS NULL", in: location) == 1)

    // Pia's paired ticket left by a dead node never keeps her out of the queue.
    try await scratch.execute(
      """
      INSERT INTO ticket (player, node, variant, ticket, room) VALUES ('pia', \(dead), 'tictactoe', '\(json("pia"))', 'room-never')
      """,
      in: location)
    nodeB.clusterClient.enqueue(Self.ticket("pia"))
    guard case let (queued, .matched(rooms, _)?) = await Self.news(&newsOfB) else {
      Issue.record("Pia was not matched")
      return
    }
    #expect(queued == ["pia"])
    #expect(rooms.map { Set($0.players.map(\.player)) } == [["quinn", "pia"]])
    #expect(nodeB.clusterClient.isClustered)
  }

  /// A room the shared queue made for a node that went down before opening it is not lost: a
  /// live node takes it over, opens it, and writes its log.
  @Test func aRoomPairedToANodeThatWentDownIsTakenOverAndOpened() async throws {
    let scratch = try await ScratchPostgres.shared()
    let location = try await scratch.makeDatabase()
    let (b, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    var newsOfB = nodeB.clusterClient.events().makeAsyncIterator()
    let dead = try await Self.deadNode("ws://dead/", in: location)
    let match = SharedMatch(
      room: "room-pending", variant: GameVariant(game: "tictactoe"), players: [Self.ticket("dan"), Self.ticket("ann")],
      bots: 0)
    let matchJSON = String(decoding: try JSONEncoder().encode(match), as: UTF8.self)
    // NB: One statement, as the pairer writes it: B, running, sees all of it or none.
    try await scratch.execute(
      """
      WITH opened AS (INSERT INTO room (id, owner, epoch) VALUES ('room-pending', \(dead), 1)),
      pending AS (INSERT INTO pending_room (id, owner, match) VALUES ('room-pending', \(dead), '\(matchJSON)'))
      INSERT INTO room_player (room, player) VALUES ('room-pending', 'dan'), ('room-pending', 'ann')
      """,
      in: location)
    guard case let (_, .matched(rooms, elsewhere)?) = await Self.news(&newsOfB) else {
      Issue.record("B opened no room")
      return
    }
    #expect(rooms.map(\.room) == ["room-pending"])
    #expect(elsewhere.isEmpty)
    // B opens it: its first line is B's to write. (NB: B may hear of the room before it has
    // noted the take-over itself: its first write holds it at the directory's epoch.)
    b.appendRoomLog(Self.line(0, "snapshot", seats: ["dan", "ann"]).with(room: "room-pending"))
    await b.flush()
    #expect(b.roomLogStatus(RoomLogTicket(room: "room-pending", sequence: 0)) == .committed)
    #expect(nodeB.ownedRooms == ["room-pending"])
    #expect(try await scratch.count("SELECT epoch FROM room WHERE id = 'room-pending'", in: location) == 2)
    #expect(try await scratch.count("SELECT count(*) FROM pending_room", in: location) == 0)
  }

  /// A room whose node is down is placed with a wait instead of an address; once a live node has
  /// taken it over, with that node's address.
  @Test func aRoomWhoseNodeIsDownIsPlacedWithAWait() async throws {
    let scratch = try await ScratchPostgres.shared()
    let location = try await scratch.makeDatabase()
    let (a, nodeA) = try await DatabaseClient.postgresCluster(
      location, url: "ws://a/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    let (_, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    var newsOfA = nodeA.clusterClient.events().makeAsyncIterator()
    a.appendRoomLog(Self.line(0, "snapshot", seats: ["ann", "ben"]))
    await a.flush()
    #expect(try await nodeB.clusterClient.placement("ann") == RoomPlacement(room: "room-1", url: "ws://a/"))
    // A's lease runs out; B sees it at once, before anyone took the room over.
    try await scratch.execute(
      "UPDATE node SET lease_until = now() - interval '1 second' WHERE url = 'ws://a/'", in: location)
    // NB: B may have taken the room over already (then it is B's own: no placement).
    let placement = try await nodeB.clusterClient.placement("ann")
    #expect(placement == nil || placement == RoomPlacement(room: "room-1", url: "ws://a/", retryAfter: 1))
    #expect(await newsOfA.next() == .leaseLost)
    #expect(
      try await PostgresTestSupport.waitUntil(
        "SELECT count(*) FROM room WHERE owner = (SELECT id FROM node WHERE url = 'ws://b/')", counts: 1, in: location))
    // Taken over by B: from A (a node again, under a new id) the room is at B.
    #expect(
      try await PostgresTestSupport.waitUntil(
        "SELECT count(*) FROM node WHERE url = 'ws://a/' AND lease_until > now()", counts: 1, in: location))
    #expect(try await nodeA.clusterClient.placement("ann") == RoomPlacement(room: "room-1", url: "ws://b/"))
  }

  /// A player who leaves a room for good is seated there no more in the directory: another node
  /// does not send them back to it, and the queue may pair them again.
  @Test func aPlayerWhoLeftIsNoLongerSeated() async throws {
    let scratch = try await ScratchPostgres.shared()
    let location = try await scratch.makeDatabase()
    let (a, _) = try await DatabaseClient.postgresCluster(
      location, url: "ws://a/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    let (_, nodeB) = try await DatabaseClient.postgresCluster(
      location, url: "ws://b/", lease: .seconds(5), pairing: Self.pairsOfTwo)
    a.appendRoomLog(Self.line(0, "snapshot", seats: ["ann", "ben"]))
    var leave = Self.line(1, "ben leaves")
    leave.leftPlayers = ["ben"]
    a.appendRoomLog(leave)
    await a.flush()
    #expect(a.roomLogStatus(RoomLogTicket(room: "room-1", sequence: 1)) == .committed)
    #expect(try await nodeB.clusterClient.placement("ben") == nil)
    #expect(try await nodeB.clusterClient.placement("ann") == RoomPlacement(room: "room-1", url: "ws://a/"))
    var back = Self.line(2, "ben is back")
    back.seatedPlayers = ["ben"]
    a.appendRoomLog(back)
    await a.flush()
    #expect(try await nodeB.clusterClient.placement("ben") == RoomPlacement(room: "room-1", url: "ws://a/"))
  }
}

extension RoomLogEntry {
  /// The same line for another room.
  func with(room: RoomID) -> RoomLogEntry {
    var entry = RoomLogEntry(room: room, sequence: self.sequence, payload: self.payload)
    entry.seatedPlayers = self.seatedPlayers
    return entry
  }
}
