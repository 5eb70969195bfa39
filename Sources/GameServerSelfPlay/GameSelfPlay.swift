import ComposableArchitecture
import Foundation
import GameServerGame

/// Plays any game between its bots through the seam a room uses: each seat `turn(in:)` names is
/// asked for its move from its own view (`botMove(_:for:in:using:)`), and the move goes through
/// the game's reducer. What `game-server selfplay battleship` prints.
///
/// Game `i` uses seed `seed + i`, for the setup and the bots' choices. With `alternate`, the
/// bots change seats each game (game 1 seats them in reverse), so that moving first favours
/// neither. Clocks do not run: a game in which no bot has a move ends unfinished.
///
/// ```swift
/// let report = GameSelfPlay.run(Battleship.self, bots: [.hunter, .random], games: 200, seed: 1)
/// report.wins  // [196, 4]: by bot, as listed
/// ```
public enum GameSelfPlay {
  public struct Report: Hashable, Codable, Sendable {
    public var games: Int
    /// The games each bot won alone, in the order the bots were given.
    public var wins: [Int]
    public var draws: Int
    /// Games that stopped with no bot to move, or after `maxMoves`.
    public var unfinished: Int
    /// The moves of every game together.
    public var moves: Int
  }

  public static func run<G: Game>(
    _ game: G.Type, bots: [G.Bot], games: Int, seed: UInt64, mode: String = GameVariant.standardMode,
    alternate: Bool = true,
    maxMoves: Int = 10_000
  ) -> Report {
    var report = Report(games: games, wins: bots.map { _ in 0 }, draws: 0, unfinished: 0, moves: 0)
    for index in 0..<games {
      let order = alternate && index % 2 == 1 ? Array(bots.indices.reversed()) : Array(bots.indices)
      let seats = order.map { PlayerID(rawValue: "bot-\($0 + 1)") }
      let (result, moves) = Self.play(
        G.self, seats: seats, bots: order.map { bots[$0] }, mode: mode, seed: seed &+ UInt64(index), maxMoves: maxMoves)
      report.moves += moves
      guard let ranking = result?.ranking, let first = ranking.first else {
        report.unfinished += 1
        continue
      }
      if first.count == 1, let seat = seats.firstIndex(of: first[0]) {
        report.wins[order[seat]] += 1
      } else {
        report.draws += 1
      }
    }
    return report
  }

  /// One game: its result (nil when unfinished) and its moves.
  static func play<G: Game>(
    _ game: G.Type, seats: [PlayerID], bots: [G.Bot], mode: String, seed: UInt64, maxMoves: Int
  ) -> (GameResult?, Int) {
    let (end, moves) = G.playedByBots(
      seats: seats, bots: { bots[seats.firstIndex(of: $0) ?? 0] }, mode: mode, seed: seed, maxMoves: maxMoves)
    return (G.result(of: end), moves)
  }
}
