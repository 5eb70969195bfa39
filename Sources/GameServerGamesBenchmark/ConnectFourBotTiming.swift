import Foundation
import GameServerConnectFour
import GameServerGame

/// Connect Four's strong bot against the random one: how often it wins, and how long each of
/// its moves takes.
struct ConnectFourBotTiming {
  var games = 0
  var wins = 0
  var losses = 0
  var lossesMovingFirst = 0
  /// Milliseconds per strong move.
  var moves: [Double] = []

  /// Plays `games` seeded games, the strong bot moving first in every other one.
  static func measure(games: Int) -> ConnectFourBotTiming {
    var timing = ConnectFourBotTiming(games: games)
    let clock = ContinuousClock()
    for seed in 0..<games {
      var generator = SeededRandomNumberGenerator(seed: UInt64(seed + 1))
      let strong: Disc = seed.isMultiple(of: 2) ? .x : .o
      var board = Board()
      var turn = Disc.x
      var winner: Disc?
      while winner == nil, !board.isFull {
        let start = clock.now
        let bot: ConnectFourBot = turn == strong ? .strong : .random
        guard let column = bot.move(on: board, as: turn, using: &generator),
          let cell = board.drop(turn, inColumn: column)
        else { break }
        if turn == strong { timing.moves.append(milliseconds(clock.now - start)) }
        if board.fourInARow(through: cell) != nil { winner = turn }
        turn = turn.opponent
      }
      if winner == strong { timing.wins += 1 }
      if winner == strong.opponent {
        timing.losses += 1
        if strong == .x { timing.lossesMovingFirst += 1 }
      }
    }
    return timing
  }
}
