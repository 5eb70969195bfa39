import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

/// The board keeps its marks packed in a number; these check it behaves as the list of nine
/// cells it used to be, and is logged the same way.
struct BoardTests {
  @Test func eachCellKeepsItsOwnMark() {
    // NB: A list of nine cells as the model, changed by the same random writes.
    var generator = SeededRandomNumberGenerator(seed: 16)
    var board = Board()
    var model = [Mark?](repeating: nil, count: 9)
    for _ in 0..<2_000 {
      let index = Int.random(in: 0..<9, using: &generator)
      let mark = [nil, Mark.x, Mark.o].randomElement(using: &generator)!
      board[Cell(index: index)!] = mark
      model[index] = mark
      #expect(board.cells == model)
      #expect(board.isFull == !model.contains(nil))
      #expect(board.count(of: .x) == model.count { $0 == .x })
    }
  }

  @Test func rowsReadAsTheyWereWritten() {
    let board = Board("XO.", ".X.", "..O")
    #expect(board.rows == ["XO.", ".X.", "..O"])
    #expect(Board(rows: board.rows) == board)
    #expect(board.emptyCells.count == 5)
    #expect(Board("XXX", "OO.", "...").winningLine?.mark == .x)
  }

  @Test func aBoardIsLoggedAsItAlwaysWas() throws {
    // NB: Room logs hold boards in snapshots: the JSON of the old list of cells.
    let board = Board("XO.", ".X.", "..O")
    let json = String(decoding: try JSONEncoder().encode(board), as: UTF8.self)
    #expect(json == #"{"cells":["X","O",null,null,"X",null,null,null,"O"]}"#)
    #expect(try JSONDecoder().decode(Board.self, from: Data(json.utf8)) == board)
  }

  @Test func aBoardOfTheWrongSizeIsRefused() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Board.self, from: Data(#"{"cells":["X",null]}"#.utf8))
    }
  }
}
