import GameServerJSON
import GameServerWire

extension GameRecord: JSONTextRepresentable {
  /// The record as stored, written directly (a game ends every few moves under load): the same
  /// text as its `Encodable` form.
  public var jsonText: String? {
    func array(_ texts: some Sequence<String>) -> String {
      "[" + texts.map(JSONStreamEncoder.quoted).joined(separator: ",") + "]"
    }
    return """
      {"room":\(JSONStreamEncoder.quoted(self.room.rawValue)),\
      "variant":\(JSONStreamEncoder.quoted(self.variant.rawValue)),\
      "players":\(array(self.players.lazy.map(\.rawValue))),\
      "names":\(array(self.names)),\
      "bots":\(array(self.bots.lazy.map(\.rawValue))),\
      "guests":\(array(self.guests.lazy.map(\.rawValue))),\
      "winners":\(array(self.winners.lazy.map(\.rawValue))),\
      \(self.ranking.map { ranking in #""ranking":["# + ranking.map { array($0.lazy.map(\.rawValue)) }.joined(separator: ",") + "]," } ?? "")\
      "moves":\(JSONStreamEncoder.quoted(self.moves))}
      """
  }
}
