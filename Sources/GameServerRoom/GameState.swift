import GameServerTicTacToe
import GameServerWordGrid

/// The game a room plays.
public enum GameState: Equatable, Codable, Sendable {
  case ticTacToe(TicTacToe.State)
  case wordGrid(WordGrid.State)

  /// Whether the current game is over.
  public var isOver: Bool {
    switch self {
    case let .ticTacToe(game): game.outcome != nil
    case let .wordGrid(game): game.status != .playing
    }
  }
}
