import Foundation
import GameServerGame
import GameServerRoom
import GameServerTicTacToe
import GameServerWire
import GameServerWordGrid
import Testing

/// A room's log line is its event's `Encodable` form, written fast, and reads back with the
/// room's game. The lines are those of the protocol-v1 server's logs.
struct RoomEventJSONTests {
  private static let players: [PlayerID] = [
    "alice", "guest-7f3a", "quote\"and\\slash", "tab\tnew\nline", "ünï©ødé 🎲", "",
  ]
  private static let ticTacToe = RoomGame(TicTacToe.self, TicTacToe.State(x: "alice", o: "bob"))
  private static let wordGrid = RoomGame(
    WordGrid.self,
    WordGrid.State(mode: .race, players: ["alice", "bob"], puzzle: Puzzle.random(using: &Self.generator), seed: 1))
  nonisolated(unsafe) private static var generator = SeededRandomNumberGenerator(seed: 1)

  private func roundTrips(_ event: RoomEvent, in game: RoomGame) throws {
    let text = try #require(event.jsonText)
    #expect(text == (try JSONStreamEncoder.string(event)))
    #expect(try RoomEvent.decode(Data(text.utf8), game: game) == event)
  }

  @Test func aMarkIsWrittenAsTheLogAlwaysHadIt() throws {
    let event = RoomEvent.play("alice", AnyMove(TicTacToe.Move.mark(Cell(row: 1, column: 2))))
    #expect(event.jsonText == #"{"play":{"_0":"alice","_1":{"mark":{"_0":{"row":1,"column":2}}}}}"#)
    #expect(
      RoomEvent.clock(AnyClockEvent(TicTacToe.ClockEvent.moveTimeExpired(moveNumber: 3))).jsonText
        == #"{"moveTimeExpired":{"moveNumber":3}}"#)
    #expect(RoomEvent.clock(AnyClockEvent(WordGrid.ClockEvent.raceTimeUp)).jsonText == #"{"raceTimeUp":{}}"#)
    for player in Self.players {
      for cell in Cell.all + [Cell(row: -1, column: 7)] {
        try self.roundTrips(.play(player, AnyMove(TicTacToe.Move.mark(cell))), in: Self.ticTacToe)
      }
    }
  }

  @Test func everyOtherEventReadsBack() throws {
    for player in Self.players {
      let ticTacToe: [RoomEvent] = [
        .play(player, AnyMove(TicTacToe.Move.resign)), .play(player, AnyMove(TicTacToe.Move.rematch)),
        .clock(AnyClockEvent(TicTacToe.ClockEvent.moveTimeExpired(moveNumber: 0))),
        .clock(AnyClockEvent(TicTacToe.ClockEvent.moveTimeExpired(moveNumber: -12))),
        .forfeit(player), .disconnected(player), .reconnected(player), .graceExpired(player), .leave(player),
      ]
      for event in ticTacToe { try self.roundTrips(event, in: Self.ticTacToe) }
      let wordGrid: [RoomEvent] = [
        .play(player, AnyMove(WordGrid.Move.word([FacePosition(cube: CubeIndex(x: 0, y: 1, z: 2), side: .right)]))),
        .play(player, AnyMove(WordGrid.Move.removeCube(CubeIndex(x: 1, y: 1, z: 1)))),
        .play(player, AnyMove(WordGrid.Move.pass)), .clock(AnyClockEvent(WordGrid.ClockEvent.raceTimeUp)),
      ]
      for event in wordGrid { try self.roundTrips(event, in: Self.wordGrid) }
    }
  }

  @Test func aMoveOfAnotherGameDoesNotRead() {
    let line = #"{"play":{"_0":"alice","_1":{"mark":{"_0":{"row":1,"column":2}}}}}"#
    #expect(throws: (any Error).self) { try RoomEvent.decode(Data(line.utf8), game: Self.wordGrid) }
  }

  @Test func quotedMatchesTheEncodersStrings() throws {
    for player in Self.players {
      #expect(JSONStreamEncoder.quoted(player.rawValue) == (try JSONStreamEncoder.string(player.rawValue)))
    }
  }
}
