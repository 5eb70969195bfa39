import GameServerGameCore
import GameServerModels
import Testing
import GameServerTicTacToe
import GameServerWordGrid

/// The README's examples decode to the messages they describe.
struct ClientMessageTests {
  @Test(arguments: [
    (#"{"v":1,"id":"1","type":"guest","name":"ada"}"#, ClientRequest(id: "1", .guest(name: "ada"))),
    (#"{"v":1,"type":"register","name":"ada","password":"correct horse"}"#, ClientRequest(.register(name: "ada", password: "correct horse"))),
    (#"{"v":1,"type":"login","name":"ada","password":"correct horse"}"#, ClientRequest(.login(name: "ada", password: "correct horse"))),
    (#"{"v":1,"type":"resume","token":"9f2c"}"#, ClientRequest(.resume(token: "9f2c"))),
    (#"{"v":1,"type":"logout"}"#, ClientRequest(.logout)),
    (#"{"v":1,"type":"queue","game":"wordgrid","mode":"race"}"#, ClientRequest(.queue(.wordGridRace))),
    (#"{"v":1,"type":"cancelQueue"}"#, ClientRequest(.cancelQueue)),
    (#"{"v":1,"type":"playBot","game":"tictactoe"}"#, ClientRequest(.playBot(.ticTacToe))),
    (#"{"v":1,"type":"createRoom","game":"wordgrid","mode":"turns"}"#, ClientRequest(.createRoom(.wordGridTurns))),
    (#"{"v":1,"type":"joinRoom","code":"K7QXD"}"#, ClientRequest(.joinRoom(code: "K7QXD"))),
    (#"{"v":1,"type":"spectate","room":"room-3"}"#, ClientRequest(.spectate(room: "room-3"))),
    (#"{"v":1,"type":"leaveRoom"}"#, ClientRequest(.leaveRoom)),
    (#"{"v":1,"type":"move","cell":{"row":1,"column":1}}"#, ClientRequest(.move(Cell(row: 1, column: 1)))),
    (#"{"v":1,"type":"word","path":[{"x":2,"y":1,"z":0,"face":"right"}]}"#, ClientRequest(.word([FacePosition(x: 2, y: 1, z: 0, side: .right)]))),
    (#"{"v":1,"type":"removeCube","cube":{"x":2,"y":2,"z":2}}"#, ClientRequest(.removeCube(CubeIndex(x: 2, y: 2, z: 2)))),
    (#"{"v":1,"type":"pass"}"#, ClientRequest(.pass)),
    (#"{"v":1,"type":"resign"}"#, ClientRequest(.resign)),
    (#"{"v":1,"type":"rematch"}"#, ClientRequest(.rematch)),
    (#"{"v":1,"type":"leaderboard","game":"tictactoe"}"#, ClientRequest(.leaderboard(.ticTacToe))),
    (#"{"v":1,"type":"ping","extra":"ignored"}"#, ClientRequest(.ping)),
  ])
  func decodes(text: String, expected: ClientRequest) throws {
    #expect(try ClientRequest.decode(text) == expected)
  }

  @Test func pathsAreLimited() {
    let face = #"{"x":2,"y":1,"z":0,"face":"right"}"#
    let path = Array(repeating: face, count: 28).joined(separator: ",")
    #expect(throws: ProtocolError.tooLong("path", limit: 27, requestID: "p")) {
      try ClientRequest.decode(#"{"v":1,"id":"p","type":"word","path":[\#(path)]}"#)
    }
  }

  @Test func nestedFieldsAreNamedInErrors() {
    #expect(throws: ProtocolError.wrongType("path[1].x", expected: "a whole number", requestID: nil)) {
      try ClientRequest.decode(#"{"v":1,"type":"word","path":[{"x":2,"y":1,"z":0,"face":"right"},{"x":"2","y":1,"z":0,"face":"top"}]}"#)
    }
    #expect(throws: ProtocolError.missingField("cell.column", requestID: nil)) {
      try ClientRequest.decode(#"{"v":1,"type":"move","cell":{"row":1}}"#)
    }
  }
}
