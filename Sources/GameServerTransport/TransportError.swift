/// Why the transport could not start.
public enum TransportError: Error, Equatable, CustomStringConvertible {
  case cannotListen(host: String, port: Int)
  /// The event loop asked for (libuv) cannot be used here.
  case eventLoopUnavailable(String)

  public var description: String {
    switch self {
    case let .cannotListen(host, port): "Cannot listen on \(host):\(port) (in use, or not allowed)."
    case let .eventLoopUnavailable(reason): "The libuv event loop is unavailable: \(reason)."
    }
  }
}
