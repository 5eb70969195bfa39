import ComposableArchitecture

/// What a room tells its game, whichever game it is: `RoomGameReducer` turns each into the
/// game's own action.
///
/// ```swift
/// store.send(.game(.move("alice", AnyMove(TicTacToe.Move.mark(Cell(row: 1, column: 1))))))
/// ```
@CasePathable
public enum GameInput: Equatable, Sendable {
  /// Start the game's clocks.
  case start
  /// A seated player's move.
  case move(PlayerID, AnyMove)
  /// A clock event from the room's log (a replay).
  case clock(AnyClockEvent)
  /// A seated player gives up.
  case forfeit(PlayerID)
  /// One of the game's own actions (its clocks, its answers).
  case action(AnyGameAction)
}
