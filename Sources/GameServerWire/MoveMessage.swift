/// A client message that is not one of the server's own types: a move for the game of the
/// player's room (`move`, `word`, `resign`, ...), which that game reads from its fields.
///
/// ```swift
/// let request = try ClientRequest.decode(#"{"v":1,"type":"move","cell":{"row":0,"column":2}}"#)
/// request.message  // .move(MoveMessage(type: "move", fields: ...))
/// ```
public struct MoveMessage: Hashable, Sendable {
  /// The message's `type`.
  public var type: String
  /// All of the message's fields (`v`, `id` and `type` among them).
  public var fields: MessageFields

  public init(type: String, fields: MessageFields) {
    self.type = type
    self.fields = fields
  }
}
