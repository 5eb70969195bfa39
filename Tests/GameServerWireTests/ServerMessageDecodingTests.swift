import Foundation
import GameServerGame
import GameServerJSON
import GameServerWire
import Testing

/// Every kind of server message reads back as the server wrote it.
struct ServerMessageDecodingTests {
  static let view = RoomView(
    room: "room-1", game: "tictactoe", mode: nil, writeSeats: { $0.raw(#"[{"player":"ada","name":"Ada"}]"#) }
  ) { $0.raw(#"{"turn":"X","board":["X..","...","..."],"you":"O"}"#) }

  static let messages: [ServerMessage] = [
    .welcome(
      .init(
        player: "ada", name: "Ada", guest: true, token: "t", ratings: ["tictactoe": 1216], room: "room-1", replyTo: "1")
    ),
    .error(ProtocolError(code: "unavailable", message: "Try again.", requestID: "2", retryAfter: 3)),
    .error(ProtocolError(code: "not_your_turn", message: "It is not your turn.", requestID: nil)),
    .queued(GameVariant(game: "wordgrid", mode: "race"), replyTo: "3"),
    .queueLeft(reason: "room_closed", replyTo: nil),
    .queueLeft(reason: nil, replyTo: "4"),
    .privateRoom(code: "K7QX2", GameVariant(game: "tictactoe"), replyTo: "5"),
    .lobby(
      Lobby(code: "K7QX2", variant: GameVariant(game: "wordgrid", mode: "race"), seats: 4, players: ["ada", "bob"])),
    .room(Self.view, replyTo: "6"),
    .room(RoomView(room: "room-2", game: "wordgrid", mode: "race") { $0.raw(#"{"a":[1,2.5,null,true]}"#) }),
    .roomLeft("room-1", reason: "left", replyTo: nil),
    .leaderboard(
      GameVariant(game: "connectfour"), [LeaderboardEntry(name: "Ada", rating: 1216, wins: 3, losses: 1, draws: 0)],
      replyTo: "7"),
    .games(
      [
        GameListing(
          game: "nim", title: "Nim", modes: [GameListing.Mode(mode: "standard", players: 2...2)], bots: ["random"])
      ],
      replyTo: nil),
    .rooms(
      [RoomListing(room: "room-5", game: "connectfour", mode: "standard", players: ["ada", "bob"], spectators: 2)],
      replyTo: "8"),
    .history(
      [
        GameSummary(
          room: "room-6", game: "tictactoe", mode: "standard", players: ["ada", "bob"], winners: ["ada"], result: "win"),
        GameSummary(
          room: "room-7", game: "tictactoe", mode: "standard", players: ["ada", "bob"], winners: [], result: "draw",
          finishedAt: 1_764_316_800_000, number: 12),
      ],
      replyTo: "9"),
    .replay(ReplayFrames(number: 12, frames: [Self.view, Self.view]), replyTo: "12"),
    .replay(ReplayFrames(number: 9_007_199_254_740_992, frames: []), replyTo: nil),
    .chat(RoomChat(room: "room-1", player: "ada", phrase: .wellPlayed)),
    .rating(RatingChange(room: "room-6", variant: GameVariant(game: "tictactoe"), rating: 1232, change: 16)),
    .moved("room-7", url: "ws://127.0.0.1:9001/"),
    .joinElsewhere(code: "K7QX2", url: "ws://127.0.0.1:9002/", replyTo: "10"),
    .goodbye(replyTo: "11"),
    .pong(replyTo: nil),
  ]

  @Test(arguments: Self.messages)
  func readsBackWhatTheServerWrote(_ message: ServerMessage) throws {
    let decoded = try ServerMessage.decode(message.jsonBytes)
    #expect(decoded.type == message.type)
    #expect(decoded.replyTo == message.replyTo)
    // NB: A view is the same JSON, its keys perhaps in another order.
    #expect(try JSONParser.parse(decoded.jsonBytes) == JSONParser.parse(message.jsonBytes))
    switch message {
    case .room, .replay: break
    default: #expect(decoded == message)
    }
  }

  /// A replay is written from its frames' bytes as they are, and reads as its `Encodable` form.
  @Test func aReplayIsWrittenAsItsEncodableFormSays() throws {
    let message = ServerMessage.replay(ReplayFrames(number: 12, frames: [Self.view, Self.view]), replyTo: "12")
    #expect(try JSONParser.parse(message.jsonBytes) == JSONParser.parse(JSONStreamEncoder.encode(message)))
    guard case let .replay(replay, _) = try ServerMessage.decode(message.jsonBytes) else {
      Issue.record("not a replay")
      return
    }
    #expect(replay.number == 12)
    let expected = try JSONParser.parse(Self.view.json)
    #expect(try replay.frames.map { try JSONParser.parse($0.json) } == [expected, expected])
  }

  @Test func aRoomsViewReadsAsTheGamesView() throws {
    struct View: Decodable, Equatable {
      var turn: String
      var board: [String]
      var you: String
    }
    guard case let .room(room, _) = try ServerMessage.decode(ServerMessage.room(Self.view).jsonBytes) else {
      Issue.record("not a room")
      return
    }
    #expect(try room.view(View.self) == View(turn: "X", board: ["X..", "...", "..."], you: "O"))
  }

  @Test func anUnknownTypeIsRefused() {
    #expect(throws: DecodingError.self) { try ServerMessage.decode(Array(#"{"v":1,"type":"fly"}"#.utf8)) }
  }
}
