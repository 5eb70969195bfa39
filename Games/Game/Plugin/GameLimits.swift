/// The server's time and length limits, which each game applies as it fits it.
public struct GameLimits: Hashable, Sendable {
  /// How long a player has for a move in a turn-based game (`--move-time-limit`).
  public var moveTimeLimit: Duration = .seconds(30)
  /// How long a race lasts.
  public var raceDuration: Duration = .seconds(180)
  /// How many turns a game of turns lasts at most.
  public var turnLimit = 40
  /// How long a player has for a turn of a game whose turns take more thought than a move (the
  /// word grid's turns); a turn not taken in time passes.
  public var turnTimeLimit: Duration = .seconds(60)

  public init(
    moveTimeLimit: Duration = .seconds(30), raceDuration: Duration = .seconds(180), turnLimit: Int = 40,
    turnTimeLimit: Duration = .seconds(60)
  ) {
    self.moveTimeLimit = moveTimeLimit
    self.raceDuration = raceDuration
    self.turnLimit = turnLimit
    self.turnTimeLimit = turnTimeLimit
  }
}
