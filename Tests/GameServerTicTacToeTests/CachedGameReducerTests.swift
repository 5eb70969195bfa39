import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

/// A room's game keeps its reducer for the whole game, so that what the reducer resolves once
/// (its clock, its date) stays resolved: also after the state box is copied because the room
/// still holds the state from before an action.
struct CachedGameReducerTests {
  @Test func theReducerMadeOnTheFirstActionIsKept() {
    withDependencies {
      $0.continuousClock = SettlingTestClock()
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      var storage: AnyObject = GameStateStorage(TicTacToe.State(x: "ada", o: "bob"))
      _ = GameWitness.of(TicTacToe.self).reduce(&storage, .start)
      let kept = (storage as! GameStateStorage<TicTacToe.State>).reducer
      // NB: Compared outside `#expect`: its expansion of `===` on `AnyObject?` crashes the
      //     6.3.1 compiler.
      let isKept = kept != nil
      #expect(isKept)
      // NB: The room holds the box from before the move: the move copies it.
      let before = storage
      _ = GameWitness.of(TicTacToe.self).reduce(
        &storage, .move("ada", AnyMove(TicTacToe.Move.mark(Cell(row: 1, column: 1)))))
      let isCopied = storage !== before
      #expect(isCopied)
      #expect((storage as! GameStateStorage<TicTacToe.State>).state.moveNumber == 1)
      let isTheSame = (storage as! GameStateStorage<TicTacToe.State>).reducer === kept
      #expect(isTheSame)
    }
  }
}
