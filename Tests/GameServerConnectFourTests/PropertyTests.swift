import DependenciesTestSupport
import Foundation
import GameServerConnectFour
import GameServerGame
import Testing

/// Random bots play many games through the reducer; the rules' invariants must hold after
/// every move.
@Suite(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
struct PropertyTests {
  func checkInvariants(_ state: ConnectFour.State) {
    let xs = state.board.count(of: .x)
    let os = state.board.count(of: .o)
    #expect(xs == os || xs == os + 1)
    #expect(state.moveNumber == xs + os)
    #expect(state.moves.count == state.moveNumber)
    // Every disc rests on another or on the bottom.
    for cell in Cell.all where cell.row < Board.rows - 1 && state.board[cell] != nil {
      #expect(state.board[Cell(row: cell.row + 1, column: cell.column)] != nil)
    }
    let fours = Cell.all.compactMap { state.board.fourInARow(through: $0) }
    switch state.outcome {
    case nil:
      #expect(fours.isEmpty)
      #expect(!state.board.isFull)
      #expect(state.turn == (xs == os ? .x : .o))
    case let .win(disc, cells)?:
      #expect(cells.count == 4)
      #expect(cells.allSatisfy { state.board[$0] == disc })
      #expect(cells.contains(state.board.topCell(inColumn: state.moves.last!)!))
    case .draw?:
      #expect(fours.isEmpty)
      #expect(state.board.isFull)
    case .resignation?, .timeout?:
      Issue.record("Bots neither resign nor time out")
    }
  }

  @Test func randomPlayKeepsTheInvariants() {
    let reducer = ConnectFour()
    for seed: UInt64 in 0..<100 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      var state = ConnectFour.State(x: "x", o: "o")
      while state.outcome == nil {
        let column = ConnectFourBot.random.move(on: state.board, as: state.turn, using: &generator)!
        _ = reducer.reduce(into: &state, action: .drop(state.seats[state.turn]!, column: column))
        checkInvariants(state)
      }
    }
  }
}
