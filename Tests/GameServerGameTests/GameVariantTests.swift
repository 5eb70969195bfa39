import GameServerGame
import Testing

struct GameVariantTests {
  @Test func rawValuesNameTheModeUnlessStandard() {
    #expect(GameVariant(game: "tictactoe").rawValue == "tictactoe")
    #expect(GameVariant(game: "wordgrid", mode: "race").rawValue == "wordgrid-race")
    for raw in ["tictactoe", "wordgrid-race", "wordgrid-turns"] {
      #expect(GameVariant(rawValue: raw).rawValue == raw)
    }
    #expect(GameVariant(rawValue: "wordgrid-turns") == GameVariant(game: "wordgrid", mode: "turns"))
  }

  @Test func resultsRankByScoreWithTies() {
    let result = GameResult.byScore([("a", 3), ("b", 7), ("c", 3)])
    #expect(result.ranking == [["b"], ["a", "c"]])
    #expect(result.winners == ["b"])
    #expect(GameResult(ranking: [["a", "b"]]).winners.isEmpty)
  }
}
