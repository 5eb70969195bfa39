/// A rejected client message: a stable code, a sentence, the request id it answers, and for an
/// error that passes by itself, how many seconds to wait before trying again.
///
/// Sent as `{"v": 1, "type": "error", "code": "...", "message": "...", "replyTo": "r1"}`, with
/// `"retryAfter": 1` and `"room": "room-…"` when it has them.
///
/// ```swift
/// ProtocolError(code: "unknown_type", message: "Unknown message type \"fly\".", requestID: "r7")
/// ```
public struct ProtocolError: Error, Hashable, Codable, Sendable {
  public var code: String
  public var message: String
  public var requestID: String?
  /// Seconds after which the same request may work (`unavailable` while a cluster's node takes
  /// a room over, `too_many_attempts` while an account is locked).
  public var retryAfter: Int?
  /// The room the error is about: for `already_in_room`, the room the player has a seat in (or
  /// watches), so that a client can go back to it.
  public var room: String?

  public init(code: String, message: String, requestID: String? = nil, retryAfter: Int? = nil, room: String? = nil) {
    self.code = code
    self.message = message
    self.requestID = requestID
    self.retryAfter = retryAfter
    self.room = room
  }

  public static func missingField(_ field: String, requestID: String?) -> Self {
    Self(code: "missing_field", message: "The field \"\(field)\" is missing.", requestID: requestID)
  }

  public static func wrongType(_ field: String, expected: String, requestID: String?) -> Self {
    Self(code: "wrong_type", message: "The field \"\(field)\" must be \(expected).", requestID: requestID)
  }

  public static func tooLong(_ field: String, limit: Int, requestID: String?) -> Self {
    Self(
      code: "value_too_long", message: "The field \"\(field)\" is longer than \(limit) bytes.",
      requestID: requestID)
  }

  public static func invalidValue(_ field: String, _ detail: String, requestID: String?) -> Self {
    Self(code: "invalid_value", message: "The field \"\(field)\" \(detail).", requestID: requestID)
  }
}
