import ServerModels

extension RoomEvent: JSONTextRepresentable {
  /// The log line of a tic-tac-toe move, the event logged most, written directly; other events
  /// go through `Encodable`. Both give the same text.
  public var jsonText: String? {
    guard case let .play(player, .mark(cell)) = self else { return nil }
    return #"{"play":{"_0":\#(JSONStreamEncoder.quoted(player.rawValue)),"_1":{"mark":{"_0":{"row":\#(cell.row),"column":\#(cell.column)}}}}}"#
  }
}
