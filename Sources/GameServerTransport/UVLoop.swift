import Foundation
import GameServerCLibWebSockets

/// A libuv loop that a libwebsockets context runs on as its "foreign loop", instead of lws's own
/// `poll()` loop: libuv waits with `epoll`, so a round of service costs what its events cost,
/// not one look at every connection. With thousands of mostly quiet connections `poll()` is
/// most of the server's CPU (see the Benchmarks article's open-loop figures).
///
/// libuv is loaded when first asked for (`libuv.so.1`, and lws's `libwebsockets-evlib_uv.so`
/// plugin, from Debian's `libuv1` and `libwebsockets-evlib-uv`), so the server builds and runs
/// on `poll()` without them.
///
/// ```swift
/// let loop = try UVLoop.install(.libuv, into: &info)
/// let context = lws_create_context(&info)
/// while running { UVLoop.serviceOnce(context, on: loop) }
/// ```
final class UVLoop: @unchecked Sendable {
  private typealias LoopSize = @convention(c) () -> Int
  private typealias LoopInit = @convention(c) (UnsafeMutableRawPointer) -> Int32
  private typealias Run = @convention(c) (UnsafeMutableRawPointer, Int32) -> Int32
  private typealias Close = @convention(c) (UnsafeMutableRawPointer) -> Int32

  /// The loop, for lws's `foreign_loops`.
  let foreignLoops: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  private let loop: UnsafeMutableRawPointer
  private let run: Run
  private let close: Close

  /// The library loaded: Debian's `libuv1`.
  static let library = "libuv.so.1"

  init(library name: String = UVLoop.library) throws {
    guard let library = dlopen(name, RTLD_NOW | RTLD_GLOBAL) else {
      throw TransportError.eventLoopUnavailable(
        "\(name) cannot be loaded (apt-get install libuv1 libwebsockets-evlib-uv)")
    }
    func symbol<T>(_ name: String, as type: T.Type) throws -> T {
      guard let address = dlsym(library, name) else {
        throw TransportError.eventLoopUnavailable("libuv has no \(name)")
      }
      return unsafeBitCast(address, to: type)
    }
    let size = try symbol("uv_loop_size", as: LoopSize.self)
    let initialize = try symbol("uv_loop_init", as: LoopInit.self)
    self.run = try symbol("uv_run", as: Run.self)
    self.close = try symbol("uv_loop_close", as: Close.self)
    self.loop = UnsafeMutableRawPointer.allocate(byteCount: size(), alignment: 16)
    guard initialize(self.loop) == 0 else {
      self.loop.deallocate()
      throw TransportError.eventLoopUnavailable("uv_loop_init failed")
    }
    self.foreignLoops = .allocate(capacity: 1)
    self.foreignLoops.initialize(to: self.loop)
  }

  /// A loop for `info`'s context when `eventLoop` asks for libuv (or, `.automatic`, when libuv
  /// loads): the context is told to run on it; nil for lws's own loop.
  static func install(
    _ eventLoop: TransportConfiguration.EventLoop, library: String = UVLoop.library,
    into info: inout lws_context_creation_info
  ) throws -> UVLoop? {
    let loop: UVLoop
    switch eventLoop {
    case .poll: return nil
    case .libuv: loop = try UVLoop(library: library)
    case .automatic:
      guard let loaded = try? UVLoop(library: library) else { return nil }
      loop = loaded
    }
    info.options |= clws_option_libuv()
    info.foreign_loops = loop.foreignLoops
    return loop
  }

  /// Tells `info`'s context to run on lws's own loop after all, and closes this loop, which no
  /// context used: lws could not run on libuv (its plugin for it is missing).
  func abandon(_ info: inout lws_context_creation_info) {
    info.options &= ~clws_option_libuv()
    info.foreign_loops = nil
    _ = self.close(self.loop)
  }

  /// One round of service of `context`: a turn of `loop` if there is one, else lws's own
  /// `poll()` round.
  static func serviceOnce(_ context: OpaquePointer, on loop: UVLoop?) {
    if let loop {
      loop.runOnce()
    } else {
      lws_service(context, 0)
    }
  }

  /// Waits for events and handles them: one round, as `lws_service` makes one.
  func runOnce() {
    _ = self.run(self.loop, 1)  // UV_RUN_ONCE
  }

  /// After the lws context is destroyed: lets its handles close, then closes the loop.
  func finish() {
    var rounds = 0
    while self.run(self.loop, 2) != 0, rounds < 1_000 {  // UV_RUN_NOWAIT
      rounds += 1
    }
    _ = self.close(self.loop)
  }
}
