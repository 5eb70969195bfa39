import ComposableArchitecture
import Foundation
// The game server's own work per view, with no network: the root store on a store executor,
// the SQLite database in a temporary folder, the live client channel's JSON encoding, and bots
// that answer in protocol JSON decoded as the transport's handler decodes it. What is left out
// is libwebsockets and the kernel, which `game-load` measures with them.
//
// Usage: server-benchmark [connections] [seconds]
//        server-benchmark log [rooms] [commits]   (the room log's pages written: LogPages.swift)
import GameServerCAllocationCounter
import GameServerCatalog
import GameServerClock
import GameServerCore
import GameServerDatabase
import GameServerSQLite
import GameServerWire
import GameServerWordGrid

if CommandLine.arguments.dropFirst().first == "log" {
  try await LogPages.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
  exit(0)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Double($0) }
let connectionCount = max(2, Int(arguments.first ?? 64) / 2 * 2)
let seconds = arguments.dropFirst().first ?? 5
let warmUp = 1.0

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-benchmark-\(getpid())")
defer { try? FileManager.default.removeItem(at: folder) }
// NB: As the server does: a round's writes start committing when the round is over.
let commits = CommitWaiter()
let database = try DatabaseClient.sqlite(
  path: folder.appendingPathComponent("game-server.sqlite").path, commitPolicy: .whenAsked,
  onCommit: { commits.signal() })
let outbox = Outbox()
// NB: As the live channel does: JSON at once, then held until the line it shows is committed.
// The loop below releases what is committed each time round, where the server is woken by the
// database's commits.
let gate = CommitGate<(ConnectionID, ServerMessage, Int)>(
  status: database.roomLogStatus,
  deliver: { connection, message, bytes in
    outbox.bytes += bytes
    outbox.messages.append((connection, message))
  },
  schedule: { _ in })
let channel = ClientChannel(
  deliver: { connection, message, ticket in gate.send((connection, message, message.jsonBytes.count), after: ticket) }
)
let actor = StoreActor(executor: StoreExecutor(name: "server"))

let measured: MeasuredWindow = await actor.run { _ in
  let store = Store(initialState: Server.State(settings: Server.Settings())) {
    Server()
  } withDependencies: {
    $0.database = database
    $0.games = .standard
    $0.wordDictionary = WordDictionary(words: [])
    $0.clientChannel = channel
    $0.continuousClock = ServerClock()
  }
  store.send(.task)
  var players = InProcessPlayers()
  var playersCPU = 0.0
  var playersAllocations: UInt64 = 0
  func deliver(_ connection: ConnectionID, _ bytes: [UInt8]) {
    switch ClientRequest.decoding(bytes) {
    case let .success(request): store.send(.received(connection, request))
    case let .failure(error): fatalError("The bots sent a message the server cannot read: \(error)")
    }
  }
  for index in 0..<connectionCount {
    let connection = ConnectionID(rawValue: UInt64(index + 1))
    store.send(.connected(connection))
    deliver(connection, Array(ClientRequest(.guest(name: "bench\(index)")).json.utf8))
  }
  func snapshot() -> MeasuredWindow {
    let log = database.logStatistics()
    return MeasuredWindow(
      views: players.views, moves: players.moves, commits: log.commits, pages: log.pagesWritten ?? 0,
      threadCPU: CPUTime.thread - playersCPU,
      processCPU: CPUTime.process - playersCPU,
      allocations: tca_allocation_count() - playersAllocations,
      threadAllocations: tca_thread_allocation_count() - playersAllocations,
      wall: Date().timeIntervalSinceReferenceDate)
  }
  let start = Date().timeIntervalSinceReferenceDate
  var before: MeasuredWindow?
  while true {
    let now = Date().timeIntervalSinceReferenceDate
    if before == nil, now - start >= warmUp { before = snapshot() }
    if now - start >= warmUp + seconds { break }
    database.commitQueued()
    gate.release()
    let batch = outbox.messages
    outbox.messages.removeAll(keepingCapacity: true)
    for (connection, message) in batch {
      // NB: The players' own time (reading views) is a client's, not the server's: left out. It
      // runs on this thread without blocking, so its monotonic time is its CPU time.
      let (thinking, allocated) = (CPUTime.monotonic, tca_thread_allocation_count())
      let reply = players.reply(to: message, on: connection)
      playersCPU += CPUTime.monotonic - thinking
      playersAllocations += tca_thread_allocation_count() - allocated
      if let reply { deliver(connection, reply) }
    }
    // NB: Lets the store's effects and the database's answers run. With nothing to answer, it
    // waits for the commit its held messages need, as the server is woken by commits (the
    // lines the answers just queued are asked to commit first); idle time is not counted as
    // work. With nothing held either (a matchmaker's tick is due), it sleeps a little.
    if !outbox.messages.isEmpty {
      await Task.yield()
    } else if gate.heldCount > 0 {
      database.commitQueued()
      await commits.wait()
    } else {
      try? await Task.sleep(for: .microseconds(100))
    }
  }
  let after = snapshot()
  let first = before!
  return MeasuredWindow(
    views: after.views - first.views, moves: after.moves - first.moves, commits: after.commits - first.commits,
    pages: after.pages - first.pages, threadCPU: after.threadCPU - first.threadCPU,
    processCPU: after.processCPU - first.processCPU,
    allocations: after.allocations - first.allocations,
    threadAllocations: after.threadAllocations - first.threadAllocations, wall: after.wall - first.wall)
}
await database.flush()

guard measured.views > 0 else {
  print("No view was delivered in the measured window: the bots did not get to play.")
  exit(1)
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
let views = Double(max(1, measured.views))
print("Server in process: \(connectionCount) connections in rooms of 2, tic-tac-toe, \(format(seconds)) s")
print("")
print(
  "| views/s | moves/s | store thread µs per view | other threads µs per view | allocations per view (store thread / all) "
    + "| moves per commit | log pages per move |")
print("|--:|--:|--:|--:|--:|--:|--:|")
print(
  "| \(Int(Double(measured.views) / measured.wall)) | \(Int(Double(measured.moves) / measured.wall)) "
    + "| \(format(measured.threadCPU * 1_000_000 / views)) "
    + "| \(format((measured.processCPU - measured.threadCPU) * 1_000_000 / views)) "
    + "| \(format(Double(measured.threadAllocations) / views)) / \(format(Double(measured.allocations) / views)) "
    + "| \(format(Double(measured.moves) / Double(max(1, measured.commits)))) "
    + "| \(format(Double(measured.pages) / Double(max(1, measured.moves)), 2)) |")
