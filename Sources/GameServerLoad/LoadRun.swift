import Foundation
import GameServerGame
import GameServerTicTacToe
import GameServerTransport
import GameServerWire
import GameServerWordGrid
import HeapModule
import Synchronization

/// What the load's client threads share: the counts, the latencies measured, whether the
/// measured window is open, and when each room's last move left (a room's two players may be
/// on different threads).
final class LoadTally: Sendable {
  let latencies = Mutex<[UInt64]>([])
  let measuring = Atomic<Bool>(false)
  let counters = Mutex((opened: 0, loggedIn: 0, moves: 0, views: 0))
  let lastMoveSent = Mutex<[String: UInt64]>([:])
}

/// The clients of one thread of a measured load run, against one server or the nodes of a
/// cluster (connections spread over them; a player sent to another node, `moved`, connects
/// there and resumes). ``measure(_:seconds:)`` runs several at once, one thread each, so that
/// the load is not bounded by one core.
final class LoadRun: @unchecked Sendable {
  let clients: WebSocketClients
  /// Which of the run's threads this is: in the guests' names.
  let shard: Int
  let tally: LoadTally
  let ports: [Int]
  let serverPIDs: [Int32]
  let count: Int
  let idle: Bool
  let game: LoadGame
  /// Open loop: each room moves once per this many nanoseconds, the players alternating,
  /// instead of as fast as the protocol allows.
  let moveInterval: UInt64?
  private var generator: SeededRandomNumberGenerator
  /// Open loop: the moves waiting for their time, earliest first.
  private var pacedMoves = Heap<PacedMove>()

  // Service-thread state.
  private var pendingMoveSince: [Int: UInt64] = [:]
  private var wordGridPlayers: [Int: WordGridPlayer] = [:]
  /// The board-game position (game and move number) each client last moved in.
  private var movedAt: [Int: [JSONValue?]] = [:]
  /// The game number each client last asked a rematch of.
  private var rematchAsked: [Int: JSONValue] = [:]
  /// Each client's session token.
  private var tokens: [Int: String] = [:]
  /// Tokens to resume with on the next connections opened to a port (players sent there).
  private var resumes: [Int: [String]] = [:]
  /// Clients that resumed: their welcome does not start a game.
  private var resumed: Set<Int> = []

  init(
    ports: [Int], serverPIDs: [Int32], connections: Int, idle: Bool, game: LoadGame, moveInterval: Duration? = nil,
    eventLoop: TransportConfiguration.EventLoop = .poll, sourceAddresses: [String] = [], shard: Int = 0,
    tally: LoadTally = LoadTally()
  ) throws {
    self.shard = shard
    self.tally = tally
    self.generator = SeededRandomNumberGenerator(seed: UInt64(1 + shard))
    self.game = game
    self.moveInterval = moveInterval.map { UInt64($0 / .nanoseconds(1)) }
    self.clients = WebSocketClients(
      host: "127.0.0.1", port: ports[0], sourceAddresses: sourceAddresses, eventLoop: eventLoop)
    self.ports = ports
    self.serverPIDs = serverPIDs
    self.count = connections
    self.idle = idle
  }

  /// Starts this thread's clients (and, open loop, its pacing: a wake-up at least every 2 ms to
  /// send the moves due).
  private func start() throws {
    try self.clients.start { [self] client, event in
      self.handle(client, event)
    } onTick: { [self] in
      self.sendDueMoves()
    }
    guard self.moveInterval != nil else { return }
    Thread { [self] in
      while self.pacing.load(ordering: .acquiring) {
        usleep(2_000)
        self.clients.wake()
      }
    }.start()
  }

  private let pacing = Atomic<Bool>(true)

  private func stop() {
    self.pacing.store(false, ordering: .releasing)
    self.clients.stop()
  }

  /// Opens `count` connections, spread over the servers (the first to the first server).
  private func open(_ count: Int) {
    for (index, port) in self.ports.enumerated() {
      let share = count / self.ports.count + (index < count % self.ports.count ? 1 : 0)
      if share > 0 { self.clients.open(count: share, port: port) }
    }
  }

