import DependenciesTestSupport
import Foundation
import GameServerConnectFour
import GameServerSelfPlay
import GameServerTicTacToe
import GameServerWordGrid
import Testing

@Suite(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
struct SelfPlayTests {
  /// Connect Four's harness reports in tic-tac-toe's shape; the strong bot beats the random one
  /// with either colour (few games: the debug build searches slowly).
  @Test func theStrongConnectFourBotBeatsTheRandomOne() {
    #expect(
      ConnectFourSelfPlay.run(games: 2, x: .strong, o: .random, seed: 1)
        == .init(games: 2, xWins: 2, oWins: 0, draws: 0))
    #expect(
      ConnectFourSelfPlay.run(games: 2, x: .random, o: .strong, seed: 7)
        == .init(games: 2, xWins: 0, oWins: 2, draws: 0))
  }

  @Test func perfectBotsAlwaysDraw() {
    let report = TicTacToeSelfPlay.run(games: 20, x: .perfect, o: .perfect, seed: 1)
    #expect(report == TicTacToeSelfPlay.Report(games: 20, xWins: 0, oWins: 0, draws: 20))
  }

  @Test func thePerfectBotNeverLosesToRandom() {
    let asX = TicTacToeSelfPlay.run(games: 100, x: .perfect, o: .random, seed: 1)
    #expect(asX.oWins == 0)
    #expect(asX.xWins > 50)
    let asO = TicTacToeSelfPlay.run(games: 100, x: .random, o: .perfect, seed: 1)
    #expect(asO.xWins == 0)
    #expect(asO.xWins + asO.oWins + asO.draws == 100)
  }

  @Test func ticTacToeSelfPlayIsDeterministic() {
    let a = TicTacToeSelfPlay.run(games: 100, x: .random, o: .random, seed: 9)
    #expect(a == TicTacToeSelfPlay.run(games: 100, x: .random, o: .random, seed: 9))
    #expect(a.xWins + a.oWins + a.draws == 100)
  }

  @Test(arguments: [WordGrid.Mode.race, .turns])
  func wordGridSelfPlayFinishesDeterministically(mode: WordGrid.Mode) {
    let dictionary = WordDictionary(
      words: WordDictionary.sampleWords + ["tee", "tie", "tin", "tot", "nit", "ten", "net", "eon", "toe"])
    let report = WordGridSelfPlay.run(mode: mode, games: 2, bots: [.hard, .easy], seed: 5, dictionary: dictionary)
    #expect(report.games.count == 2)
    #expect(report.games.map(\.seed) == [5, 6])
    for game in report.games {
      #expect(game.ended != nil)
      #expect(!game.winners.isEmpty)
      #expect(game.players.map(\.name) == ["hard-1", "easy-2"])
      for player in game.players {
        #expect(player.score == player.words.reduce(0) { $0 + Scoring.score($1) })
        #expect(Set(player.words).count == player.words.count)
      }
      if mode == .turns {
        let all = game.players.flatMap(\.words)
        #expect(Set(all).count == all.count)
      }
    }
    #expect(
      report == WordGridSelfPlay.run(mode: mode, games: 2, bots: [.hard, .easy], seed: 5, dictionary: dictionary))
  }
}
