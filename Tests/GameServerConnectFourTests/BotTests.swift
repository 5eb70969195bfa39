import GameServerConnectFour
import GameServerGame
import Testing

struct BotTests {
  /// Plays one game between two bots with a plain loop over the board; returns the winner, or
  /// nil for a draw.
  func play(x: ConnectFourBot, o: ConnectFourBot, nodeBudget: Int, seed: UInt64) -> Disc? {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var board = Board()
    var disc = Disc.x
    while true {
      let bot = disc == .x ? x : o
      guard let column = bot.move(on: board, as: disc, nodeBudget: nodeBudget, using: &generator),
        let cell = board.drop(disc, inColumn: column)
      else {
        Issue.record("\(bot) had no move on a board that is not full")
        return nil
      }
      if board.fourInARow(through: cell) != nil { return disc }
      if board.isFull { return nil }
      disc = disc.opponent
    }
  }

  @Test func theStrongBotTakesAWin() {
    var generator = SeededRandomNumberGenerator(seed: 1)
    // X wins across at column 3, even though O threatens to win up column 6.
    let across = Board(".......", ".......", ".......", "X.....O", "OOO...O", "XXX.XXO")
    #expect(ConnectFourBot.strong.move(on: across, as: .x, using: &generator) == 3)
    // O wins up column 0.
    let up = Board(".......", ".......", ".......", "O......", "O......", "OXXX..X")
    #expect(ConnectFourBot.strong.move(on: up, as: .o, using: &generator) == 0)
    // X wins on a diagonal at column 3, row 2.
    let diagonal = Board(".......", ".......", ".......", "..XO..O", ".XOO..X", "XOOX..X")
    #expect(ConnectFourBot.strong.move(on: diagonal, as: .x, using: &generator) == 3)
  }

  @Test func theStrongBotBlocksALoss() {
    var generator = SeededRandomNumberGenerator(seed: 2)
    // X threatens to complete four across at column 4.
    let across = Board(".......", ".......", ".......", ".......", "..O....", "OXXX...")
    #expect(ConnectFourBot.strong.move(on: across, as: .o, using: &generator) == 4)
    // O threatens to complete four up column 5.
    let up = Board(".......", ".......", ".......", ".....O.", "X....O.", "XX...O.")
    #expect(ConnectFourBot.strong.move(on: up, as: .x, using: &generator) == 5)
  }

  @Test func botsHaveNoMoveOnAFullBoard() {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let full = Board("XOOXOXO", "XOOXOXO", "OXXXOOO", "XOOOXXX", "OXXOXOX", "OXXOXOX")
    #expect(ConnectFourBot.random.move(on: full, as: .x, using: &generator) == nil)
    #expect(ConnectFourBot.strong.move(on: full, as: .x, using: &generator) == nil)
  }

  @Test func theRandomBotPlaysOnlyColumnsThatAreNotFull() {
    var generator = SeededRandomNumberGenerator(seed: 4)
    let board = Board("XOOXO.O", "XOOXO.O", "OXXXO.O", "XOOOX.X", "OXXOX.X", "OXXOX.X")
    for _ in 0..<20 { #expect(ConnectFourBot.random.move(on: board, as: .x, using: &generator) == 5) }
  }

  @Test func theStrongBotIsDeterministicForASeed() {
    let board = Board(".......", ".......", ".......", ".......", "...O...", "..XX...")
    let moves = (0..<2).map { _ in
      var generator = SeededRandomNumberGenerator(seed: 9)
      return (0..<5).map { _ in ConnectFourBot.strong.move(on: board, as: .o, nodeBudget: 5_000, using: &generator) }
    }
    #expect(moves[0] == moves[1])
  }

  /// 200 games, the strong bot moving first in half of them.
  ///
  /// NB: At a budget of 2,000 nodes, not the server's, so that a debug build plays them in a few
  /// seconds.
  @Test func theStrongBotBeatsTheRandomOne() {
    var wins = 0
    for seed: UInt64 in 0..<100 {
      let first = play(x: .strong, o: .random, nodeBudget: 2_000, seed: seed)
      #expect(first != .o, "seed \(seed): the strong bot lost moving first")
      if first == .x { wins += 1 }
      if play(x: .random, o: .strong, nodeBudget: 2_000, seed: seed) == .o { wins += 1 }
    }
    #expect(wins >= 190, "The strong bot won \(wins) of 200 games")
  }
}
