import ComposableArchitecture
import GameServerCore
import GameServerTransport
import GameServerWire
import Synchronization

/// The service threads as ``ShardRouter`` uses them: the transport's, or a test's.
protocol ShardThreads: AnyObject, Sendable {
  /// How many service threads.
  var threads: Int { get }
  /// The thread a connection is on.
  func thread(of connection: UInt64) -> Int
  /// Runs `work` on thread `thread`, after what was scheduled there before it (never at once).
  func schedule(onThread thread: Int, _ work: @escaping @Sendable () -> Void)
  /// Whether a connection is open; asked on its own thread.
  func isOpen(_ connection: UInt64) -> Bool
}

extension WebSocketServer: ShardThreads {
  func thread(of connection: UInt64) -> Int { self.thread(of: WebSocketID(rawValue: connection)) }
  func isOpen(_ connection: UInt64) -> Bool { self.isOpen(WebSocketID(rawValue: connection)) }
}

/// Where each connection's events go when every service thread runs a room shard: to the shard
/// of the connection's own thread, until a shard hands the connection to another
/// (``ShardHandOff``); from then on each event is one hand-off to that shard's thread, not a
/// lock per message. (A node of a cluster has one store, shard 0, which every thread hands to.)
///
/// A hand-over keeps the connection's events in order, however the threads' jobs interleave.
/// The connection's thread numbers its events; the shard that has the connection takes them in
/// that order (holding one that came early until those before it come), and a shard that gave
/// it away passes on what still reaches it. The adoption tells the new shard the number it
/// goes on from; the connection's thread hears of the hand-over after the adoption is on its
/// way, and sends the events after to the new shard directly.
final class ShardRouter: @unchecked Sendable {
  /// A connection a shard has: the number of the event it takes next, those that came early,
  /// and whether it was handed in (so that the others are told to forget it when it closes).
  struct Held {
    var next: UInt64 = 0
    var early: [UInt64: Server.Action] = [:]
    var isHandedIn = false
  }

  /// A connection of this thread: the number its next event gets, and the shard its events go
  /// to when not this thread's own.
  struct Outgoing {
    var next: UInt64 = 0
    var shard: Int?
  }

  /// What one service thread keeps: touched on that thread only.
  final class Lane: @unchecked Sendable {
    /// The thread's connections.
    var outgoing: [UInt64: Outgoing] = [:]
    /// The connections the thread's shard has.
    var held: [UInt64: Held] = [:]
    /// Connections the thread's shard handed to another, and to which: what still comes to it
    /// for them is passed on.
    var forwarding: [UInt64: Int] = [:]
  }

  /// What goes from one thread to another.
  enum Envelope: Sendable {
    /// A connection's event, by its number.
    case event(UInt64, Server.Action)
    /// A connection handed over, and the number of its next event.
    case adoption(UInt64, Server.Action)
    /// A closed connection that was handed over: nothing more comes for it.
    case forget(UInt64)
  }

  let threads: any ShardThreads
  let lanes: [Lane]
  /// How many stores: one per thread (room shards), or one for every thread (a cluster's node).
  let stores: Int
  /// Reads an event into its action (on the connection's thread).
  private let decode: @Sendable (TransportEvent) -> Server.Action
  /// Handles an event in the store of the caller's thread (its shard's).
  private let handle: @Sendable (_ shard: Int, TransportEvent) -> Void
  /// Sends an action to a shard's store, on that shard's thread.
  private let deliver: @Sendable (_ shard: Int, Server.Action) -> Void

  init(
    threads: any ShardThreads, stores: Int,
    decode: @escaping @Sendable (TransportEvent) -> Server.Action,
    handle: @escaping @Sendable (_ shard: Int, TransportEvent) -> Void,
    deliver: @escaping @Sendable (_ shard: Int, Server.Action) -> Void
  ) {
    self.threads = threads
    self.stores = stores
    self.decode = decode
    self.handle = handle
    self.deliver = deliver
    self.lanes = (0..<threads.threads).map { _ in Lane() }
  }

