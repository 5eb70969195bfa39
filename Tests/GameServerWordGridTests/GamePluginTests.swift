import Foundation
import GameServerGame
import Testing

@testable import GameServerWordGrid

/// The word grid as the server sees it: its hand-written view is its `Encodable` one, and its
/// moves read from client messages, with errors that name the field.
struct GamePluginTests {
  private func fields(_ json: String, id: String? = nil) throws -> MessageFields {
    guard case let .object(object) = try JSONParser.parse(Array(json.utf8)) else {
      throw ProtocolError(code: "malformed_json", message: "Not an object.")
    }
    return MessageFields(object: object, requestID: id)
  }

  @Test func theHandWrittenViewIsTheEncodableOne() throws {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let puzzle = Puzzle.random(using: &generator)
    let path = [FacePosition(x: 2, y: 2, z: 2, side: .top), FacePosition(x: 2, y: 2, z: 1, side: .left)]
    for mode in WordGrid.Mode.allCases {
      var game = WordGrid.State(mode: mode, players: ["ada", "bob \"b\""], puzzle: puzzle, seed: 3)
      let states: [WordGrid.State] = [
        game,
        {
          game.players[0].words = [
            FoundWord(word: "cab", score: 27, path: path), FoundWord(word: "qué", score: 9, path: []),
          ]
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
        for viewer: PlayerID? in ["ada", "bob \"b\"", nil] {
          let view = WordGrid.view(of: state, for: viewer)
          let output = JSONOutput(capacity: 4096)
          WordGrid.write(view, to: output)
          #expect(output.bytes == (try JSONStreamEncoder.encode(view)))
          #expect(try JSONParser.parse(output.bytes) == JSONParser.parse(Array(try JSONEncoder().encode(view))))
        }
      }
    }
  }

  @Test func movesReadFromMessages() throws {
    #expect(
      try WordGrid.move(type: "word", fields: fields(#"{"path":[{"x":2,"y":1,"z":0,"face":"right"}]}"#))
        == .word([FacePosition(x: 2, y: 1, z: 0, side: .right)]))
    #expect(
      try WordGrid.move(type: "removeCube", fields: fields(#"{"cube":{"x":2,"y":2,"z":2}}"#))
        == .removeCube(CubeIndex(x: 2, y: 2, z: 2)))
    #expect(try WordGrid.move(type: "pass", fields: fields("{}")) == .pass)
    #expect(try WordGrid.move(type: "resign", fields: fields("{}")) == .resign)
  }

  @Test func movesWriteTheMessagesTheyAreReadFrom() throws {
    let path = [FacePosition(x: 2, y: 1, z: 0, side: .right), FacePosition(x: 2, y: 2, z: 0, side: .top)]
    for move: WordGrid.Move in [.word(path), .removeCube(CubeIndex(x: 1, y: 2, z: 0)), .pass, .resign] {
      let (type, object) = WordGrid.message(for: move)
      #expect(WordGrid.moveTypes.contains(type))
      #expect(try WordGrid.move(type: type, fields: MessageFields(object: object)) == move)
    }
  }

  @Test func pathsAreLimited() throws {
    let face = #"{"x":2,"y":1,"z":0,"face":"right"}"#
    let path = Array(repeating: face, count: 28).joined(separator: ",")
    #expect(throws: ProtocolError.tooLong("path", limit: 27, requestID: "p")) {
      try WordGrid.move(type: "word", fields: fields(#"{"path":[\#(path)]}"#, id: "p"))
    }
  }

  @Test func nestedFieldsAreNamedInErrors() throws {
    #expect(throws: ProtocolError.wrongType("path[1].x", expected: "a whole number", requestID: nil)) {
      try WordGrid.move(
        type: "word",
        fields: fields(#"{"path":[{"x":2,"y":1,"z":0,"face":"right"},{"x":"2","y":1,"z":0,"face":"top"}]}"#))
    }
    #expect(throws: ProtocolError.invalidValue("path[0].face", "must be right, top or left", requestID: nil)) {
      try WordGrid.move(type: "word", fields: fields(#"{"path":[{"x":2,"y":1,"z":0,"face":"back"}]}"#))
    }
  }
}
