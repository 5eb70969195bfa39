import GameServerRatings
import Testing

struct EloTests {
  @Test func equalPlayersTradeHalfOfK() {
    #expect(Elo.update(winner: 1200, loser: 1200) == (1216, 1184))
    #expect(Elo.draw(1200, 1200) == (1200, 1200))
  }

  @Test func anUpsetMovesMore() {
    let upset = Elo.update(winner: 1000, loser: 1400)
    let expected = Elo.update(winner: 1400, loser: 1000)
    #expect(upset.winner - 1000 > expected.winner - 1400)
    #expect(upset.winner - 1000 == 1400 - upset.loser)
  }

  @Test func aDrawMovesTowardsEachOther() {
    let (low, high) = Elo.draw(1000, 1400)
    #expect(low > 1000)
    #expect(high < 1400)
  }

  @Test func expectedScoresAddUpToOne() {
    #expect(abs(Elo.expectedScore(1300, against: 1100) + Elo.expectedScore(1100, against: 1300) - 1) < 1e-9)
    #expect(abs(Elo.expectedScore(1200, against: 1200) - 0.5) < 1e-9)
  }
}
