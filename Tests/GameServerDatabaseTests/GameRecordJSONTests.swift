import Foundation
import GameServerDatabase
import GameServerGame
import GameServerWire
import Testing

struct GameRecordJSONTests {
  @Test func theRecordIsWrittenAsItsEncodableFormWritesIt() throws {
    let records = [
      GameRecord(
        room: "room-1", variant: .ticTacToe, players: ["alice", "bob"], names: ["Alice", "Bob"],
        bots: [], winners: ["alice"], moves: #"[{"row":1,"column":1},{"row":0,"column":2}]"#),
      GameRecord(
        room: "r\"2", variant: .wordGridRace, players: ["p\\1", "bot-1"],
        names: ["Zoë 🎲", "tab\there"], bots: ["bot-1"], winners: [],
        moves: #"[{"player":"p\\1","words":"CAT DOG"}]"#),
      GameRecord(room: "", variant: .wordGridTurns, players: [], names: [], bots: [], winners: [], moves: ""),
    ]
    for record in records {
      let text = try #require(record.jsonText)
      #expect(text == (try JSONStreamEncoder.string(record)))
      #expect(try JSONDecoder().decode(GameRecord.self, from: Data(text.utf8)) == record)
    }
  }

  /// A word-grid race's record with its players named by their ids.
  func record(_ players: [PlayerID], winners: [PlayerID], ranking: [[PlayerID]]?) -> GameRecord {
    GameRecord(
      room: "room-a", variant: GameVariant(game: "wordgrid", mode: "race"), players: players,
      names: players.map(\.rawValue), bots: [], winners: winners, ranking: ranking, moves: "[]")
  }

  @Test func theRankingIsStoredAndReadBack() throws {
    let game = record(["a", "b", "c"], winners: ["c"], ranking: [["c"], ["a", "b"]])
    let text = try #require(game.jsonText)
    #expect(text.contains(#""winners":["c"],"ranking":[["c"],["a","b"]],"moves""#))
    #expect(try JSONStreamEncoder.string(game) == text)
    let decoded = try JSONDecoder().decode(GameRecord.self, from: Data(text.utf8))
    #expect(decoded == game)
    // A record of two is written as before, with no ranking.
    #expect(record(["a", "b"], winners: ["a"], ranking: nil).jsonText?.contains("ranking") == false)
  }
}
