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

  public init(
    players: [PlayerID], mode: String = GameVariant.standardMode, seed: UInt64, limits: GameLimits = GameLimits()
  ) {
    self.players = players
    self.mode = mode
    self.seed = seed
    self.limits = limits
  }
}
