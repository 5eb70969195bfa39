import Foundation
import GameServerGame
import GameServerModels
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
    to view: WordGridView, bot: WordGridBot, dictionary: WordDictionary, using generator: inout some RandomNumberGenerator
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
    switch bot.move(on: Self.puzzle(of: view), dictionary: dictionary, played: played, using: &generator) {
    case let .word(found):
      let path = found.path.map { #"{"x":\#($0.cube.x),"y":\#($0.cube.y),"z":\#($0.cube.z),"face":"\#($0.side.rawValue)"}"# }
      return .move(#"{"v":1,"type":"word","path":[\#(path.joined(separator: ","))]}"#)
    case let .removeCube(cube):
      return .move(#"{"v":1,"type":"removeCube","cube":{"x":\#(cube.x),"y":\#(cube.y),"z":\#(cube.z)}}"#)
    case .pass:
      return .move(view.mode == .turns ? #"{"v":1,"type":"pass"}"# : #"{"v":1,"type":"resign"}"#)
    }
  }

  static func progress(of view: WordGridView) -> Progress {
    Progress(
      words: view.players.reduce(0) { $0 + $1.wordCount }, uses: view.cubes.reduce(0) { $0 + $1.uses },
      cubes: view.cubes.filter(\.inPlay).count, turnsTaken: view.turnsTaken)
  }

  /// The puzzle a view shows: letters, the cubes still in play and their wear.
  static func puzzle(of view: WordGridView) -> Puzzle {
    var puzzle = Puzzle(cubes: view.cubes.map { cube in
      (CubeIndex(x: cube.x, y: cube.y, z: cube.z), Puzzle.CubeLetters(right: cube.right, top: cube.top, left: cube.left))
    })
    for cube in view.cubes {
      let index = CubeIndex(x: cube.x, y: cube.y, z: cube.z)
      if !cube.inPlay { puzzle.inPlay.remove(index) }
      puzzle.useCounts[index.index] = cube.uses
    }
    return puzzle
  }
}
