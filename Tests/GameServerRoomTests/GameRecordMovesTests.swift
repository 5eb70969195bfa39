import GameServerGame
import GameServerRoom
import GameServerTicTacToe
import GameServerWire
import Testing

struct GameRecordMovesTests {
  @Test func aTicTacToeRecordsMovesAreTheirEncodableJSON() throws {
    let games: [[Cell]] = [
      [], [Cell(row: 1, column: 1)], Cell.all,
      [Cell(row: 2, column: 0), Cell(row: 0, column: 2), Cell(row: -1, column: 10)],
    ]
    for moves in games {
      var game = TicTacToe.State(x: "alice", o: "bob")
      game.moves = PlayedCells(moves)
      let room = Room.State(
        id: RoomID(rawValue: "room-1"),
        seats: [Seat(player: "alice", name: "Alice"), Seat(player: "bob", name: "Bob")],
        game: RoomGame(TicTacToe.self, game))
      #expect(room.result.moves == (try JSONStreamEncoder.string(moves)))
      #expect(room.result.variant == .ticTacToe)
    }
  }
}
