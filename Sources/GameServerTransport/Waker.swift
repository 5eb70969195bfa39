import Foundation
import GameServerCLibWebSockets

/// Wakes the service thread from any thread; never touches a destroyed context.
final class Waker: @unchecked Sendable {
  private let lock = NSLock()
  private var _context: OpaquePointer?

  var context: OpaquePointer? { self.lock.withLock { self._context } }

  func setContext(_ context: OpaquePointer?) { self.lock.withLock { self._context = context } }

  func wake() {
    self.lock.withLock {
      if let context = self._context { lws_cancel_service(context) }
    }
  }
}
