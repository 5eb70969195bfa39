import Foundation
import GameServerGame
import GameServerWire
import GameServerWordGrid

/// What a load bot does with a word-grid view: rebuild the puzzle it shows, let the game's own
/// `WordGridBot` choose, and answer with the protocol's message. One per connection.
struct WordGridPlayer {
  /// The view's progress when the last move went out: the next move waits until it changes,
  /// so a view sent for someone else's score does not make the bot play the same word twice.
  private var sentAt: Progress?

  struct Progress: Equatable {
    var words: Int
    var uses: Int
    var cubes: Int
    var turnsTaken: Int
  }

  enum Reply {
    case move(String)
    case leaveAndQueue
    case wait
  }

  /// Whether a view answers the last move (and so ends its latency).
  func answers(_ view: WordGridView) -> Bool {
    self.sentAt != nil && self.sentAt != Self.progress(of: view)
  }

  /// A move was refused: the next view may be answered again.
  mutating func refused() {
    self.sentAt = nil
  }

  mutating func reply(
    to view: WordGridView, bot: WordGridBot, dictionary: WordDictionary,
    using generator: inout some RandomNumberGenerator
  ) -> Reply {
    if view.ended != nil {
      self.sentAt = nil
      return .leaveAndQueue
    }
    guard let you = view.you, let me = view.players.first(where: { $0.id == you }), !me.finished,
      view.mode == .race || view.turn == you
    else { return .wait }
    let progress = Self.progress(of: view)
    guard self.sentAt != progress else { return .wait }
    self.sentAt = progress
    let played = Set(view.players.flatMap { $0.words ?? [] }.map(\.word))
    switch bot.move(on: view.puzzle, dictionary: dictionary, played: played, using: &generator) {
    case let .word(found): return .move(Self.message(.word(found.path)))
    case let .removeCube(cube): return .move(Self.message(.removeCube(cube)))
    case .pass: return .move(Self.message(view.mode == .turns ? .pass : .resign))
    }
  }

  /// A move's client message, as the protocol's one typed encoding writes it.
  private static func message(_ move: WordGrid.Move) -> String {
    ClientRequest(.move(WordGrid.self, move)).json
  }

  static func progress(of view: WordGridView) -> Progress {
    Progress(
      words: view.players.reduce(0) { $0 + $1.wordCount }, uses: view.cubes.reduce(0) { $0 + $1.uses },
      cubes: view.cubes.filter(\.inPlay).count, turnsTaken: view.turnsTaken)
  }
}
