import GameServerGameCore
import GameServerModels

extension RoomEvent: JSONTextRepresentable {
  /// The log line of an event, written directly: every event but the word-grid moves, which go
  /// through `Encodable`. Both give the same text (`RoomEventJSONTests`).
  public var jsonText: String? {
    switch self {
    case let .play(player, move):
      let body: String
      switch move {
      case let .mark(cell): body = #"{"mark":{"_0":{"row":\#(cell.row),"column":\#(cell.column)}}}"#
      case .pass: body = #"{"pass":{}}"#
      case .resign: body = #"{"resign":{}}"#
      case .rematch: body = #"{"rematch":{}}"#
      case .word, .removeCube: return nil
      }
      // NB: One buffer of the right size, not one per interpolated piece.
      var text = ""
      text.reserveCapacity(player.rawValue.utf8.count + body.utf8.count + 32)
      text += #"{"play":{"_0":"#
      text += JSONStreamEncoder.quoted(player.rawValue)
      text += #","_1":"#
      text += body
      text += "}}"
      return text
    case let .moveTimeExpired(moveNumber): return #"{"moveTimeExpired":{"moveNumber":\#(moveNumber)}}"#
    case .raceTimeUp: return #"{"raceTimeUp":{}}"#
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
