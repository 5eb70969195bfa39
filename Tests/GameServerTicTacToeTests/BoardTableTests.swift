import GameServerGame
import GameServerTicTacToe
import Testing

/// `winningLine` and the view's rows use tables worked out once: every one of the 3⁹ boards
/// must come out as the plain definitions say.
struct BoardTableTests {
  private static let boards: [Board] = (0..<19_683).map { code in
    var board = Board()
    var rest = code
    for index in 0..<9 {
      board.cells[index] = [nil, Mark.x, Mark.o][rest % 3]
      rest /= 3
    }
    return board
  }

  @Test func winningLineIsTheFirstFullLine() {
    for board in Self.boards {
      let expected = Line.all.lazy.compactMap { line -> (Mark, Line)? in
        let marks = line.cells.map { board[$0] }
        guard let mark = marks[0], marks.allSatisfy({ $0 == mark }) else { return nil }
        return (mark, line)
      }.first
      let actual = board.winningLine
      #expect(actual?.mark == expected?.0 && actual?.line == expected?.1, "\(board.cells)")
    }
  }

  @Test func viewRowsSpellTheBoard() {
    for board in Self.boards {
      var game = TicTacToe.State(x: "alice", o: "bob")
      game.board = board
      let rows = (0...2).map { row in
        String((0...2).map { Character(board[Cell(row: row, column: $0)]?.rawValue ?? ".") })
      }
      #expect(game.view(for: nil).board == rows)
    }
  }
}
