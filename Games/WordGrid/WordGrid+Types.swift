import GameServerGame

extension WordGrid {
  /// How a word-grid game is played.
  public enum Mode: String, Codable, Sendable, CaseIterable {
    /// Every player gets the same puzzle and finds words against the clock; each sees only
    /// their own words until the end.
    case race
    /// One shared puzzle; playing a word ends your turn.
    case turns
  }

  /// The limits of a game.
  public struct Settings: Equatable, Codable, Sendable {
    /// How long a race lasts (default 180 s).
    public var raceDuration: Duration
    /// How many turns a turns game lasts at most (default 40).
    public var turnLimit: Int
    /// How long a player has for a turn of a turns game: a turn not taken in time passes. Nil:
    /// no turn clock (the default, and games begun before turns had one).
    public var turnTimeLimit: Duration?

    public init(raceDuration: Duration = .seconds(180), turnLimit: Int = 40, turnTimeLimit: Duration? = nil) {
      self.raceDuration = raceDuration
      self.turnLimit = turnLimit
      self.turnTimeLimit = turnTimeLimit
    }
  }

  /// One player's part of the game.
  public struct Player: Equatable, Codable, Sendable, Identifiable {
    public let id: PlayerID
    /// The words this player played, in order.
    public var words: [FoundWord] = []
    /// The sum of the scores of `words`.
    public var score = 0
    /// Whether the player is done: in a race after resigning or when their puzzle has no word
    /// left; in a turns game, never before the end.
    public var isFinished = false

    public init(id: PlayerID) { self.id = id }
  }

  /// Why a game ended.
  public enum EndReason: Hashable, Codable, Sendable {
    /// The race clock ran out.
    case timeUp
    /// Every racer finished.
    case allFinished
    /// Every cube of the shared puzzle is gone.
    case cubeCleared
    /// Every player passed in a row.
    case allPassed
    /// The turn limit was reached.
    case turnLimit
    /// No playable word is left on the shared puzzle.
    case noWordsLeft
    /// A player resigned a turns game.
    case resigned(PlayerID)
  }

  /// Whether the game goes on.
  public enum Status: Hashable, Codable, Sendable {
    case playing
    case ended(EndReason)
  }
}
