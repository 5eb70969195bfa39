import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

/// The played cells are kept packed in a number while they fit; these check they behave as the
/// list of cells they used to be, whatever is appended, and are logged the same way.
struct PlayedCellsTests {
  @Test func holdsWhatWasAppendedInOrder() {
    // NB: A list of cells as the model, with the same random appends: mostly on the board, some
    //     off it, and games of up to twelve cells, past the nine that pack.
    var generator = SeededRandomNumberGenerator(seed: 9)
    for _ in 0..<300 {
      var played = PlayedCells()
      var model: [Cell] = []
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        let cell =
          Int.random(in: 0..<10, using: &generator) == 0
          ? Cell(row: Int.random(in: -2...4, using: &generator), column: 3)
          : Cell(index: Int.random(in: 0..<9, using: &generator))!
        played.append(cell)
        model.append(cell)
        #expect(Array(played) == model)
        #expect(played.count == model.count)
        #expect(played.last == model.last)
      }
      #expect(played == PlayedCells(model))
      #expect(played.hashValue == PlayedCells(model).hashValue)
      played.removeAll()
      #expect(played.isEmpty)
      #expect(played == [])
    }
  }

  @Test func cellsThatDifferAreNotEqual() {
    let centre: PlayedCells = [Cell(row: 1, column: 1)]
    #expect(centre != [Cell(row: 1, column: 2)])
    #expect(centre != [Cell(row: 1, column: 1), Cell(row: 1, column: 1)])
    #expect(PlayedCells() != [Cell(row: 0, column: 0)])
    #expect(PlayedCells(Cell.all + [Cell(row: 0, column: 0)]) != PlayedCells(Cell.all + [Cell(row: 0, column: 1)]))
  }

  @Test func areLoggedAsTheListOfCells() throws {
    let cells = [Cell(row: 1, column: 1), Cell(row: 0, column: 2), Cell(row: -1, column: 10)]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for prefix in [0, 2, 3] {
      let played = PlayedCells(cells.prefix(prefix))
      let json = try encoder.encode(played)
      #expect(json == (try encoder.encode(Array(cells.prefix(prefix)))))
      #expect(try JSONDecoder().decode(PlayedCells.self, from: json) == played)
    }
  }
}
