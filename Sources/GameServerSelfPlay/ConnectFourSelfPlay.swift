import ComposableArchitecture
import GameServerConnectFour
import GameServerGame

/// Plays Connect Four games between bots: what `game-server selfplay connectfour` prints.
///
/// The same bots keep their colours for every game (X always starts); game `i` uses seed
/// `seed + i` for the bots' choices. The games go through the game's reducer, as in a room.
///
/// ```swift
/// let report = ConnectFourSelfPlay.run(games: 200, x: .strong, o: .random, seed: 1)
/// report.oWins  // 0
/// ```
public enum ConnectFourSelfPlay {
  public static func run(games: Int, x: ConnectFourBot, o: ConnectFourBot, seed: UInt64) -> TicTacToeSelfPlay.Report {
    var report = TicTacToeSelfPlay.Report(games: games, xWins: 0, oWins: 0, draws: 0)
    for offset in 0..<games {
      switch self.play(x: x, o: o, seed: seed &+ UInt64(offset)) {
      case .x: report.xWins += 1
      case .o: report.oWins += 1
      case nil: report.draws += 1
      }
    }
    return report
  }

  /// Plays one game and returns the winner, or nil for a draw.
  static func play(x: ConnectFourBot, o: ConnectFourBot, seed: UInt64) -> Disc? {
    var generator = SeededRandomNumberGenerator(seed: seed)
    let players: [Disc: PlayerID] = [.x: "x", .o: "o"]
    var state = ConnectFour.State(x: "x", o: "o")
    let reducer = ConnectFour()
    while state.outcome == nil {
      let bot = state.turn == .x ? x : o
      guard let column = bot.move(on: state.board, as: state.turn, using: &generator) else { break }
      _ = reducer.reduce(into: &state, action: .drop(players[state.turn]!, column: column))
    }
    return state.outcome?.winner
  }
}