  /// Logs every run's connections in, lets the first games start, then measures a window of
  /// `seconds` across all of them (the runs share one ``LoadTally``, and the first's servers
  /// are measured).
  static func measure(_ runs: [LoadRun], seconds: Double) throws -> LoadReport {
    let first = runs[0]
    let tally = first.tally
    let baseline = ProcessStats(pids: first.serverPIDs)
    var started: [LoadRun] = []
    defer { for run in started { run.stop() } }
    for run in runs {
      try run.start()
      started.append(run)
    }
    // NB: Connections open in batches so the server's accept queue is not overrun; each batch
    // to the next thread in turn.
    var opened = Array(repeating: 0, count: runs.count)
    var total = 0
    var turn = 0
    while let next = (0..<runs.count).map({ (turn + $0) % runs.count }).first(where: { opened[$0] < runs[$0].count }) {
      let batch = min(256, runs[next].count - opened[next])
      runs[next].open(batch)
      opened[next] += batch
      total += batch
      turn = next + 1
      let target = total
      while tally.counters.withLock({ $0.loggedIn }) < target { usleep(2_000) }
    }
    if !first.idle {
      // Let the first games start, then measure a window.
      usleep(500_000)
    }
    let start = ProcessStats(pids: first.serverPIDs)
    let before = tally.counters.withLock { $0 }
    tally.measuring.store(true, ordering: .releasing)
    let startTime = Date()
    usleep(useconds_t(seconds * 1_000_000))
    let elapsed = Date().timeIntervalSince(startTime)
    let after = tally.counters.withLock { $0 }
    let end = ProcessStats(pids: first.serverPIDs)
    tally.measuring.store(false, ordering: .releasing)
    let latencies = tally.latencies.withLock { $0 }
    return LoadReport(
      connections: total, idle: first.idle, openLoop: first.moveInterval != nil, seconds: elapsed,
      moves: after.moves - before.moves, views: after.views - before.views,
      latencies: latencies, cpuSeconds: end.cpuSeconds - start.cpuSeconds,
      kernelSeconds: end.kernelSeconds - start.kernelSeconds,
      residentBefore: baseline.residentBytes, residentAfter: end.residentBytes)
  }

  private func handle(_ client: Int, _ event: WebSocketClients.Event) {
    switch event {
    case .opened:
      self.tally.counters.withLock { $0.opened += 1 }
      if let port = self.clients.port(of: client), let token = self.resumes[port]?.popLast() {
        self.resumed.insert(client)
        self.send(client, ClientRequest(.resume(token: token)).json)
      } else {
        self.send(client, ClientRequest(.guest(name: "load\(self.shard)-\(client % 100000)")).json)
      }
    case let .message(bytes):
      self.receive(client, bytes)
    case .closed:
      break
    }
  }

  private func receive(_ client: Int, _ bytes: [UInt8]) {
    // NB: The load generator shares the machine with the server: it reads views with the same
    // lean parser the server uses, not Foundation's decoder, so that it takes less of the CPU.
    guard let message = try? JSONParser.parse(bytes), case let .string(type)? = message["type"] else { return }
    switch type {
    case "welcome":
      self.tokens[client] = message["token"]?.string
      // NB: A player who resumed where their room is waits for its view.
      guard !self.resumed.contains(client) else { return }
      self.tally.counters.withLock { $0.loggedIn += 1 }
      if !self.idle { self.send(client, self.game.queueMessage) }
    case "moved":
      guard let url = message["url"]?.string, let port = Self.port(of: url), let token = self.tokens[client] else {
        return
      }
      self.resumes[port, default: []].append(token)
      self.forget(client)
      self.clients.close(client)
      self.clients.open(count: 1, port: port)
    case "error":
      self.wordGridPlayers[client]?.refused()
    case "room" where message["game"]?.string == "wordgrid":
      self.tally.counters.withLock { $0.views += 1 }
      self.receiveWordGrid(client, bytes)
    // NB: By name: a room of a game these bots do not play is not read as theirs.
    case "room" where message["game"]?.string == self.game.id:
      guard let view = message["view"] else { return }
      self.tally.counters.withLock { $0.views += 1 }
      self.recordLatency(client)
      let you = view["you"]?.string
      if view["outcome"]?.isNull == false {
        let rematchRequests = view["rematchRequests"]?.array ?? []
        // NB: Once per game: a later view of the same ended game (the other's request) must
        // not ask again after the new game may have started.
        if !rematchRequests.contains(where: { $0.string == you }), self.rematchAsked[client] != view["gameNumber"] {
          self.rematchAsked[client] = view["gameNumber"]
          self.send(client, Self.rematch)
        }
      } else if let you, view["turn"]?.string == you,
        case let position = [view["gameNumber"], view["moveNumber"]], self.movedAt[client] != position,
        let rows = view["board"]?.array?.compactMap(\.string),
        let move = self.game.boardMove(rows: rows, as: you, using: &self.generator)
      {
        // NB: One move per position: a second view of the same position (a rematch request
        // seen, say) must not send a move the server would refuse.
        self.movedAt[client] = position
        if let interval = self.moveInterval, let room = message["room"]?.string {
          self.pace(move, by: client, in: room, interval: interval)
        } else {
          self.pendingMoveSince[client] = now()
          self.tally.counters.withLock { $0.moves += 1 }
          self.send(client, move)
        }
      }
    default:
      break
    }
  }

