import GameServerGame

/// The view's JSON: the board as its rows of text, then every other field, in the order they
/// are declared; optional fields are left out when nil.
extension TicTacToeView: Codable {
  private enum CodingKeys: String, CodingKey {
    case board, x, o, turn, outcome, you, moveNumber, moveTimeLimitSeconds, moveEndsAt, gameNumber
    case rematchRequests
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      marks: Board(rows: try container.decode([String].self, forKey: .board)),
      x: try container.decode(PlayerID.self, forKey: .x),
      o: try container.decode(PlayerID.self, forKey: .o),
      turn: try container.decodeIfPresent(Mark.self, forKey: .turn),
      outcome: try container.decodeIfPresent(Outcome.self, forKey: .outcome),
      you: try container.decodeIfPresent(Mark.self, forKey: .you),
      moveNumber: try container.decode(Int.self, forKey: .moveNumber),
      moveTimeLimitSeconds: try container.decode(Int.self, forKey: .moveTimeLimitSeconds),
      moveEndsAt: try container.decodeIfPresent(Int64.self, forKey: .moveEndsAt),
      gameNumber: try container.decode(Int.self, forKey: .gameNumber),
      rematchRequests: try container.decode([Mark].self, forKey: .rematchRequests))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.board, forKey: .board)
    try container.encode(self.x, forKey: .x)
    try container.encode(self.o, forKey: .o)
    try container.encodeIfPresent(self.turn, forKey: .turn)
    try container.encodeIfPresent(self.outcome, forKey: .outcome)
    try container.encodeIfPresent(self.you, forKey: .you)
    try container.encode(self.moveNumber, forKey: .moveNumber)
    try container.encode(self.moveTimeLimitSeconds, forKey: .moveTimeLimitSeconds)
    try container.encodeIfPresent(self.moveEndsAt, forKey: .moveEndsAt)
    try container.encode(self.gameNumber, forKey: .gameNumber)
    try container.encode(self.rematchRequests, forKey: .rematchRequests)
  }
}
