import Foundation
import GameServerCEpoll
import Synchronization

/// The kernel's share of a delivered message on this machine, measured with the leanest relay
/// there is: plain sockets and `poll`, no websocket framing, no game, no JSON, nothing stored.
///
/// A relay thread accepts `connections` loopback TCP connections in rooms of two. Each 64-byte
/// message it reads goes to both members of the room (as a move goes to both players), and one
/// member of each room answers every message it gets (as the player whose turn it is does).
/// The relay thread's own user and kernel time (`RUSAGE_THREAD`) per delivered message is the
/// floor under any server's CPU per view here: what a server pays the kernel before doing
/// anything of its own.
///
/// With a `moveInterval` it is the open loop's floor instead: each room's first member sends one
/// message per interval (the rooms spread evenly over it) rather than answering, and the relay
/// waits with `epoll`, as the server's libuv loop does, so that a wake-up costs what its events
/// cost and not the number of connections. Its CPU share gives the players per core a bare relay
/// would reach at that load.
///
/// ```swift
/// let floor = try RelayFloor(connections: 64).measure(seconds: 5)
/// print(floor.table)
/// let open = try RelayFloor(connections: 4_000, moveInterval: 1).measure(seconds: 10)
/// print(open.table)
/// ```
final class RelayFloor: @unchecked Sendable {
  static let messageSize = 64

  struct Report {
    var connections: Int
    var seconds: Double
    var deliveries: Int
    var userSeconds: Double
    var kernelSeconds: Double
    /// The open loop's interval between a room's messages; nil for the closed loop.
    var moveInterval: Double? = nil

    var table: String {
      let perDelivery = { (seconds: Double) in
        String(format: "%.1f", seconds * 1_000_000 / Double(max(1, self.deliveries)))
      }
      let cpu = self.userSeconds + self.kernelSeconds
      let rate = Int(Double(self.deliveries) / self.seconds)
      guard let interval = self.moveInterval else {
        return """
          | connections (bare poll relay, rooms of 2) | deliveries/s | relay CPU µs per delivery | of which kernel |
          |--:|--:|--:|--:|
          | \(self.connections) | \(rate) | \(perDelivery(cpu)) | \(perDelivery(self.kernelSeconds)) |
          """
      }
      let share = cpu / self.seconds
      return """
        | players (bare epoll relay, open loop, a message per room per \(String(format: "%g", interval)) s) | deliveries/s | relay CPU share (cores) | players per core | relay CPU µs per delivery | of which kernel |
        |--:|--:|--:|--:|--:|--:|
        | \(self.connections) | \(rate) | \(String(format: "%.3f", share)) | \(Int(Double(self.connections) / max(share, 1e-9))) | \(perDelivery(cpu)) | \(perDelivery(self.kernelSeconds)) |
        """
    }
  }

  enum Failure: Error, CustomStringConvertible {
    case socket(String)
    var description: String {
      switch self {
      case let .socket(call): "relay floor: \(call) failed: \(String(cString: strerror(errno)))"
      }
    }
  }

  /// 0 warming up, 1 measuring, 2 stopping.
  private let phase = Atomic<Int>(0)
  let connections: Int
  let moveInterval: Double?

  /// `connections`: an even number, two per room. `moveInterval`: seconds between a room's
  /// messages (the open loop), or nil to answer every message at once (the closed loop).
  init(connections: Int, moveInterval: Double? = nil) {
    self.connections = connections
    self.moveInterval = moveInterval
  }

  func measure(seconds: Double) throws -> Report {
    let listener = try Self.listen()
    defer { close(listener.socket) }
    var clients: [Int32] = []
    var relayed: [Int32] = []
    defer { (clients + relayed).forEach { close($0) } }
    for _ in 0..<self.connections {
      clients.append(try Self.connect(port: listener.port))
      let accepted = accept(listener.socket, nil, nil)
      guard accepted >= 0 else { throw Failure.socket("accept") }
      Self.setNoDelay(accepted)
      relayed.append(accepted)
    }
    let result = Mutex<Report?>(nil)
    let relay = Thread { [relayed] in
      result.withLock { $0 = self.relay(relayed) }
    }
    relay.start()
    let players = Thread { [clients] in
      if let interval = self.moveInterval { self.playOpen(clients, interval: interval) } else { self.play(clients) }
    }
    players.start()
    usleep(500_000)
    self.phase.store(1, ordering: .releasing)
    usleep(useconds_t(seconds * 1_000_000))
    self.phase.store(2, ordering: .releasing)
    while result.withLock({ $0 == nil }) { usleep(10_000) }
    return result.withLock { $0! }
  }

