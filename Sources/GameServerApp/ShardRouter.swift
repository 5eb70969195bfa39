import ComposableArchitecture
import GameServerCore
import GameServerTransport
import GameServerWire
import Synchronization

/// One room shard: a ``Server`` store of its own on one service thread (its executor runs
/// between that thread's lws calls), with its intake and the gate its views wait at.
final class ShardStore: @unchecked Sendable {
  let index: Int
  let executor: StoreExecutor
  let actor: StoreActor
  let intake: TransportIntake
  let delivery: LiveDelivery
  /// Connections this shard handed to another, and to which: what still comes here for them
  /// (sent before their thread heard of it) is passed on. Touched on this shard's thread only.
  var forwarding: [UInt64: Int] = [:]
  /// The shard's rooms and connections as of its last round, for the gauges.
  let rooms = Atomic<Int>(0)
  let connections = Atomic<Int>(0)

  init(index: Int, executor: StoreExecutor, intake: TransportIntake, delivery: LiveDelivery) {
    self.index = index
    self.executor = executor
    self.actor = StoreActor(executor: executor)
    self.intake = intake
    self.delivery = delivery
  }
}

/// Where each connection's events go when every service thread runs a room shard: to the shard
/// of the connection's own thread, until a shard hands the connection to another
/// (``ShardHandOff``); from then on each event is one hand-off to that shard's thread, not a
/// lock per message.
///
/// A hand-over keeps the connection's events in order. The shard that hands over (`i`) sends
/// the adoption to the new one (`j`) and passes on whatever still reaches it; the connection's
/// thread (`k`) holds the connection's new events, asks `i` to confirm that nothing of the
/// connection's is left with it (a fence, which `i` reaches after everything `k` sent it
/// before), and then sends what it held to `j`, where it arrives after everything `i` passed
/// on. A connection handed on again meanwhile is confirmed along the chain.
final class ShardRouter: @unchecked Sendable {
  enum Route {
    /// Events go to this shard.
    case to(Int)
    /// Events are held for shard `to` until shard `draining` confirms it passed on all it had.
    case holding(to: Int, draining: Int, held: [Server.Action])
  }

  /// The routes of one service thread's connections: touched on that thread only.
  final class Lane: @unchecked Sendable {
    var routes: [UInt64: Route] = [:]
  }

  let transport: WebSocketServer
  let lanes: [Lane]
  /// Set once, before the transport starts.
  var shards: [ShardStore] = []

  /// How many stores: one per thread (room shards), or one for every thread (a cluster's node).
  let stores: Int

  init(transport: WebSocketServer, stores: Int) {
    self.transport = transport
    self.stores = stores
    self.lanes = (0..<transport.threads).map { _ in Lane() }
  }

  /// The shard a new connection on thread `k` starts with.
  private func home(_ k: Int) -> Int { self.stores == 1 ? 0 : k }

  /// An event of a connection on thread `k` (the caller's), to the shard its events go to.
  func route(_ event: TransportEvent, onThread k: Int) {
    let id = event.connection.rawValue
    let lane = self.lanes[k]
    let home = self.home(k)
    switch lane.routes[id] {
    case nil where home != k:
      self.pass(self.shards[home].intake.action(for: event), to: home)
    case nil, .to(k):
      let shard = self.shards[k]
      shard.actor.assumeIsolated { _ in
        if let next = shard.forwarding[id] {
          self.pass(shard.intake.action(for: event), to: next)
        } else {
          shard.intake.handle(event)
        }
      }
      if case .disconnected = event { lane.routes[id] = nil }
    case let .to(target):
      let action = self.shards[k].intake.action(for: event)
      self.pass(action, to: target)
      if case .disconnected = event { lane.routes[id] = nil }
    case let .holding(target, draining, held):
      let action = self.shards[k].intake.action(for: event)
      lane.routes[id] = .holding(to: target, draining: draining, held: held + [action])
    }
  }

  /// Sends an action to a shard's store, on its thread (queued there, also from that thread).
  func pass(_ action: Server.Action, to target: Int) {
    self.transport.schedule(onThread: target) {
      let shard = self.shards[target]
      shard.actor.assumeIsolated { _ in self.receive(action, on: shard) }
    }
  }

  /// On a shard's thread: an action for its store, or passed on if its connection went.
  private func receive(_ action: Server.Action, on shard: ShardStore) {
    if let id = action.connection?.rawValue {
      if case .adopted = action {
        shard.forwarding[id] = nil
      } else if let next = shard.forwarding[id] {
        self.pass(action, to: next)
        return
      }
    }
    shard.intake.send(action)
  }

  /// Shard `i` (on its thread) gives a connection to shard `j`.
  func handOver(_ connection: ConnectionID, from i: Int, to j: Int, adoption: Server.Action) {
    let id = connection.rawValue
    self.shards[i].forwarding[id] = j
    self.pass(adoption, to: j)
    let k = self.transport.thread(of: WebSocketID(rawValue: id))
    self.transport.schedule(onThread: k) { self.reroute(id, onThread: k, from: i, to: j) }
  }

  /// On the connection's thread: its events are held for `j` until `i` has passed on its own.
  private func reroute(_ id: UInt64, onThread k: Int, from i: Int, to j: Int) {
    let lane = self.lanes[k]
    switch lane.routes[id] {
    case let .holding(_, draining, held):
      lane.routes[id] = .holding(to: j, draining: draining, held: held)
    case let .to(current):
      lane.routes[id] = .holding(to: j, draining: current, held: [])
      self.fence(id, onThread: k, at: current)
    case nil:
      lane.routes[id] = .holding(to: j, draining: k, held: [])
      self.fence(id, onThread: k, at: k)
    }
  }

  /// Asks shard `s` to confirm, once it has passed on what it had of the connection's, where it
  /// passed it.
  private func fence(_ id: UInt64, onThread k: Int, at s: Int) {
    self.transport.schedule(onThread: s) {
      let next = self.shards[s].forwarding.removeValue(forKey: id)
      self.transport.schedule(onThread: k) { self.confirmed(id, onThread: k, by: s, passedTo: next ?? s) }
    }
  }

  /// On the connection's thread: shard `s` has passed on everything to `next`; if that is the
  /// shard the connection is for, what was held goes there; if not, `next` is asked in turn.
  private func confirmed(_ id: UInt64, onThread k: Int, by s: Int, passedTo next: Int) {
    let lane = self.lanes[k]
    guard case let .holding(target, draining, held) = lane.routes[id], draining == s else { return }
    guard next == target else {
      lane.routes[id] = .holding(to: target, draining: next, held: held)
      self.fence(id, onThread: k, at: next)
      return
    }
    lane.routes[id] = .to(target)
    if target == k {
      // NB: At once: the connection's next event is handled at once on this thread too.
      let shard = self.shards[k]
      shard.actor.assumeIsolated { _ in
        for action in held { self.receive(action, on: shard) }
      }
    } else {
      for action in held { self.pass(action, to: target) }
    }
    // NB: A connection closed meanwhile needs no route (its ids are never used again).
    if !self.transport.isOpen(WebSocketID(rawValue: id)) { lane.routes[id] = nil }
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
