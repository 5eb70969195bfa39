import Foundation
import GameServerGame
import GameServerWire
import Testing

/// The wire protocol article's examples decode to the messages they describe.
struct ClientMessageTests {
  @Test(arguments: [
    (#"{"v":1,"id":"1","type":"guest","name":"ada"}"#, ClientRequest(id: "1", .guest(name: "ada"))),
    (
      #"{"v":1,"type":"register","name":"ada","password":"correct horse"}"#,
      ClientRequest(.register(name: "ada", password: "correct horse"))
    ),
    (
      #"{"v":1,"type":"login","name":"ada","password":"correct horse"}"#,
      ClientRequest(.login(name: "ada", password: "correct horse"))
    ),
    (#"{"v":1,"type":"resume","token":"9f2c"}"#, ClientRequest(.resume(token: "9f2c"))),
    (#"{"v":1,"type":"logout"}"#, ClientRequest(.logout)),
    (
      #"{"v":1,"type":"queue","game":"wordgrid","mode":"race"}"#,
      ClientRequest(.queue(GameChoice(game: "wordgrid", mode: "race")))
    ),
    (#"{"v":1,"type":"cancelQueue"}"#, ClientRequest(.cancelQueue)),
    (#"{"v":1,"type":"playBot","game":"tictactoe"}"#, ClientRequest(.playBot(GameChoice(game: "tictactoe")))),
    (
      #"{"v":1,"type":"createRoom","game":"wordgrid","mode":"turns"}"#,
      ClientRequest(.createRoom(GameChoice(game: "wordgrid", mode: "turns")))
    ),
    (#"{"v":1,"type":"joinRoom","code":"K7QXD"}"#, ClientRequest(.joinRoom(code: "K7QXD"))),
    (#"{"v":1,"type":"spectate","room":"room-3"}"#, ClientRequest(.spectate(room: "room-3"))),
    // A room of a cluster's shared queue: `room-` and 32 hex digits.
    (
      #"{"v":1,"type":"spectate","room":"room-0f1e2d3c4b5a69788796a5b4c3d2e1f0"}"#,
      ClientRequest(.spectate(room: "room-0f1e2d3c4b5a69788796a5b4c3d2e1f0"))
    ),
    (#"{"v":1,"type":"leaveRoom"}"#, ClientRequest(.leaveRoom)),
    (#"{"v":1,"type":"leaderboard","game":"tictactoe"}"#, ClientRequest(.leaderboard(GameChoice(game: "tictactoe")))),
    (#"{"v":1,"type":"ping","extra":"ignored"}"#, ClientRequest(.ping)),
    (#"{"v":1,"id":"r","type":"replay","number":12}"#, ClientRequest(id: "r", .replay(number: 12))),
    (#"{"v":1,"type":"replay","number":9007199254740992}"#, ClientRequest(.replay(number: 9_007_199_254_740_992))),
    (#"{"v":1,"type":"chat","phrase":"wellPlayed"}"#, ClientRequest(.chat(.wellPlayed))),
  ])
  func decodes(text: String, expected: ClientRequest) throws {
    #expect(try ClientRequest.decode(text) == expected)
  }

  /// The typed encoding the tests and the testing kit send gives back the same request, and
  /// writes `v`, `id` and `type` first.
  @Test func encodesWhatItDecodes() throws {
    let requests: [ClientRequest] = [
      ClientRequest(id: "1", .guest(name: "ada \"quoted\"")),
      ClientRequest(.register(name: "ada", password: "correct horse")),
      ClientRequest(.login(name: "ada", password: "pw")), ClientRequest(.resume(token: "9f2c")), ClientRequest(.logout),
      ClientRequest(.queue(GameChoice(game: "wordgrid", mode: "race"))), ClientRequest(.cancelQueue),
      ClientRequest(id: "b", .playBot(GameChoice(game: "tictactoe"))),
      ClientRequest(.createRoom(GameChoice(game: "connectfour"))),
      ClientRequest(.joinRoom(code: "K7QXD")), ClientRequest(.spectate(room: "room-3")), ClientRequest(.leaveRoom),
      ClientRequest(.leaderboard(GameChoice(game: "wordgrid", mode: "turns"))), ClientRequest(.games),
      ClientRequest(.ping),
      ClientRequest(id: "r", .replay(number: 12)), ClientRequest(.chat(.goodLuck)),
    ]
    for request in requests {
      #expect(try ClientRequest.decode(request.json) == request)
    }
    #expect(ClientRequest(id: "1", .guest(name: "ada")).json == #"{"v":1,"id":"1","type":"guest","name":"ada"}"#)
    let move = ClientRequest(id: "m", .move("move", ["cell": ["row": 1, "column": 2]]))
    #expect(move.json == #"{"v":1,"id":"m","type":"move","cell":{"column":2,"row":1}}"#)
    guard case let .move(decoded) = try ClientRequest.decode(move.json).message else {
      Issue.record("Not a move")
      return
    }
    #expect(decoded.type == "move")
    #expect(try decoded.fields.object("cell").int("column") == 2)
  }

  /// Any other type is a game's move, with every field of the message, for the room's game to
  /// read (and the server to refuse, `unknown_type`, when no game has it).
  @Test func otherTypesAreMovesForTheGame() throws {
    let request = try ClientRequest.decode(#"{"v":1,"id":"m","type":"move","cell":{"row":1,"column":1}}"#)
    guard case let .move(move) = request.message else {
      Issue.record("Not a move: \(request.message)")
      return
    }
    #expect(move.type == "move")
    #expect(move.fields.requestID == "m")
    let cell = try move.fields.object("cell")
    #expect(try cell.int("row") == 1)
    #expect(throws: ProtocolError.missingField("cell.depth", requestID: "m")) {
      try move.fields.object("cell").int("depth")
    }
    #expect(request.message.type == "move")
  }

  /// The browser client names the quick-chat phrases as the server does, in the same words.
  @Test func theBrowserClientSaysThePhrasesTheServerKnows() throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/GameServerMain/Public/client.js")
    let text = try String(contentsOf: script, encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("const PHRASES = {") })
    let expected = ChatPhrase.allCases.map { "\($0.rawValue): \"\($0.text)\"" }.joined(separator: ", ")
    #expect(line == "const PHRASES = { \(expected) };")
  }
}
