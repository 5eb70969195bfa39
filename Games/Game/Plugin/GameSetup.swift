/// What a new game starts from: the seated players, the mode, a seed, and the server's limits.
///
/// ```swift
/// let state = TicTacToe.setup(GameSetup(players: ["alice", "bob"], seed: 1))
/// ```
public struct GameSetup: Hashable, Sendable {
  /// The seated players, in seat order (the first moves first in a turn-based game).
  public var players: [PlayerID]
  public var mode: String
  /// Everything random about the game (a puzzle) comes from this.
  public var seed: UInt64
  public var limits: GameLimits

  public init(players: [PlayerID], mode: String = GameVariant.standardMode, seed: UInt64, limits: GameLimits = GameLimits()) {
    self.players = players
    self.mode = mode
    self.seed = seed
    self.limits = limits
  }
}

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
