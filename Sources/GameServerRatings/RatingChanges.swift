import GameServerGame

/// A rating row as a commit leaves it: its person's name and guest flag (the last game's), the
/// rating before the games (the stored one, or ``Elo/initialRating`` for a new row) and after
/// them, and the wins, losses and draws to add to its tallies. A store writes it as it is.
public struct RatingRow: Hashable, Sendable {
  public var key: RatingKey
  public var name: String
  public var isGuest: Bool
  /// The rating the row held before: a store that checks writes the row only if it still does.
  public var before: Int
  public var after: Int
  public var wins = 0
  public var losses = 0
  public var draws = 0

  public init(
    key: RatingKey, name: String, isGuest: Bool, before: Int, after: Int, wins: Int = 0, losses: Int = 0,
    draws: Int = 0
  ) {
    self.key = key
    self.name = name
    self.isGuest = isGuest
    self.before = before
    self.after = after
    self.wins = wins
    self.losses = losses
    self.draws = draws
  }
}

/// What rating a run of finished games gives: each game's rated players' ratings before and after
/// it, in the games' order, and the rows to write.
public struct RatingChanges: Sendable {
  /// By game, in order: each rated player's rating before and after that game.
  public var results: [[PlayerID: RatingUpdate]]
  /// One for each person of the games in each variant, in ``RatingKey``'s order.
  public var rows: [RatingRow]

  public init(results: [[PlayerID: RatingUpdate]], rows: [RatingRow]) {
    self.results = results
    self.rows = rows
  }

  /// Every row's rating once the games are in.
  public var final: [RatingKey: Int] {
    Dictionary(uniqueKeysWithValues: self.rows.map { ($0.key, $0.after) })
  }
}
