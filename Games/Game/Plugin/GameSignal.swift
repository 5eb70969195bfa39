/// What a game's action tells the room that runs it.
///
/// ```swift
/// static func signal(of action: Action) -> GameSignal? {
///   guard case let .delegate(.rejected(player, error)) = action else { return nil }
///   return .rejected(player, code: error.code, message: error.message)
/// }
/// ```
public enum GameSignal: Hashable, Sendable {
  /// A player's action broke a rule; the state did not change.
  case rejected(PlayerID, code: String, message: String)
  /// The game is over.
  case ended
}
