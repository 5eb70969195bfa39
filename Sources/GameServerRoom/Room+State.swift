import GameServerDatabase
import Foundation
import GameServerGameCore
import GameServerModels
import GameServerTicTacToe
import GameServerWordGrid

extension Room.State {
  /// A bot whose turn it is, with a key that changes on every move (tic-tac-toe and turns games).
  public var botTurn: BotTurn? {
    switch self.game {
    case let .ticTacToe(game):
      guard game.outcome == nil, let player = game.seats[game.turn],
        let bot = self.seats.first(where: { $0.player == player })?.bot
      else { return nil }
      return BotTurn(player: player, bot: bot, key: [game.gameNumber, game.moveNumber])
    case let .wordGrid(game):
      guard game.mode == .turns, game.status == .playing else { return nil }
      let player = game.players[game.turn].id
      guard let bot = self.seats.first(where: { $0.player == player })?.bot else { return nil }
      return BotTurn(player: player, bot: bot, key: [game.turnsTaken, game.removalsThisTurn])
    }
  }

  /// Which game the room is playing: 1, then 2 after a rematch, and so on.
  public var gameNumber: Int {
    switch self.game {
    case let .ticTacToe(game): game.gameNumber
    case .wordGrid: 1
    }
  }

  /// The people seated and still here, and the spectators: who gets this room's views.
  public var viewers: [PlayerID] {
    var viewers: [PlayerID] = []
    viewers.reserveCapacity(self.seats.count + self.spectators.count)
    for seat in self.seats where seat.bot == nil && !seat.hasLeft { viewers.append(seat.player) }
    viewers.append(contentsOf: self.spectators)
    return viewers
  }

  /// Whether the game is over and every person in the room is gone (left, or away past the
  /// grace period): it can close. A player who is only disconnected still keeps it open, also
  /// across a restart of the server.
  public var isAbandoned: Bool {
    self.game.isOver && !self.seats.contains { $0.bot == nil && !$0.hasLeft } && self.spectators.isEmpty
  }

  /// The finished game's result.
  public var result: GameRecord {
    let bots = self.seats.filter { $0.bot != nil }.map(\.player)
    func names(_ players: [PlayerID]) -> [String] {
      players.map { player in self.seats.first { $0.player == player }?.name ?? player.rawValue }
    }
    switch self.game {
    case let .ticTacToe(game):
      let winners = game.outcome?.winner.flatMap { game.seats[$0] }.map { [$0] } ?? []
      return GameRecord(
        room: self.id, variant: self.variant, players: [game.seats[.x]!, game.seats[.o]!],
        names: names([game.seats[.x]!, game.seats[.o]!]), bots: bots,
        // NB: Once per game, on the rooms' thread: written directly (cells as on the wire).
        winners: winners, moves: Self.movesJSON(game.moves))
    case let .wordGrid(game):
      let winners = game.winners.count == game.players.count ? [] : game.winners
      return GameRecord(
        room: self.id, variant: self.variant, players: game.players.map(\.id), names: names(game.players.map(\.id)),
        bots: bots, winners: winners,
        moves: json(game.players.map { ["player": $0.id.rawValue, "words": $0.words.map(\.word).joined(separator: " ")] }))
    }
  }

  /// Tic-tac-toe moves as JSON, the same text as their `Encodable` form:
  /// `[{"row":1,"column":1},{"row":0,"column":2}]`.
  static func movesJSON(_ moves: [Cell]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(2 + moves.count * 24)
    bytes.append(UInt8(ascii: "["))
    for (index, cell) in moves.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: #"{"row":"#.utf8)
      bytes.append(contentsOf: String(cell.row).utf8)
      bytes.append(contentsOf: #","column":"#.utf8)
      bytes.append(contentsOf: String(cell.column).utf8)
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(UInt8(ascii: "]"))
    return String(decoding: bytes, as: UTF8.self)
  }

  func gameAction(_ player: PlayerID, _ move: PlayerMove) -> GameAction? {
    switch (self.game, move) {
    case let (.ticTacToe, .mark(cell)): .ticTacToe(.move(player, cell))
    case (.ticTacToe, .resign): .ticTacToe(.resign(player))
    case (.ticTacToe, .rematch): .ticTacToe(.requestRematch(player))
    case let (.wordGrid, .word(path)): .wordGrid(.submitWord(player, path))
    case let (.wordGrid, .removeCube(cube)): .wordGrid(.removeCube(player, cube))
    case (.wordGrid, .pass): .wordGrid(.pass(player))
    case (.wordGrid, .resign): .wordGrid(.resign(player))
    default: nil
    }
  }

  func forfeitAction(_ player: PlayerID) -> GameAction {
    switch self.game {
    case .ticTacToe: .ticTacToe(.resign(player))
    case .wordGrid: .wordGrid(.resign(player))
    }
  }
}

/// A bot to move, and what identifies the position it moves in.
public struct BotTurn: Hashable, Sendable {
  public var player: PlayerID
  public var bot: RoomBot
  public var key: [Int]
}

private func json(_ value: some Encodable) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
}
