/// A game and mode that players queue for and rooms play.
///
/// On the wire a variant is two fields, `"game"` and (for the word grid) `"mode"`:
/// `{"game": "tictactoe"}`, `{"game": "wordgrid", "mode": "race"}`.
///
/// ```swift
/// GameVariant(game: "wordgrid", mode: "turns")  // .wordGridTurns
/// GameVariant.ticTacToe.game                    // "tictactoe"
/// ```
public enum GameVariant: String, Hashable, Codable, Sendable, CaseIterable {
  case ticTacToe = "tictactoe"
  case wordGridRace = "wordgrid-race"
  case wordGridTurns = "wordgrid-turns"

  /// The variant for a wire `game` and `mode`, or nil when they name none.
  public init?(game: String, mode: String?) {
    switch (game, mode) {
    case ("tictactoe", nil), ("tictactoe", "standard"): self = .ticTacToe
    case ("wordgrid", "race"), ("wordgrid", nil): self = .wordGridRace
    case ("wordgrid", "turns"): self = .wordGridTurns
    default: return nil
    }
  }

  /// The game's wire name: `tictactoe` or `wordgrid`.
  public var game: String {
    switch self {
    case .ticTacToe: "tictactoe"
    case .wordGridRace, .wordGridTurns: "wordgrid"
    }
  }

  /// The mode's wire name: `standard`, `race` or `turns`.
  public var mode: String {
    switch self {
    case .ticTacToe: "standard"
    case .wordGridRace: "race"
    case .wordGridTurns: "turns"
    }
  }

  /// How many seats a room of this variant has.
  public var seats: Int { 2 }
}
