import Foundation
import GameServerDatabase
import GameServerGame
import GameServerWire
import Testing

/// Ratings of games for more than two: Elo between each pair, by their places.
struct GroupRatingTests {
  func record(_ players: [PlayerID], winners: [PlayerID], ranking: [[PlayerID]]?, bots: [PlayerID] = []) -> GameRecord {
    GameRecord(
      room: "room-a", variant: GameVariant(game: "wordgrid", mode: "race"), players: players,
      names: players.map(\.rawValue), bots: bots, winners: winners, ranking: ranking, moves: "[]")
  }

  @Test func twoPlayersMoveAsPlainElo() {
    let ratings: [PlayerID: Int] = ["a": 1300, "b": 1180]
    let win = GameRatings.newRatings(for: record(["a", "b"], winners: ["b"], ranking: nil)) { ratings[$0]! }
    let elo = Elo.update(winner: 1180, loser: 1300)
    #expect(win == ["a": elo.loser, "b": elo.winner])
    let draw = GameRatings.newRatings(for: record(["a", "b"], winners: [], ranking: nil)) { ratings[$0]! }
    let eloDraw = Elo.draw(1300, 1180)
    #expect(draw == ["a": eloDraw.0, "b": eloDraw.1])
  }

  @Test func aWinnerOfFourTakesFromEachOpponent() {
    let game = record(["a", "b", "c", "d"], winners: ["a"], ranking: [["a"], ["b", "c", "d"]])
    let ratings = GameRatings.newRatings(for: game) { _ in 1200 }
    // a beats three equals: 3 × 16 / 3; each other loses 16 to a and draws the rest, / 3.
    #expect(ratings == ["a": 1216, "b": 1195, "c": 1195, "d": 1195])
  }

  @Test func placesOrderEveryPair() {
    let game = record(["a", "b", "c"], winners: ["c"], ranking: [["c"], ["a"], ["b"]])
    let ratings = GameRatings.newRatings(for: game) { _ in 1200 }
    #expect(ratings == ["c": 1216, "a": 1200, "b": 1184])
    #expect(GameRatings.places(in: game) == ["c": 0, "a": 1, "b": 2])
    #expect(GameRatings.outcome(of: game) == ["c": .win, "a": .loss, "b": .loss])
  }

  @Test func aGameWithBotsIsNotRated() {
    let game = record(["a", "b", "bot"], winners: ["a"], ranking: [["a"], ["b"], ["bot"]], bots: ["bot"])
    #expect(GameRatings.newRatings(for: game) { _ in 1200 }.isEmpty)
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