  /// An event of a connection on thread `k` (the caller's), to the shard its events go to.
  func route(_ event: TransportEvent, onThread k: Int) {
    guard self.stores > 1 else {
      // NB: One store: no hand-overs, so no numbers.
      if k == 0 {
        self.handle(0, event)
      } else {
        let action = self.decode(event)
        self.threads.schedule(onThread: 0) { self.deliver(0, action) }
      }
      return
    }
    let id = event.connection.rawValue
    let lane = self.lanes[k]
    let isLast = if case .disconnected = event { true } else { false }
    let outgoing = isLast ? lane.outgoing.removeValue(forKey: id) ?? Outgoing() : lane.outgoing[id, default: Outgoing()]
    if !isLast { lane.outgoing[id, default: Outgoing()].next += 1 }
    if let shard = outgoing.shard, shard != k {
      self.send(.event(outgoing.next, self.decode(event)), to: shard)
    } else {
      self.take(outgoing.next, event, onShard: k)
    }
  }

  /// On a shard's thread: an event of a connection on this very thread.
  private func take(_ number: UInt64, _ event: TransportEvent, onShard k: Int) {
    let id = event.connection.rawValue
    let lane = self.lanes[k]
    if lane.forwarding[id] == nil, case let held = lane.held[id] ?? Held(), held.next == number, held.early.isEmpty {
      // NB: The common case, read and timed in the store: its turn, and nothing waits.
      lane.held[id, default: Held()].next += 1
      if case .disconnected = event { self.closed(id, on: k) }
      self.handle(k, event)
      return
    }
    self.receive(.event(number, self.decode(event)), on: k)
  }

  /// Sends to a shard's thread (queued there, also from that thread).
  private func send(_ envelope: Envelope, to shard: Int) {
    self.threads.schedule(onThread: shard) { self.receive(envelope, on: shard) }
  }

  /// On a shard's thread: what came for it.
  private func receive(_ envelope: Envelope, on k: Int) {
    let lane = self.lanes[k]
    switch envelope {
    case let .forget(id):
      lane.forwarding[id] = nil
    case let .adoption(number, action):
      guard let id = action.connection?.rawValue else { return }
      lane.forwarding[id] = nil
      lane.held[id] = Held(next: number, isHandedIn: true)
      self.deliver(k, action)
    case let .event(number, action):
      guard let id = action.connection?.rawValue else { return }
      if let next = lane.forwarding[id] {
        self.send(envelope, to: next)
        return
      }
      guard number == (lane.held[id] ?? Held()).next else {
        lane.held[id, default: Held()].early[number] = action
        return
      }
      var action = action
      while true {
        lane.held[id, default: Held()].next += 1
        if case .disconnected = action { self.closed(id, on: k) }
        self.deliver(k, action)
        // NB: The store may have handed the connection over meanwhile: the rest goes with it.
        guard let held = lane.held[id], let early = held.early[held.next] else { break }
        lane.held[id]!.early[held.next] = nil
        action = early
      }
    }
  }

  /// A connection's last event is being taken on shard `k`: nothing more comes for it.
  private func closed(_ id: UInt64, on k: Int) {
    guard let held = self.lanes[k].held.removeValue(forKey: id), held.isHandedIn else { return }
    for shard in 0..<self.stores where shard != k { self.send(.forget(id), to: shard) }
  }

  /// Shard `i` (on its thread, while its store takes an action) gives a connection to shard
  /// `j`: the connection's next event is `j`'s to take, and so is anything that came early.
  func handOver(_ connection: ConnectionID, from i: Int, to j: Int, adoption: Server.Action) {
    let id = connection.rawValue
    let lane = self.lanes[i]
    let held = lane.held.removeValue(forKey: id) ?? Held()
    lane.forwarding[id] = j
    self.send(.adoption(held.next, adoption), to: j)
    for (number, action) in held.early.sorted(by: { $0.key < $1.key }) { self.send(.event(number, action), to: j) }
    let k = self.threads.thread(of: id)
    self.threads.schedule(onThread: k) {
      // NB: A connection closed meanwhile needs no route.
      guard self.lanes[k].outgoing[id] != nil else { return }
      self.lanes[k].outgoing[id]!.shard = j
    }
  }
}

extension Server.Action {
  /// The connection an action from the transport, or a hand-over, is about.
  var connection: ConnectionID? {
    switch self {
    case let .connected(id), let .disconnected(id), let .received(id, _), let .malformed(id, _), let .adopted(id, _): id
    default: nil
    }
  }
}
