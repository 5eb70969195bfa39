import GameServerGame

extension WordGrid.EndReason {
  private enum CodingKeys: String, CodingKey {
    case reason, player
  }

  /// The reason's name on the wire: `timeUp`, `allFinished`, `cubeCleared`, `allPassed`,
  /// `turnLimit`, `noWordsLeft` or `resigned`.
  public var name: String {
    switch self {
    case .timeUp: "timeUp"
    case .allFinished: "allFinished"
    case .cubeCleared: "cubeCleared"
    case .allPassed: "allPassed"
    case .turnLimit: "turnLimit"
    case .noWordsLeft: "noWordsLeft"
    case .resigned: "resigned"
    }
  }

  /// Encodes as `{"reason": "timeUp"}`, or `{"reason": "resigned", "player": "bob"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.name, forKey: .reason)
    if case let .resigned(player) = self {
      try container.encode(player, forKey: .player)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .reason)
    switch name {
    case "timeUp": self = .timeUp
    case "allFinished": self = .allFinished
    case "cubeCleared": self = .cubeCleared
    case "allPassed": self = .allPassed
    case "turnLimit": self = .turnLimit
    case "noWordsLeft": self = .noWordsLeft
    case "resigned": self = .resigned(try container.decode(PlayerID.self, forKey: .player))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .reason, in: container, debugDescription: "Unknown end reason \(name)")
    }
  }
}

extension WordGrid.Status {
  private enum CodingKeys: String, CodingKey {
    case playing, ended
  }

  /// Encodes as `{"playing": true}` or `{"ended": {"reason": ...}}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .playing: try container.encode(true, forKey: .playing)
    case let .ended(reason): try container.encode(reason, forKey: .ended)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let reason = try container.decodeIfPresent(WordGrid.EndReason.self, forKey: .ended) {
      self = .ended(reason)
    } else {
      self = .playing
    }
  }
}
