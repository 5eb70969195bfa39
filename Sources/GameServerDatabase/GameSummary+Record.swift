import Foundation
import GameServerGame
import GameServerRatings
import GameServerWire

extension GameSummary {
  /// How a recorded game went, as `history` shows it to `player`.
  ///
  /// ```swift
  /// GameSummary(record, for: "ada").result  // "win"
  /// ```
  public init(_ record: GameRecord, for player: PlayerID) {
    let names = Dictionary(zip(record.players, record.names), uniquingKeysWith: { first, _ in first })
    let result: String =
      switch GameRatings.outcome(of: record)[player] {
      case .win?: "win"
      case .loss?: "loss"
      case .draw?, nil: "draw"
      }
    self.init(
      room: record.room, game: record.variant.game, mode: record.variant.mode, players: record.names,
      winners: record.winners.map { names[$0] ?? $0.rawValue }, result: result,
      finishedAt: record.finishedAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }, number: record.number,
      ratingChange: record.ratingChange)
  }
}
