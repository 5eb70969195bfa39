import Foundation
import GameServerGameCore
import GameServerModels
import Testing
import GameServerTicTacToe
import GameServerWordGrid

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

  @Test func theHandWrittenTicTacToeMessageIsTheEncodableOne() throws {
    let outcomes: [Outcome?] = [
      nil, .draw, .resignation(winner: .o), .timeout(winner: .x),
      .win(.x, line: Line(kind: .row(2))), .win(.o, line: Line(kind: .column(0))),
      .win(.x, line: Line(kind: .diagonal)), .win(.o, line: Line(kind: .antiDiagonal)),
    ]
    for outcome in outcomes {
      for viewer: PlayerID in ["ada", "bob", "spectator \"quoted\""] {
        var game = TicTacToe.State(x: "ada", o: "bob \\ b")
        game.board[Cell(row: 2, column: 1)] = .x
        game.outcome = outcome
        game.rematchRequests = outcome == nil ? [] : [.o, .x]
        let message = ServerMessage.ticTacToe("room-\"7\"", game.view(for: viewer))
        #expect(message.jsonBytes == (try JSONStreamEncoder.encode(message)))
        let foundation = try JSONParser.parse(Array(try JSONEncoder().encode(message)))
        #expect(try JSONParser.parse(message.jsonBytes) == foundation)
      }
    }
  }

  @Test func theHandWrittenWordGridMessageIsTheEncodableOne() throws {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let puzzle = Puzzle.random(using: &generator)
    let path = [FacePosition(x: 2, y: 2, z: 2, side: .top), FacePosition(x: 2, y: 2, z: 1, side: .left)]
    for mode in WordGrid.Mode.allCases {
      var game = WordGrid.State(mode: mode, players: ["ada", "bob \"b\""], puzzle: puzzle, seed: 3)
      let states: [WordGrid.State] = [
        game,
        {
          game.players[0].words = [FoundWord(word: "cab", score: 27, path: path), FoundWord(word: "qué", score: 9, path: [])]
          game.players[0].score = 36
          game.players[1].isFinished = true
          return game
        }(),
        {
          game.status = .ended(.resigned("ada"))
          return game
        }(),
        {
          game.status = .ended(.timeUp)
          return game
        }(),
        {
          game.raceEndsAt = Date(timeIntervalSince1970: 1_764_000_000.123)
          return game
        }(),
      ]
      for state in states {
        for (viewer, replyTo): (PlayerID?, String?) in [("ada", nil), ("bob \"b\"", "r\"1"), (nil, nil)] {
          let message = ServerMessage.wordGrid("room-9", state.view(for: viewer), replyTo: replyTo)
          #expect(message.jsonBytes == (try JSONStreamEncoder.encode(message)))
          let foundation = try JSONParser.parse(Array(try JSONEncoder().encode(message)))
          #expect(try JSONParser.parse(message.jsonBytes) == foundation)
        }
      }
    }
  }

  @Test func messagesMatchFoundation() throws {
    var game = TicTacToe.State(x: "ada", o: "bob")
    game.board[Cell(row: 0, column: 0)] = .x
    game.board[Cell(row: 1, column: 1)] = .o
    let messages: [ServerMessage] = [
      .ticTacToe("room-1", game.view(for: "ada")),
      .ticTacToe("room-1", game.view(for: nil), replyTo: "m\u{e9}"),
      .roomLeft("room-1", reason: "left", replyTo: "l"),
      .welcome(.init(player: "ada", name: "Ada", guest: false, token: "t", ratings: ["tictactoe": 1216], room: nil, replyTo: "1")),
      .error(ProtocolError(code: "not_your_turn", message: "It is not your turn.", requestID: "7")),
      .leaderboard(.ticTacToe, [LeaderboardEntry(name: "Ada", rating: 1216, wins: 1, losses: 0, draws: 0)], replyTo: nil),
      .pong(replyTo: nil),
    ]
    for message in messages {
      let ours = try JSONParser.parse(message.jsonBytes)
      let foundation = try JSONParser.parse(Array(try JSONEncoder().encode(message)))
      #expect(ours == foundation)
    }
  }
}
