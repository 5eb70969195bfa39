import ArgumentParser
import GameServerWordGrid

/// The game the load bots play: tic-tac-toe, or a word-grid race or turns game with the
/// game's own `WordGridBot` and dictionary.
struct LoadGame {
  enum Kind {
    case ticTacToe
    case wordGrid(WordGridBot, WordDictionary)
  }

  var kind: Kind
  /// The `queue` message that asks for this game.
  var queueMessage: String

  static func make(_ name: String, wordBot: WordGridBot) throws -> LoadGame {
    switch name {
    case "tictactoe":
      return LoadGame(kind: .ticTacToe, queueMessage: #"{"v":1,"type":"queue","game":"tictactoe"}"#)
    case "wordgrid-race", "wordgrid-turns":
      let mode = name == "wordgrid-race" ? "race" : "turns"
      return LoadGame(
        kind: .wordGrid(wordBot, try WordDictionary.load()),
        queueMessage: #"{"v":1,"type":"queue","game":"wordgrid","mode":"\#(mode)"}"#)
    default:
      throw ValidationError("--game is tictactoe, wordgrid-race or wordgrid-turns")
    }
  }
}
