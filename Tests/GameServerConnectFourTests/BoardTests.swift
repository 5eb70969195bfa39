import GameServerConnectFour
import Testing

struct BoardTests {
  @Test func discsLandOnTheLowestEmptyCell() {
    var board = Board()
    #expect(board.drop(.x, inColumn: 6) == c(5, 6))
    #expect(board.drop(.o, inColumn: 6) == c(4, 6))
    #expect(board.height(ofColumn: 6) == 2)
    #expect(board.topCell(inColumn: 6) == c(4, 6))
    #expect(board.topCell(inColumn: 0) == nil)
    #expect(board.landingCell(inColumn: 0) == c(5, 0))
  }

  @Test func columnsOffTheBoardOrFullTakeNoDisc() {
    var board = Board("X......", "O......", "X......", "O......", "X......", "O......")
    let before = board
    for column in [0, -1, 7, Int.max, Int.min] {
      #expect(board.drop(.x, inColumn: column) == nil)
      #expect(board.landingCell(inColumn: column) == nil)
    }
    #expect(board == before)
    #expect(board.legalColumns == [1, 2, 3, 4, 5, 6])
    #expect(!board.isFull)
  }

  @Test func aLongerRunGivesItsFirstFour() {
    let board = Board(".......", ".......", ".......", ".......", ".......", ".XXXXX.")
    #expect(board.fourInARow(through: c(5, 5)) == [c(5, 1), c(5, 2), c(5, 3), c(5, 4)])
    #expect(board.fourInARow(through: c(5, 0)) == nil)
  }

  @Test func threeInARowIsNotFour() {
    let board = Board(".......", ".......", ".......", "...X...", "..XO...", ".XOO...")
    #expect(board.fourInARow(through: c(3, 3)) == nil)
    #expect(board.fourInARow(through: c(5, 3)) == nil)
  }
}
