/// A game and mode that players queue for, rooms play and ratings are kept for.
///
/// On the wire a variant is two fields, `"game"` and `"mode"`: `{"game": "tictactoe"}`,
/// `{"game": "wordgrid", "mode": "race"}`. Stored, it is one string: the game, and the mode
/// after a dash unless it is `standard` (`tictactoe`, `wordgrid-race`).
///
/// ```swift
/// GameVariant(game: "wordgrid", mode: "turns").rawValue  // "wordgrid-turns"
/// GameVariant(rawValue: "tictactoe").mode              // "standard"
/// ```
public struct GameVariant: Hashable, Codable, Sendable, RawRepresentable, CustomStringConvertible {
  /// The game's wire name.
  public var game: String
  /// The mode's wire name.
  public var mode: String

  /// The name of the mode a game with one mode plays.
  public static let standardMode = "standard"

  public init(game: String, mode: String = GameVariant.standardMode) {
    self.game = game
    self.mode = mode
  }

  public init(rawValue: String) {
    if let dash = rawValue.firstIndex(of: "-") {
      self.init(game: String(rawValue[..<dash]), mode: String(rawValue[rawValue.index(after: dash)...]))
    } else {
      self.init(game: rawValue)
    }
  }

  public var rawValue: String {
    self.mode == Self.standardMode ? self.game : "\(self.game)-\(self.mode)"
  }

  public var description: String { self.rawValue }

  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.rawValue)
  }
}