  /// The relay: every message read goes to both members of its room. It waits with `poll` in
  /// the closed loop and with `epoll` in the open loop.
  private func relay(_ sockets: [Int32]) -> Report {
    let readiness = Readiness(sockets, epoll: self.moveInterval != nil)
    var buffer = [UInt8](repeating: 0, count: 4096)
    var deliveries = 0
    var start: (deliveries: Int, usage: rusage, time: Double)?
    while true {
      let phase = self.phase.load(ordering: .acquiring)
      if phase == 1, start == nil { start = (deliveries, Self.threadUsage(), Date().timeIntervalSinceReferenceDate) }
      if phase == 2 { break }
      readiness.forEachReady(timeout: 100) { index in
        let count = buffer.withUnsafeMutableBytes { recv(sockets[index], $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return }
        buffer.withUnsafeBytes { bytes in
          _ = send(sockets[index], bytes.baseAddress, count, Int32(MSG_NOSIGNAL))
          _ = send(sockets[index ^ 1], bytes.baseAddress, count, Int32(MSG_NOSIGNAL))
        }
        deliveries += 2 * count / Self.messageSize
      }
    }
    let end = Self.threadUsage()
    let first = start ?? (0, end, Date().timeIntervalSinceReferenceDate)
    return Report(
      connections: sockets.count, seconds: Date().timeIntervalSinceReferenceDate - first.time,
      deliveries: deliveries - first.deliveries,
      userSeconds: Self.seconds(end.ru_utime) - Self.seconds(first.usage.ru_utime),
      kernelSeconds: Self.seconds(end.ru_stime) - Self.seconds(first.usage.ru_stime),
      moveInterval: self.moveInterval)
  }

  /// The open loop's players: room `k`'s first member sends a message every `interval` seconds,
  /// at `k / rooms` of the interval; both members read everything.
  private func playOpen(_ sockets: [Int32], interval: Double) {
    let readiness = Readiness(sockets, epoll: true)
    let message = [UInt8](repeating: UInt8(ascii: "m"), count: Self.messageSize)
    var buffer = [UInt8](repeating: 0, count: 4096)
    let rooms = sockets.count / 2
    let step = interval / Double(rooms)
    let begin = Self.now()
    var sent = 0
    while self.phase.load(ordering: .acquiring) < 2 {
      let due = begin + Double(sent) * step
      let wait = max(0, Int32(((due - Self.now()) * 1_000).rounded(.up)))
      readiness.forEachReady(timeout: min(wait, 100)) { index in
        _ = buffer.withUnsafeMutableBytes { recv(sockets[index], $0.baseAddress, $0.count, 0) }
      }
      let now = Self.now()
      while begin + Double(sent) * step <= now {
        let socket = sockets[2 * (sent % rooms)]
        _ = message.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        sent += 1
      }
    }
  }

  /// The players: the first of each room sends a message, and answers every whole message it
  /// gets with the next one; both read everything.
  private func play(_ sockets: [Int32]) {
    let readiness = Readiness(sockets, epoll: false)
    var pending = [Int](repeating: 0, count: sockets.count)
    let message = [UInt8](repeating: UInt8(ascii: "m"), count: Self.messageSize)
    var buffer = [UInt8](repeating: 0, count: 4096)
    for index in stride(from: 0, to: sockets.count, by: 2) {
      _ = message.withUnsafeBytes { send(sockets[index], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
    while self.phase.load(ordering: .acquiring) < 2 {
      readiness.forEachReady(timeout: 100) { index in
        let count = buffer.withUnsafeMutableBytes { recv(sockets[index], $0.baseAddress, $0.count, 0) }
        guard count > 0, index % 2 == 0 else { return }
        pending[index] += count
        while pending[index] >= Self.messageSize {
          pending[index] -= Self.messageSize
          _ = message.withUnsafeBytes { send(sockets[index], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
      }
    }
  }

  /// Waits for sockets with data: with `poll` over all of them, or with `epoll`, whose wait
  /// costs what its events cost and not the number of sockets.
  private final class Readiness {
    private var fds: [pollfd] = []
    private var events: Int32 = -1
    private var ready: [epoll_event] = []

    init(_ sockets: [Int32], epoll: Bool) {
      guard epoll else {
        self.fds = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        return
      }
      self.events = epoll_create1(0)
      self.ready = [epoll_event](repeating: epoll_event(), count: 256)
      for (index, socket) in sockets.enumerated() {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u32 = UInt32(index)
        epoll_ctl(self.events, EPOLL_CTL_ADD, socket, &event)
      }
    }

    deinit {
      if self.events >= 0 { close(self.events) }
    }

    /// Calls `body` with the index of each socket that has data, having waited at most
    /// `timeout` milliseconds for one.
    func forEachReady(timeout: Int32, _ body: (Int) -> Void) {
      if self.events >= 0 {
        let count = epoll_wait(self.events, &self.ready, Int32(self.ready.count), timeout)
        for event in self.ready[0..<Int(max(0, count))] { body(Int(event.data.u32)) }
      } else {
        guard poll(&self.fds, nfds_t(self.fds.count), timeout) > 0 else { return }
        for index in self.fds.indices where self.fds[index].revents & Int16(POLLIN) != 0 { body(index) }
      }
    }
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }

  private static func listen() throws -> (socket: Int32, port: Int) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw Failure.socket("socket") }
    var address = Self.loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, Glibc.listen(listener, 4096) == 0 else { throw Failure.socket("bind/listen") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    return (listener, Int(UInt16(bigEndian: address.sin_port)))
  }

  private static func connect(port: Int) throws -> Int32 {
    let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard client >= 0 else { throw Failure.socket("socket") }
    var address = Self.loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure.socket("connect") }
    Self.setNoDelay(client)
    return client
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    return address
  }

  private static func setNoDelay(_ socket: Int32) {
    var one: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  private static func threadUsage() -> rusage {
    var usage = rusage()
    // NB: RUSAGE_THREAD (1): Glibc's module leaves out the GNU-only constant.
    getrusage(__rusage_who_t(1), &usage)
    return usage
  }

  private static func seconds(_ time: timeval) -> Double {
    Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
  }
}
