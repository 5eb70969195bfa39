import ComposableArchitecture
import GameServerCore
import GameServerGame
import GameServerLogin
import GameServerTransport
import GameServerWire
import Testing

@testable import GameServerApp

/// Service threads as queues a test runs one job at a time, in the order it picks.
private final class QueuedThreads: ShardThreads, @unchecked Sendable {
  let threads: Int
  var queues: [[@Sendable () -> Void]]
  var closed: Set<UInt64> = []

  init(threads: Int) {
    self.threads = threads
    self.queues = Array(repeating: [], count: threads)
  }

  func thread(of connection: UInt64) -> Int { Int(connection % UInt64(self.threads)) }
  func schedule(onThread thread: Int, _ work: @escaping @Sendable () -> Void) { self.queues[thread].append(work) }
  func isOpen(_ connection: UInt64) -> Bool { !self.closed.contains(connection) }

  /// Runs the next job of a thread; false when it has none.
  @discardableResult
  func runNext(on thread: Int) -> Bool {
    guard !self.queues[thread].isEmpty else { return false }
    self.queues[thread].removeFirst()()
    return true
  }

  func drain() {
    while let thread = self.queues.indices.first(where: { !self.queues[$0].isEmpty }) { self.runNext(on: thread) }
  }
}

/// What the shards' stores got, in the order they got it (one job runs at a time).
private final class Deliveries: @unchecked Sendable {
  /// The message numbers each store took, in order across the stores.
  var taken: [(shard: Int, number: Int)] = []
  /// The shard that has the connection: the last that adopted it (nil while it is on its way).
  var owner: Int?
  var misdelivered: [String] = []
  var adoptions: [Int] = []
}

private func number(of action: Server.Action) -> Int? {
  guard case let .received(_, request) = action, let id = request.id else { return nil }
  return Int(id)
}

/// The shards' stores as a test sees them: each message taken is noted, and one may hand the
/// connection over (as a match on another shard does).
private final class Stores: @unchecked Sendable {
  let deliveries: Deliveries
  let handOver: @Sendable (Int) -> Int?
  var router: ShardRouter?

  init(deliveries: Deliveries, handOver: @escaping @Sendable (Int) -> Int?) {
    self.deliveries = deliveries
    self.handOver = handOver
  }

  func take(_ shard: Int, _ action: Server.Action) {
    if case .adopted = action {
      self.deliveries.owner = shard
      self.deliveries.adoptions.append(shard)
      return
    }
    guard let number = number(of: action) else { return }
    if self.deliveries.owner != shard {
      self.deliveries.misdelivered.append("\(number) to \(shard), owner \(String(describing: self.deliveries.owner))")
    }
    self.deliveries.taken.append((shard, number))
    if let target = self.handOver(number), target != shard {
      self.deliveries.owner = nil
      let connection = ConnectionID(rawValue: 5)
      self.router?.handOver(
        connection, from: shard, to: target, adoption: .adopted(connection, ShardRouterTests.adoption))
    }
  }
}

/// ``ShardRouter``: a connection's events reach the shard that has it, each once and in order,
/// however hand-overs and the threads' jobs interleave.
@Suite struct ShardRouterTests {
  static let adoption = Server.Adoption(identity: Identity(player: "ada", name: "ada", isGuest: true), tokenHash: nil)

  private func router(
    _ threads: QueuedThreads, _ deliveries: Deliveries, handOver: @escaping @Sendable (Int) -> Int? = { _ in nil }
  ) -> ShardRouter {
    let stores = Stores(deliveries: deliveries, handOver: handOver)
    let router = ShardRouter(
      threads: threads, stores: threads.threads,
      decode: { event in
        guard case let .message(id, bytes) = event else {
          return .disconnected(ConnectionID(rawValue: event.connection.rawValue))
        }
        return .received(
          ConnectionID(rawValue: id.rawValue), ClientRequest(id: String(decoding: bytes, as: UTF8.self), .cancelQueue))
      },
      handle: { shard, event in
        guard case let .message(id, bytes) = event else { return }
        stores.take(
          shard,
          .received(
            ConnectionID(rawValue: id.rawValue), ClientRequest(id: String(decoding: bytes, as: UTF8.self), .cancelQueue)
          ))
      },
      deliver: { shard, action in stores.take(shard, action) })
    stores.router = router
    return router
  }

