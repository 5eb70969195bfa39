import Foundation

/// Computer players for tic-tac-toe.
///
/// - `random` plays any empty cell.
/// - `perfect` searches the whole game (minimax) and picks at random among the best moves, so it
///   never loses.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 1)
/// TicTacToeBot.perfect.move(on: board, as: .o, using: &generator)
/// ```
public enum TicTacToeBot: String, CaseIterable, Codable, Sendable {
  case random
  case perfect

  /// The bot's move, or nil when the board is full.
  public func move(
    on board: Board,
    as mark: Mark,
    using generator: inout some RandomNumberGenerator
  ) -> Cell? {
    let empty = board.emptyCells
    switch self {
    case .random:
      return empty.randomElement(using: &generator)
    case .perfect:
      let scored = empty.map { cell -> (Cell, Int) in
        var next = board
        next[cell] = mark
        return (cell, -Minimax.value(of: next, toMove: mark.opponent))
      }
      let best = scored.map(\.1).max()
      return scored.filter { $0.1 == best }.map(\.0).randomElement(using: &generator)
    }
  }
}

/// Game values for the player to move: +1 win, 0 draw, -1 loss, under best play.
enum Minimax {
  /// Every position's value, by `key(of:toMove:)`, worked out once (about 5,500 positions).
  nonisolated(unsafe) private static var table: [Int8] = []
  private static let lock = NSLock()

  static func value(of board: Board, toMove mark: Mark) -> Int {
    lock.lock()
    defer { lock.unlock() }
    if table.isEmpty { table = Array(repeating: Int8.min, count: 19_683 * 2) }
    return Int(solve(board, mark))
  }

  private static func key(of board: Board, toMove mark: Mark) -> Int {
    // NB: The cells in base 3 (empty 0, X 1, O 2), first cell most significant.
    (0...2).reduce(0) { $0 * 27 + board.rowCode($1) } * 2 + (mark == .x ? 0 : 1)
  }

  private static func solve(_ board: Board, _ mark: Mark) -> Int8 {
    let key = key(of: board, toMove: mark)
    if table[key] != Int8.min { return table[key] }
    let value: Int8
    if let (winner, _) = board.winningLine {
      value = winner == mark ? 1 : -1
    } else if board.isFull {
      value = 0
    } else {
      value = board.emptyCells.map { cell in
        var next = board
        next[cell] = mark
        return -solve(next, mark.opponent)
      }.max()!
    }
    table[key] = value
    return value
  }
}
