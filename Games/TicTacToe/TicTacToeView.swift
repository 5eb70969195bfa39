import GameServerGame

/// What a player or a spectator sees of a tic-tac-toe game. The server sends this, never the
/// state. Tic-tac-toe hides nothing, so every viewer sees the same board; `you` differs.
///
/// ```swift
/// let view = state.view(for: "alice")
/// view.you  // .x
/// ```
public struct TicTacToeView: Hashable, Sendable {
  /// The board, top row first: each row a string of "X", "O" and ".".
  public var board: [String] {
    get { self.marks.rows }
    set { self.marks = Board(rows: newValue) }
  }
  /// The board as the view keeps it: a value, so that making a view allocates no list of rows.
  var marks: Board
  public var x: PlayerID
  public var o: PlayerID
  /// Whose move it is, while the game goes on.
  public var turn: Mark?
  public var outcome: Outcome?
  /// The viewer's mark; nil for spectators.
  public var you: Mark?
  public var moveNumber: Int
  public var moveTimeLimitSeconds: Int
  /// When the move clock runs out: Unix time in milliseconds, by the server's clock; nil once
  /// the game is over (and before its clock first starts).
  public var moveEndsAt: Int64?
  public var gameNumber: Int
  /// The marks that asked for a rematch.
  public var rematchRequests: [Mark]
}

extension TicTacToe.State {
  /// The view of the game for `viewer` (nil or a non-player: a spectator).
  public func view(for viewer: PlayerID?) -> TicTacToeView {
    TicTacToeView(
      marks: self.board,
      x: self.seats[.x]!,
      o: self.seats[.o]!,
      turn: self.outcome == nil ? self.turn : nil,
      outcome: self.outcome,
      you: viewer.flatMap(self.mark(of:)),
      moveNumber: self.moveNumber,
      moveTimeLimitSeconds: Int(self.moveTimeLimit.components.seconds),
      moveEndsAt: self.outcome == nil
        ? self.moveEndsAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } : nil,
      gameNumber: self.gameNumber,
      rematchRequests: Mark.allCases.filter(self.rematchRequests.contains)
    )
  }
}
