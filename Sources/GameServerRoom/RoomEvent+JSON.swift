import GameServerGame
import GameServerWire

extension RoomEvent: JSONTextRepresentable {
  /// The log line of an event, written directly, with the move as its game writes it (by hand,
  /// or through the stream encoder): the same text as its `Encodable` form (`RoomEventJSONTests`).
  public var jsonText: String? {
    switch self {
    case let .play(player, move):
      // NB: A game may write its moves by hand (tic-tac-toe's marks, one a move); else through
      // Encodable. Moves hold plain values (no non-finite numbers): encoding cannot fail.
      let written = (move.base as? any JSONTextRepresentable)?.jsonText.map { Array($0.utf8) }
      guard let body = written ?? (try? JSONStreamEncoder.encode(move, capacity: 64)) else { return nil }
      let output = JSONOutput(capacity: player.rawValue.utf8.count + body.count + 32)
      output.raw(#"{"play":{"_0":"#)
      output.write(player.rawValue)
      output.raw(#","_1":"#)
      output.append(body)
      output.raw("}}")
      return String(decoding: output.bytes, as: UTF8.self)
    case let .clock(event): return try? JSONStreamEncoder.string(event)
    case let .forfeit(player): return Self.playerEvent("forfeit", player)
    case let .disconnected(player): return Self.playerEvent("disconnected", player)
    case let .reconnected(player): return Self.playerEvent("reconnected", player)
    case let .graceExpired(player): return Self.playerEvent("graceExpired", player)
    case let .leave(player): return Self.playerEvent("leave", player)
    }
  }

  private static func playerEvent(_ name: String, _ player: PlayerID) -> String {
    #"{"\#(name)":{"_0":\#(JSONStreamEncoder.quoted(player.rawValue))}}"#
  }
}
