import GameServerGameCore

/// What happens to a room from outside: the actions a room's log records, so that replaying
/// them through ``Room`` rebuilds it exactly.
public enum RoomEvent: Hashable, Codable, Sendable {
  case play(PlayerID, PlayerMove)
  /// Tic-tac-toe's move clock ran out.
  case moveTimeExpired(moveNumber: Int)
  /// The word-grid race clock ran out.
  case raceTimeUp
  case disconnected(PlayerID)
  case reconnected(PlayerID)
  /// A disconnected player's grace period ended: they forfeit.
  case graceExpired(PlayerID)
  /// A seated player left: during a game they forfeit.
  case leave(PlayerID)
}
