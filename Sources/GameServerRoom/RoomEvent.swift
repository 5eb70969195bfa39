import Foundation
import GameServerGame

/// What happens to a room from outside: the actions a room's log records, so that replaying
/// them through ``Room`` rebuilds it exactly.
///
/// A log line is the event's JSON: `{"play":{"_0":"alice","_1":{"mark":{"_0":{"row":1,"column":1}}}}}`,
/// `{"leave":{"_0":"bob"}}`, and a game's clock event as the game encodes it
/// (`{"moveTimeExpired":{"moveNumber":3}}`). Decoding a line needs its room's game:
/// ``decode(_:game:)``.
public enum RoomEvent: Hashable, Sendable {
  /// A seated player's move.
  case play(PlayerID, AnyMove)
  /// One of the game's clocks went off (a move clock ran out).
  case clock(AnyClockEvent)
  /// A seated player gave the game up by leaving (or by staying away past the grace period).
  case forfeit(PlayerID)
  case disconnected(PlayerID)
  case reconnected(PlayerID)
  /// A disconnected player's grace period ended: they forfeit.
  case graceExpired(PlayerID)
  /// A seated player left: during a game they forfeit.
  case leave(PlayerID)
}

extension RoomEvent: Encodable {
  private enum CodingKeys: String, CodingKey {
    case play, forfeit, disconnected, reconnected, graceExpired, leave
  }

  private enum PlayKeys: String, CodingKey {
    case player = "_0"
    case move = "_1"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case let .play(player, move):
      var play = container.nestedContainer(keyedBy: PlayKeys.self, forKey: .play)
      try play.encode(player, forKey: .player)
      try play.encode(move, forKey: .move)
    case let .clock(event):
      try event.encode(to: encoder)
    case let .forfeit(player): try Self.encode(player, .forfeit, &container)
    case let .disconnected(player): try Self.encode(player, .disconnected, &container)
    case let .reconnected(player): try Self.encode(player, .reconnected, &container)
    case let .graceExpired(player): try Self.encode(player, .graceExpired, &container)
    case let .leave(player): try Self.encode(player, .leave, &container)
    }
  }

  private static func encode(
    _ player: PlayerID, _ key: CodingKeys, _ container: inout KeyedEncodingContainer<CodingKeys>
  ) throws {
    var nested = container.nestedContainer(keyedBy: PlayKeys.self, forKey: key)
    try nested.encode(player, forKey: .player)
  }

  /// The event in a log line of a room playing `game`.
  public static func decode(_ json: Data, game: RoomGame) throws -> RoomEvent {
    let decoder = JSONDecoder()
    decoder.userInfo[.roomGame] = game
    return try decoder.decode(Decoded.self, from: json).event
  }

  /// An event read with the room's game from the decoder's user info.
  private struct Decoded: Decodable {
    var event: RoomEvent

    init(from decoder: any Decoder) throws {
      guard let game = decoder.userInfo[.roomGame] as? RoomGame else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: [], debugDescription: "A room event needs its room's game."))
      }
      let container = try decoder.container(keyedBy: CodingKeys.self)
      func player(_ key: CodingKeys) throws -> PlayerID {
        try container.nestedContainer(keyedBy: PlayKeys.self, forKey: key).decode(PlayerID.self, forKey: .player)
      }
      if container.contains(.play) {
        let play = try container.nestedContainer(keyedBy: PlayKeys.self, forKey: .play)
        self.event = .play(
          try play.decode(PlayerID.self, forKey: .player),
          try game.witness.decodeMove(try play.superDecoder(forKey: .move)))
      } else if container.contains(.forfeit) {
        self.event = .forfeit(try player(.forfeit))
      } else if container.contains(.disconnected) {
        self.event = .disconnected(try player(.disconnected))
      } else if container.contains(.reconnected) {
        self.event = .reconnected(try player(.reconnected))
      } else if container.contains(.graceExpired) {
        self.event = .graceExpired(try player(.graceExpired))
      } else if container.contains(.leave) {
        self.event = .leave(try player(.leave))
      } else {
        self.event = .clock(try game.witness.decodeClockEvent(decoder))
      }
    }
  }
}

extension CodingUserInfoKey {
  fileprivate static let roomGame = CodingUserInfoKey(rawValue: "roomGame")!
}
