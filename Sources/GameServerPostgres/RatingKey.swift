/// A rating row's key: a player's rating in one game.
///
/// ```swift
/// let key = RatingKey(player: "alice", variant: "tictactoe")
/// ```
struct RatingKey: Hashable, Comparable, Sendable {
  var player: String
  var variant: String

  static func < (a: RatingKey, b: RatingKey) -> Bool { (a.player, a.variant) < (b.player, b.variant) }
}
