/// Why the transport could not start.
public enum TransportError: Error, Equatable, CustomStringConvertible {
  case cannotListen(host: String, port: Int)
  /// The event loop asked for (libuv) cannot be used here.
  case eventLoopUnavailable(String)
  /// The certificate and key given for TLS cannot serve (the key is not the certificate's, or
  /// either cannot be read as PEM): libwebsockets' own lines on standard error say more.
  case tlsUnusable(certificate: String, key: String)

  public var description: String {
    switch self {
    case let .cannotListen(host, port): "Cannot listen on \(host):\(port) (in use, or not allowed)."
    case let .eventLoopUnavailable(reason): "The libuv event loop is unavailable: \(reason)."
    case let .tlsUnusable(certificate, key):
      "TLS cannot use the certificate \(certificate) with the key \(key): is the key the certificate's?"
    }
  }
}