  /// The race a hand-over must survive: a message sent to the old shard before the connection's
  /// thread heard of the hand-over (still in that shard's queue), and a later one sent to the new
  /// shard, which gets there first.
  @Test func messagesKeepTheirOrderAcrossAHandOver() {
    let threads = QueuedThreads(threads: 3)
    let deliveries = Deliveries()
    deliveries.owner = 2
    // Connection 5 is on thread 2. Shard 2 hands it to shard 1 when it takes message 1, and
    // shard 1 to shard 0 when it takes message 2.
    let router = self.router(threads, deliveries) { [1: 1, 2: 0][$0] }
    let message = { (n: Int) in TransportEvent.message(WebSocketID(rawValue: 5), Array(String(n).utf8)) }
    router.route(message(1), onThread: 2)  // taken by shard 2, which hands over to 1
    threads.runNext(on: 2)  // thread 2 hears of it
    threads.runNext(on: 1)  // shard 1 adopts
    router.route(message(2), onThread: 2)  // to shard 1
    router.route(message(3), onThread: 2)  // to shard 1
    threads.runNext(on: 1)  // shard 1 takes 2, and hands over to 0; 3 waits in its queue
    threads.runNext(on: 2)  // thread 2 hears of it
    router.route(message(4), onThread: 2)  // to shard 0, before 3
    threads.runNext(on: 0)  // shard 0 adopts
    threads.runNext(on: 0)  // 4 came early: held
    #expect(deliveries.taken.map(\.number) == [1, 2])
    threads.drain()  // shard 1 passes 3 on; shard 0 takes 3, then 4
    router.route(message(5), onThread: 2)
    threads.drain()
    #expect(deliveries.taken.map(\.number) == [1, 2, 3, 4, 5])
    #expect(deliveries.taken.map(\.shard) == [2, 1, 0, 0, 0])
    #expect(deliveries.misdelivered.isEmpty)
    // Shards 2 and 1 pass on what still comes for the connection until it closes.
    #expect(router.lanes[2].forwarding == [5: 1] && router.lanes[1].forwarding == [5: 0])
    threads.closed.insert(5)
    router.route(.disconnected(WebSocketID(rawValue: 5)), onThread: 2)
    threads.drain()
    #expect(router.lanes.allSatisfy { $0.outgoing.isEmpty && $0.held.isEmpty && $0.forwarding.isEmpty })
  }

  /// Random interleavings of the threads' jobs and of hand-overs between three shards (some
  /// handed on again before the first was confirmed): every message is taken once, in order,
  /// by the shard that has the connection; once it closes, no route or forwarding is left.
  @Test(arguments: 1...40) func anyInterleavingKeepsTheOrder(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let threads = QueuedThreads(threads: 3)
    let deliveries = Deliveries()
    deliveries.owner = 2
    var planned: [Int: Int] = [:]
    for number in 1...60 where random.next() % 4 == 0 { planned[number] = Int(random.next() % 3) }
    let plan = planned
    let router = self.router(threads, deliveries) { plan[$0] }
    var next = 1
    while next <= 60 || threads.queues.contains(where: { !$0.isEmpty }) {
      let pick = Int(random.next() % 4)
      if pick == 3 || threads.queues[pick].isEmpty {
        guard next <= 60 else { continue }
        router.route(.message(WebSocketID(rawValue: 5), Array(String(next).utf8)), onThread: 2)
        next += 1
      } else {
        threads.runNext(on: pick)
      }
    }
    #expect(deliveries.taken.map(\.number) == Array(1...60))
    #expect(deliveries.misdelivered.isEmpty, "\(deliveries.misdelivered)")
    threads.closed.insert(5)
    router.route(.disconnected(WebSocketID(rawValue: 5)), onThread: 2)
    threads.drain()
    #expect(router.lanes.allSatisfy { $0.outgoing.isEmpty && $0.held.isEmpty && $0.forwarding.isEmpty })
  }
}
