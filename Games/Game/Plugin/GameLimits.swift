/// The server's time and length limits, which each game applies as it fits it.
public struct GameLimits: Hashable, Sendable {
  /// How long a player has for a move in a turn-based game (`--move-time-limit`).
  public var moveTimeLimit: Duration = .seconds(30)
  /// How long a race lasts.
  public var raceDuration: Duration = .seconds(180)
  /// How many turns a game of turns lasts at most.
  public var turnLimit = 40

  public init(moveTimeLimit: Duration = .seconds(30), raceDuration: Duration = .seconds(180), turnLimit: Int = 40) {
    self.moveTimeLimit = moveTimeLimit
    self.raceDuration = raceDuration
    self.turnLimit = turnLimit
  }
}
