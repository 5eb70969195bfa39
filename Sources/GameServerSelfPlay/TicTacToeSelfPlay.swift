import ComposableArchitecture
import GameServerGame
import GameServerTicTacToe

/// Plays tic-tac-toe games between bots: what `game-server selfplay tictactoe` prints.
///
/// The same bots keep their marks for every game (X always starts); game `i` uses seed
/// `seed + i` for the bots' choices.
///
/// ```swift
/// let report = TicTacToeSelfPlay.run(games: 100, x: .perfect, o: .random, seed: 1)
/// report.oWins  // 0: the perfect bot never loses
/// ```
public enum TicTacToeSelfPlay {
  public struct Report: Codable, Equatable, Sendable {
    public var games: Int
    public var xWins: Int
    public var oWins: Int
    public var draws: Int

    public init(games: Int, xWins: Int, oWins: Int, draws: Int) {
      self.games = games
      self.xWins = xWins
      self.oWins = oWins
      self.draws = draws
    }
  }

  public static func run(games: Int, x: TicTacToeBot, o: TicTacToeBot, seed: UInt64) -> Report {
    var report = Report(games: games, xWins: 0, oWins: 0, draws: 0)
    for offset in 0..<games {
      switch play(x: x, o: o, seed: seed &+ UInt64(offset)) {
      case .x: report.xWins += 1
      case .o: report.oWins += 1
      case nil: report.draws += 1
      }
    }
    return report
  }

  /// Plays one game and returns the winner, or nil for a draw.
  static func play(x: TicTacToeBot, o: TicTacToeBot, seed: UInt64) -> Mark? {
    var generator = SeededRandomNumberGenerator(seed: seed)
    let players: [Mark: PlayerID] = [.x: "x", .o: "o"]
    var state = TicTacToe.State(x: "x", o: "o")
    let reducer = TicTacToe()
    while state.outcome == nil {
      let bot = state.turn == .x ? x : o
      guard let cell = bot.move(on: state.board, as: state.turn, using: &generator) else { break }
      _ = reducer.reduce(into: &state, action: .move(players[state.turn]!, cell))
    }
    return state.outcome?.winner
  }
}
