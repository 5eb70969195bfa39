import GameServerWire

/// The errors the server itself answers with (the wire's own are in `GameServerWire`).
extension ProtocolError {
  /// A room whose log cannot be written takes no moves for now.
  public static func roomUnavailable(requestID: String? = nil) -> ProtocolError {
    ProtocolError(
      code: "unavailable",
      message: "This room's moves cannot be saved right now, so it is paused; it goes on by itself once they can.",
      requestID: requestID)
  }

  /// No room opens while the server cannot save.
  static func cannotOpenRooms(requestID: String? = nil) -> ProtocolError {
    ProtocolError(
      code: "unavailable", message: "The server cannot save new games right now; try again shortly.",
      requestID: requestID)
  }

  /// The room's node of a cluster is down, and a live node is about to take the room over.
  static func roomTakingOver(requestID: String? = nil, retryAfter: Int) -> ProtocolError {
    ProtocolError(
      code: "unavailable",
      message: "The server that had your room stopped; another one takes it over in a moment.",
      requestID: requestID, retryAfter: retryAfter)
  }

  /// A cluster's node cannot tell whether a player has a seat on another node.
  static func cannotCheckSeats(requestID: String?) -> ProtocolError {
    ProtocolError(
      code: "unavailable", message: "The server cannot look up your rooms right now; try again shortly.",
      requestID: requestID, retryAfter: 1)
  }
}
