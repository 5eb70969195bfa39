import ArgumentParser
import GameServerConnectFour
import GameServerGame
import GameServerTicTacToe
import GameServerWire
import GameServerWordGrid

/// The game the load bots play, with the game's own bot: tic-tac-toe, Connect Four, or a
/// word-grid race or turns game (with its dictionary).
struct LoadGame {
  enum Kind {
    case ticTacToe(TicTacToeBot)
    case connectFour(ConnectFourBot)
    case wordGrid(WordGridBot, WordDictionary)
  }

  var kind: Kind
  /// The game's id, as `room` messages name it.
  var id: String
  /// The `queue` message that asks for this game.
  var queueMessage: String

  /// Whether it is a board game (tic-tac-toe, Connect Four), whose moves the load can pace.
  var isBoardGame: Bool {
    if case .wordGrid = self.kind { return false }
    return true
  }

  static func make(
    _ name: String, bot: TicTacToeBot, connectFourBot: ConnectFourBot, wordBot: WordGridBot
  ) throws -> LoadGame {
    func queue(_ variant: GameVariant) -> String { ClientRequest(.queue(GameChoice(variant))).json }
    switch name {
    case "tictactoe":
      return LoadGame(kind: .ticTacToe(bot), id: TicTacToe.id, queueMessage: queue(.ticTacToe))
    case "connectfour":
      return LoadGame(kind: .connectFour(connectFourBot), id: ConnectFour.id, queueMessage: queue(.connectFour))
    case "wordgrid-race", "wordgrid-turns":
      return LoadGame(
        kind: .wordGrid(wordBot, try WordDictionary.load()), id: WordGrid.id,
        queueMessage: queue(name == "wordgrid-race" ? .wordGridRace : .wordGridTurns))
    default:
      throw ValidationError("--game is tictactoe, connectfour, wordgrid-race or wordgrid-turns")
    }
  }

  // NB: Every board move's message, written once by the typed encoding: the load generator
  // shares the machine with the server, so what it spends per move is kept small.
  private static let ticTacToeMoves = (0..<9).map { index in
    ClientRequest(.move(TicTacToe.self, .mark(Cell(row: index / 3, column: index % 3)))).json
  }
  private static let connectFourMoves = GameServerConnectFour.Board.columnRange.map { column in
    ClientRequest(.move(ConnectFour.self, .drop(column: column))).json
  }

  /// The move of a board game's bot, given the view's `board` rows and the viewer's mark or
  /// disc: the protocol's message, or nil when it has none (or this is not a board game).
  func boardMove(rows: [String], as you: String, using generator: inout some RandomNumberGenerator) -> String? {
    switch self.kind {
    case let .ticTacToe(bot):
      guard rows.count == 3, let mark = Mark(rawValue: you),
        let cell = bot.move(on: GameServerTicTacToe.Board(rows[0], rows[1], rows[2]), as: mark, using: &generator)
      else { return nil }
      return Self.ticTacToeMoves[cell.row * 3 + cell.column]
    case let .connectFour(bot):
      guard rows.count == GameServerConnectFour.Board.rows, let disc = Disc(rawValue: you),
        let column = bot.move(on: GameServerConnectFour.Board(rows: rows), as: disc, using: &generator)
      else { return nil }
      return Self.connectFourMoves[column]
    case .wordGrid:
      return nil
    }
  }
}
