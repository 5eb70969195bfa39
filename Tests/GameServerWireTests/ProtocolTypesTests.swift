import GameServerGame
import GameServerWire
import Testing

/// The protocol's own message types, which no game's move may take, are the ones the wire reads
/// as messages of its own.
struct ProtocolTypesTests {
  @Test(arguments: ClientMessage.protocolTypes.sorted())
  func aProtocolTypeIsNeverReadAsAMove(type: String) {
    // NB: Without its fields it may be refused; what matters is that it is not a move.
    if case let .success(request) = ClientRequest.decoding(Array(#"{"v":1,"type":"\#(type)"}"#.utf8)),
      case .move = request.message
    {
      Issue.record("\(type) is read as a move")
    }
  }

  @Test func anyOtherTypeIsReadAsAMove() throws {
    let request = try ClientRequest.decode(#"{"v":1,"type":"drop","column":3}"#)
    guard case let .move(move) = request.message else {
      Issue.record("drop is not read as a move")
      return
    }
    #expect(move.type == "drop")
    #expect(ClientMessage.protocolTypes.count == 22)
  }

  /// Every message of the protocol's own has its type among them (a game may not take it).
  @Test func everyMessageOfTheProtocolsOwnIsReserved() {
    let choice = GameChoice(game: "tictactoe")
    let messages: [ClientMessage] = [
      .guest(name: "a"), .register(name: "a", password: "p"), .login(name: "a", password: "p"), .resume(token: "t"),
      .logout, .queue(choice), .cancelQueue, .playBot(choice), .createRoom(choice), .joinRoom(code: "c"),
      .spectate(room: "room-1"), .leaveRoom, .startRoom, .leaderboard(choice), .rooms(game: nil), .history,
      .replay(number: 1), .chat(.oops), .watchLobby(nil), .unwatchLobby, .games, .ping,
    ]
    #expect(Set(messages.map(\.type)) == ClientMessage.protocolTypes)
  }

  /// Every declaration writes what it reads: each message of the protocol's own, with and
  /// without its optional fields, comes back from its JSON as it was.
  @Test func everyDeclarationReadsWhatItWrites() throws {
    let choice = GameChoice(game: "wordgrid", mode: "race", players: 3, bot: "easy")
    let messages: [ClientMessage] = [
      .guest(name: "a"), .register(name: "a", password: "p"), .login(name: "a", password: "p"), .resume(token: "t"),
      .logout, .queue(choice), .cancelQueue, .playBot(choice), .createRoom(choice), .joinRoom(code: "c"),
      .spectate(room: "room-1"), .leaveRoom, .startRoom, .leaderboard(choice), .rooms(game: nil),
      .rooms(game: "wordgrid"), .history, .replay(number: 1), .chat(.oops), .watchLobby(nil),
      .watchLobby(GameChoice(game: "wordgrid", mode: "race")), .unwatchLobby, .games, .ping,
    ]
    for message in messages {
      #expect(try ClientRequest.decode(ClientRequest(id: "r", message).json) == ClientRequest(id: "r", message))
    }
  }
}
