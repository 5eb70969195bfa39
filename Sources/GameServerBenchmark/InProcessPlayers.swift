import GameServerGameCore
import GameServerModels
import GameServerTicTacToe

/// The load bots' tic-tac-toe players, in process: they read the server's messages as values
/// (what a client decodes is the client's cost, not the server's) and answer in protocol JSON,
/// which the benchmark decodes as the transport's handler does.
struct InProcessPlayers {
  // NB: Seeded, as the websocket load bots are, so that runs play the same games.
  private var generator = SeededRandomNumberGenerator(seed: 1)
  private var rematchAsked: [ConnectionID: Int] = [:]
  private var movedAt: [ConnectionID: [Int]] = [:]
  private(set) var views = 0
  private(set) var moves = 0

  /// What `connection` sends back on receiving `message`, if anything.
  mutating func reply(to message: ServerMessage, on connection: ConnectionID) -> String? {
    switch message {
    case .welcome:
      return #"{"v":1,"type":"queue","game":"tictactoe"}"#
    case let .ticTacToe(_, view, _):
      self.views += 1
      guard let you = view.you else { return nil }
      if view.outcome != nil {
        // NB: Once per game, as the websocket bots do.
        guard !view.rematchRequests.contains(you), self.rematchAsked[connection] != view.gameNumber else { return nil }
        self.rematchAsked[connection] = view.gameNumber
        return #"{"v":1,"type":"rematch"}"#
      }
      let position = [view.gameNumber, view.moveNumber]
      guard view.turn == you, self.movedAt[connection] != position, view.board.count == 3,
        let cell = TicTacToeBot.random.move(
          on: Board(view.board[0], view.board[1], view.board[2]), as: you, using: &self.generator)
      else { return nil }
      self.movedAt[connection] = position
      self.moves += 1
      return #"{"v":1,"type":"move","cell":{"row":\#(cell.row),"column":\#(cell.column)}}"#
    default:
      return nil
    }
  }
}