  /// Open loop: queues a move for a room's next second (the first one at a random point of the
  /// first second, so that the rooms do not all move at once).
  private func pace(_ move: String, by client: Int, in room: String, interval: UInt64) {
    let now = now()
    let due =
      if let last = self.tally.lastMoveSent.withLock({ $0[room] }) {
        max(now, last + interval)
      } else {
        now + UInt64.random(in: 0..<interval, using: &self.generator)
      }
    self.pacedMoves.insert(PacedMove(due: due, client: client, room: room, text: move))
  }

  /// Open loop, on each round of the service thread: sends the moves whose time has come.
  private func sendDueMoves() {
    guard self.moveInterval != nil else { return }
    let now = now()
    while let next = self.pacedMoves.min, next.due <= now {
      self.pacedMoves.removeMin()
      self.tally.lastMoveSent.withLock { $0[next.room] = now }
      self.pendingMoveSince[next.client] = now
      self.tally.counters.withLock { $0.moves += 1 }
      self.send(next.client, next.text)
    }
  }

  private func receiveWordGrid(_ client: Int, _ bytes: [UInt8]) {
    guard case let .wordGrid(bot, dictionary) = self.game.kind,
      let view = try? JSONDecoder().decode(WordGridMessage.self, from: Data(bytes)).view
    else { return }
    var player = self.wordGridPlayers[client] ?? WordGridPlayer()
    if player.answers(view) { self.recordLatency(client) }
    switch player.reply(to: view, bot: bot, dictionary: dictionary, using: &self.generator) {
    case let .move(text):
      self.pendingMoveSince[client] = now()
      self.tally.counters.withLock { $0.moves += 1 }
      self.send(client, text)
    case .leaveAndQueue:
      self.send(client, ClientRequest(.leaveRoom).json)
      self.send(client, self.game.queueMessage)
    case .wait:
      break
    }
    self.wordGridPlayers[client] = player
  }

  private func recordLatency(_ client: Int) {
    if let since = self.pendingMoveSince.removeValue(forKey: client), self.tally.measuring.load(ordering: .acquiring) {
      let latency = now() - since
      self.tally.latencies.withLock { $0.append(latency) }
    }
  }

  /// Drops what is kept of a client that moved to another server.
  private func forget(_ client: Int) {
    self.tokens[client] = nil
    self.resumed.remove(client)
    self.pendingMoveSince[client] = nil
    self.wordGridPlayers[client] = nil
    self.movedAt[client] = nil
    self.rematchAsked[client] = nil
  }

  /// The port of a `ws://HOST:PORT/` address.
  static func port(of url: String) -> Int? {
    guard let authority = url.split(separator: "/").dropFirst().first, let port = authority.split(separator: ":").last
    else { return nil }
    return Int(port)
  }

  /// Both board games' rematch: the same message.
  private static let rematch = ClientRequest(.move(TicTacToe.self, .rematch)).json

  private func send(_ client: Int, _ text: String) {
    self.clients.send(client, Array(text.utf8))
  }
}

private func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// An open-loop move waiting for its time.
private struct PacedMove: Comparable {
  var due: UInt64
  var client: Int
  var room: String
  var text: String

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.due < rhs.due }
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.due == rhs.due && lhs.client == rhs.client }
}

/// The parts of server messages the load bots read.

private struct WordGridMessage: Decodable {
  var view: WordGridView
}
