import GameServerGame

/// A rating row's key: a player's rating in one game's variant.
///
/// ```swift
/// let key = RatingKey(player: "alice", variant: GameVariant(game: "tictactoe"))
/// ```
public struct RatingKey: Hashable, Comparable, Sendable {
  public var player: PlayerID
  public var variant: GameVariant

  public init(player: PlayerID, variant: GameVariant) {
    self.player = player
    self.variant = variant
  }

  // NB: Equal as stored (by the variant's raw value), so a key read back from a store's row is
  // the key of the game that wrote it, whatever the variant's names hold.
  public static func == (a: RatingKey, b: RatingKey) -> Bool {
    a.player == b.player && a.variant.rawValue == b.variant.rawValue
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.player)
    hasher.combine(self.variant.rawValue)
  }

  /// By player, then variant: the one order in which a store locks rows, so that two commits
  /// cannot deadlock.
  public static func < (a: RatingKey, b: RatingKey) -> Bool {
    (a.player.rawValue, a.variant.rawValue) < (b.player.rawValue, b.variant.rawValue)
  }
}
