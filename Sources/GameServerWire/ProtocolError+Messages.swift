extension ProtocolError {
  public static func malformedJSON() -> Self {
    Self(code: "malformed_json", message: "The message is not a JSON object.")
  }

  public static func unsupportedVersion(_ version: Int, requestID: String?) -> Self {
    Self(
      code: "unsupported_version",
      message: "Protocol version \(version) is not supported; use \(ClientMessage.protocolVersion).",
      requestID: requestID)
  }

  /// A peer sent more than `perSecond` messages a second.
  public static func rateLimited(perSecond: Int) -> Self {
    Self(
      code: "rate_limited",
      message: "More than \(perSecond) messages a second; slow down or be disconnected.")
  }

  public static func unknownType(_ type: String, requestID: String?) -> Self {
    Self(code: "unknown_type", message: "Unknown message type \"\(type)\".", requestID: requestID)
  }
}
