import GameServerGame
import GameServerWire

extension Room.State {
  /// Reads a room's snapshot, also one written before games were plug-ins (it names its
  /// `variant`, and its game as `{"ticTacToe":{"_0":{...}}}`): rooms open across the upgrade
  /// come back.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let game =
      container.contains(AnyCodingKey("variant"))
      ? try RoomGame(legacyFrom: try container.superDecoder(forKey: AnyCodingKey("game")))
      : try container.decode(RoomGame.self, forKey: AnyCodingKey("game"))
    self.init(
      id: try container.decode(RoomID.self, forKey: AnyCodingKey("id")),
      seats: try container.decode([Seat].self, forKey: AnyCodingKey("seats")),
      game: game,
      gracePeriod: try container.decode(Duration.self, forKey: AnyCodingKey("gracePeriod")))
    self.spectators = try container.decodeIfPresent([PlayerID].self, forKey: AnyCodingKey("spectators")) ?? []
    // NB: Rooms opened before the list of live rooms are not on it.
    self.isListed = try container.decodeIfPresent(Bool.self, forKey: AnyCodingKey("isListed")) ?? false
    // NB: Rooms snapshotted before the room said why games end, or kept a series, have neither.
    self.end = try container.decodeIfPresent(RoomStatus.End.self, forKey: AnyCodingKey("end"))
    self.series = try container.decodeIfPresent(RoomStatus.Series.self, forKey: AnyCodingKey("series"))
    self.ending = try container.decodeIfPresent(RoomStatus.End.self, forKey: AnyCodingKey("ending"))
  }

  /// Whether a snapshot was written before games were plug-ins: then a seat leaving, or staying
  /// away past the grace period, forfeited in the same log line (now the forfeit has its own).
  public static func isLegacySnapshot(_ payload: String) -> Bool {
    guard case let .object(fields)? = try? JSONParser.parse(Array(payload.utf8)) else { return false }
    return fields["variant"] != nil
  }
}

extension Room.State {
  /// The player an event of a log written before games were plug-ins made forfeit in the same
  /// line: a seated player leaving a game in progress, or one away past the grace period.
  public func legacyForfeit(of event: RoomEvent) -> PlayerID? {
    guard !self.game.isOver else { return nil }
    switch event {
    case let .leave(player):
      return self.seats.contains { $0.player == player } ? player : nil
    case let .graceExpired(player):
      return self.seats.contains { $0.player == player && !$0.isConnected && !$0.hasLeft } ? player : nil
    default:
      return nil
    }
  }
}
