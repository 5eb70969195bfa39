import ComposableArchitecture
import DependenciesTestSupport
import Foundation
import GameServerCatalog
import GameServerCore
import GameServerDatabase
import GameServerRoom
import GameServerTicTacToe
import GameServerWordGrid
import Testing

/// Rooms open across the upgrade to games as plug-ins come back: these logs were written by the
/// server before it (commit 1eb87b7), playing over websockets.
@Suite(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
struct LegacyRoomLogTests {
  /// Ann moved, Ben left (which forfeited in the same line then), and Ann dropped.
  static let ticTacToe = [
    RoomLogEntry(
      room: "room-1", sequence: 0,
      payload:
        #"{"id":"room-1","variant":"tictactoe","seats":[{"player":"guest-4a727592ef12ec0b","name":"ann","isConnected":true,"hasLeft":false},{"player":"guest-cacb035ec6566123","name":"ben","isConnected":true,"hasLeft":false}],"spectators":[],"game":{"ticTacToe":{"_0":{"board":{"cells":[null,null,null,null,null,null,null,null,null]},"seats":["X","guest-4a727592ef12ec0b","O","guest-cacb035ec6566123"],"turn":"X","moveTimeLimit":[1,11553255926290448384],"moveNumber":0,"moves":[],"rematchRequests":[],"gameNumber":1}}},"gracePeriod":[1,11553255926290448384]}"#
    ),
    RoomLogEntry(
      room: "room-1", sequence: 1,
      payload: #"{"play":{"_0":"guest-4a727592ef12ec0b","_1":{"mark":{"_0":{"row":1,"column":1}}}}}"#),
    RoomLogEntry(room: "room-1", sequence: 2, payload: #"{"leave":{"_0":"guest-cacb035ec6566123"}}"#),
    RoomLogEntry(room: "room-1", sequence: 3, payload: #"{"disconnected":{"_0":"guest-4a727592ef12ec0b"}}"#),
  ]

  /// Cat against an easy bot in a word-grid race; Cat dropped.
  static let wordGrid = [
    RoomLogEntry(
      room: "room-2", sequence: 0,
      payload:
        #"{"id":"room-2","variant":"wordgrid-race","seats":[{"player":"guest-b2396fd5f859fbd1","name":"cat","isConnected":true,"hasLeft":false},{"player":"bot-room-2-1","name":"easy bot","bot":{"wordGrid":{"_0":"easy"}},"isConnected":false,"hasLeft":false}],"spectators":[],"game":{"wordGrid":{"_0":{"mode":"race","settings":{"raceDuration":[9,13979303336614035456],"turnLimit":40},"seed":7048913966021451714,"initialPuzzle":{"letters":["A","W","N","I","H","J","L","A","O","O","S","O","R","O","N","I","L","O","E","E","H","A","E","V","W","L","I","T","Y","J","E","N","O","H","N","T","I","O","E","I","A","L","E","I","N","QU","J","K","I","E","E","T","A","U","H","D","E","I","U","A","R","A","H","A","B","O","U","G","A","P","U","N","M","U","T","E","S","R","Y","E","F"],"inPlay":{"bits":134217727},"useCounts":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]},"puzzles":[{"letters":["A","W","N","I","H","J","L","A","O","O","S","O","R","O","N","I","L","O","E","E","H","A","E","V","W","L","I","T","Y","J","E","N","O","H","N","T","I","O","E","I","A","L","E","I","N","QU","J","K","I","E","E","T","A","U","H","D","E","I","U","A","R","A","H","A","B","O","U","G","A","P","U","N","M","U","T","E","S","R","Y","E","F"],"inPlay":{"bits":134217727},"useCounts":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]},{"letters":["A","W","N","I","H","J","L","A","O","O","S","O","R","O","N","I","L","O","E","E","H","A","E","V","W","L","I","T","Y","J","E","N","O","H","N","T","I","O","E","I","A","L","E","I","N","QU","J","K","I","E","E","T","A","U","H","D","E","I","U","A","R","A","H","A","B","O","U","G","A","P","U","N","M","U","T","E","S","R","Y","E","F"],"inPlay":{"bits":134217727},"useCounts":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}],"players":[{"id":"guest-b2396fd5f859fbd1","words":[],"score":0,"isFinished":false},{"id":"bot-room-2-1","words":[],"score":0,"isFinished":false}],"turn":0,"turnsTaken":0,"consecutivePasses":0,"removalsThisTurn":0,"status":{"playing":true}}}},"gracePeriod":[1,11553255926290448384]}"#
    ),
    RoomLogEntry(room: "room-2", sequence: 1, payload: #"{"disconnected":{"_0":"guest-b2396fd5f859fbd1"}}"#),
  ]

  @Test func aTicTacToeRoomComesBackWithItsForfeit() throws {
    let replayed = try withDependencies {
      $0.games = .standard
      $0.wordDictionary = .sample
    } operation: {
      try RoomLog.replay(Self.ticTacToe)
    }
    #expect(replayed.lastSequence == 3)
    #expect(replayed.gapAfter == nil)
    let room = replayed.room
    #expect(room.variant == .ticTacToe)
    let game = try #require(room.game.state(of: TicTacToe.self))
    #expect(game.moves == [Cell(row: 1, column: 1)])
    #expect(game.outcome == .resignation(winner: .x))
    #expect(room.seats.map(\.hasLeft) == [false, true])
    #expect(room.seats.map(\.isConnected) == [false, false])
  }

  @Test func aWordGridRoomComesBackWithItsBot() throws {
    let replayed = try withDependencies {
      $0.games = .standard
      $0.wordDictionary = .sample
    } operation: {
      try RoomLog.replay(Self.wordGrid)
    }
    let room = replayed.room
    #expect(room.variant == .wordGridRace)
    #expect(room.seats.map(\.bot) == [nil, "easy"])
    let game = try #require(room.game.state(of: WordGrid.self))
    #expect(game.players.count == 2)
    #expect(game.status == .playing)
    // Written again, it is in today's form, and reads back the same.
    let snapshot = RoomLogEntry(room: room.id, sequence: 9, encoding: room)
    #expect(!Room.State.isLegacySnapshot(snapshot.payload))
    let again = try withDependencies {
      $0.games = .standard
    } operation: {
      try RoomLog.replay([snapshot])
    }
    #expect(again.room == room)
  }
}
