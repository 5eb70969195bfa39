import Foundation
import GameServerGame
import GameServerWire
import Testing

/// The stream encoder writes JSON that Foundation reads back as the same values.
struct JSONStreamEncoderTests {
  struct Sample: Codable, Equatable {
    struct Inner: Codable, Equatable {
      var values: [Int]
      var flag: Bool?
    }

    var text: String
    var number: Double
    var small: Int8
    var big: UInt64
    var missing: String?
    var inner: Inner
    var list: [Inner]
    var table: [String: Int]
    var nested: [[String]]
    var empty: [Int]
    var optionals: [Int?]
  }

  let sample = Sample(
    text: "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀", number: -12.25, small: -128,
    big: .max, missing: nil, inner: .init(values: [1, -2, 3], flag: true),
    list: [.init(values: [], flag: nil), .init(values: [0], flag: false)], table: ["a": 1, "b": -2],
    nested: [[], ["x"], ["y", "z"]], empty: [], optionals: [1, nil, 3])

  @Test func roundTripsThroughFoundation() throws {
    let bytes = try JSONStreamEncoder.encode(self.sample)
    #expect(try JSONDecoder().decode(Sample.self, from: Data(bytes)) == self.sample)
    #expect(try JSONParser.parse(bytes)["missing"] == nil)
  }

  @Test func writesCompactJSONInOrder() throws {
    let inner = Sample.Inner(values: [1, 2], flag: nil)
    #expect(try JSONStreamEncoder.string(inner) == #"{"values":[1,2]}"#)
    #expect(try JSONStreamEncoder.string([1.5, 2, -0.25]) == "[1.5,2,-0.25]")
    #expect(try JSONStreamEncoder.string("a\u{01}b") == #""a\u0001b""#)
  }

  @Test func refusesNonFiniteNumbers() {
    #expect(throws: EncodingError.self) { try JSONStreamEncoder.encode([Double.nan]) }
    #expect(throws: EncodingError.self) { try JSONStreamEncoder.encode(["x": Double.infinity]) }
  }

  @Test func messagesMatchFoundation() throws {
    let view = RoomView(room: "room-\"1\"", game: "tictactoe", mode: nil) { try? $0.encode(self.sample) }
    let moded = RoomView(room: "room-2", game: "wordgrid", mode: "race") { try? $0.encode(["a": [1, 2]]) }
    let messages: [ServerMessage] = [
      .room(view),
      .room(view, replyTo: "m\u{e9}"),
      .room(moded, replyTo: "r\"1"),
      .room(
        RoomView(room: "room-2", game: "wordgrid", mode: "race", replyTo: "w\"2") { $0.raw("{}") }, replyTo: "w\"2"),
      // Written for one request, sent as the answer to another, or to none.
      .room(RoomView(room: "room-2", game: "wordgrid", mode: "race", replyTo: "w") { $0.raw("{}") }, replyTo: "x"),
      .room(RoomView(room: "room-2", game: "wordgrid", mode: "race", replyTo: "w") { $0.raw("{}") }),
      .roomLeft("room-1", reason: "left", replyTo: "l"),
      .welcome(
        .init(
          player: "ada", name: "Ada", guest: false, token: "t", ratings: ["tictactoe": 1216], room: nil, replyTo: "1")),
      .error(ProtocolError(code: "not_your_turn", message: "It is not your turn.", requestID: "7")),
      .leaderboard(
        GameVariant(game: "tictactoe"), [LeaderboardEntry(name: "Ada", rating: 1216, wins: 1, losses: 0, draws: 0)],
        replyTo: nil),
      .pong(replyTo: nil),
      .rating(
        RatingChange(room: "room-\"3", variant: GameVariant(game: "wordgrid", mode: "race"), rating: 1192, change: -8)),
      .room(
        RoomView(
          room: "room-4", game: "tictactoe", mode: nil, writeSeats: { $0.raw(#"[{"player":"ada","name":"Ada"}]"#) }
        ) {
          try? $0.encode(["b": 1])
        }),
      .lobby(
        Lobby(code: "K7QX2", variant: GameVariant(game: "wordgrid", mode: "race"), seats: 4, players: ["ada", "bob"])),
      .rooms(
        [RoomListing(room: "room-5", game: "connectfour", mode: "standard", players: ["ada", "bob"], spectators: 2)],
        replyTo: "r"),
      .queueLeft(reason: "room_closed", replyTo: nil),
    ]
    // The rating is written directly: byte for byte its Encodable form.
    let rating = ServerMessage.rating(
      RatingChange(room: "room-6", variant: GameVariant(game: "tictactoe"), rating: 1216, change: 16))
    #expect(
      rating.json
        == #"{"v":1,"type":"rating","room":"room-6","game":"tictactoe","mode":"standard","rating":1216,"change":16}"#)
    #expect(rating.jsonBytes == (try JSONStreamEncoder.encode(rating)))
    #expect(try JSONParser.parse(Array(view.viewJSON)) == JSONParser.parse(try JSONStreamEncoder.encode(self.sample)))
    for message in messages {
      let ours = try JSONParser.parse(message.jsonBytes)
      let foundation = try JSONParser.parse(Array(try JSONEncoder().encode(message)))
      #expect(ours == foundation)
    }
  }
}
