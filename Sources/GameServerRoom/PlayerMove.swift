import GameServerGameCore
import GameServerTicTacToe
import GameServerWordGrid

/// A move a seated player makes in a room's game.
///
/// ```swift
/// store.send(.event(.play("alice", .mark(Cell(row: 1, column: 1)))))
/// ```
public enum PlayerMove: Hashable, Codable, Sendable {
  /// Tic-tac-toe: put your mark on a cell.
  case mark(Cell)
  /// Word grid: trace a word.
  case word([FacePosition])
  /// Word grid: remove a cube by hand.
  case removeCube(CubeIndex)
  /// Word grid, turns: pass.
  case pass
  /// Give up the game.
  case resign
  /// Tic-tac-toe: ask for another game.
  case rematch
}
