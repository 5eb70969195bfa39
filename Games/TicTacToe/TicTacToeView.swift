import GameServerGame

/// What a player or a spectator sees of a tic-tac-toe game. The server sends this, never the
/// state. Tic-tac-toe hides nothing, so every viewer sees the same board; `you` differs.
///
/// ```swift
/// let view = state.view(for: "alice")
/// view.you  // .x
/// ```
public struct TicTacToeView: Hashable, Codable, Sendable {
  /// The board, top row first: each row a string of "X", "O" and ".".
  public var board: [String]
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
      board: (0...2).map { row in
        // NB: Two views per move: a row is one of 27 strings, made once.
        let cells = self.board.cells
        func digit(_ mark: Mark?) -> Int { mark == .x ? 1 : mark == .o ? 2 : 0 }
        return Self.rowTexts[
          digit(cells[row * 3]) * 9 + digit(cells[row * 3 + 1]) * 3 + digit(cells[row * 3 + 2])
        ]
      },
      x: self.seats[.x]!,
      o: self.seats[.o]!,
      turn: self.outcome == nil ? self.turn : nil,
      outcome: self.outcome,
      you: viewer.flatMap(self.mark(of:)),
      moveNumber: self.moveNumber,
      moveTimeLimitSeconds: Int(self.moveTimeLimit.components.seconds),
      moveEndsAt: self.outcome == nil ? self.moveEndsAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } : nil,
      gameNumber: self.gameNumber,
      rematchRequests: Mark.allCases.filter(self.rematchRequests.contains)
    )
  }

  /// Every row as the view writes it ("X", "O" or "." per cell), by its three cells in base 3
  /// (empty 0, X 1, O 2).
  private static let rowTexts: [String] = (0..<27).map { code in
    let symbols: [Character] = [".", "X", "O"]
    return String([symbols[code / 9], symbols[code / 3 % 3], symbols[code % 3]])
  }
}
