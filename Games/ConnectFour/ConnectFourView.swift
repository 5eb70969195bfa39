import GameServerGame

/// What a player or a spectator sees of a Connect Four game. The server sends this, never the
/// state. Connect Four hides nothing, so every viewer sees the same board; `you` differs.
///
/// ```swift
/// let view = state.view(for: "alice")
/// view.you       // .x
/// view.board[5]  // "...X..." (the bottom row)
/// ```
public struct ConnectFourView: Hashable, Codable, Sendable {
  /// The board, top row first: each row a string of seven "X", "O" and ".".
  public var board: [String]
  public var x: PlayerID
  public var o: PlayerID
  /// Whose move it is, while the game goes on.
  public var turn: Disc?
  public var outcome: Outcome?
  /// The viewer's disc; nil for spectators.
  public var you: Disc?
  public var moveNumber: Int
  /// Where the last disc landed (for a client to animate its drop); nil before the first move.
  public var lastMove: Cell?
  public var moveTimeLimitSeconds: Int
  /// When the move clock runs out: Unix time in milliseconds, by the server's clock; nil once
  /// the game is over (and before its clock first starts).
  public var moveEndsAt: Int64?
  public var gameNumber: Int
  /// The discs that asked for a rematch.
  public var rematchRequests: [Disc]
}

extension ConnectFour.State {
  /// The view of the game for `viewer` (nil or a non-player: a spectator).
  public func view(for viewer: PlayerID?) -> ConnectFourView {
    ConnectFourView(
      board: (0..<Board.rows).map { row in
        String(Board.columnRange.map { Character(self.board[Cell(row: row, column: $0)]?.rawValue ?? ".") })
      },
      x: self.seats[.x]!,
      o: self.seats[.o]!,
      turn: self.outcome == nil ? self.turn : nil,
      outcome: self.outcome,
      you: viewer.flatMap(self.disc(of:)),
      moveNumber: self.moveNumber,
      lastMove: self.moves.last.flatMap(self.board.topCell(inColumn:)),
      moveTimeLimitSeconds: Int(self.moveTimeLimit.components.seconds),
      moveEndsAt: self.outcome == nil
        ? self.moveEndsAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } : nil,
      gameNumber: self.gameNumber,
      rematchRequests: Disc.allCases.filter(self.rematchRequests.contains)
    )
  }
}
