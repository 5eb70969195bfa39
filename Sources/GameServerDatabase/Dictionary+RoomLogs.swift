import GameServerWire

extension Dictionary where Key == RoomID, Value == [RoomLogEntry] {
  /// Adds a line read from a database to its room's log (rows come in each room's order).
  ///
  /// ```swift
  /// var logs: [RoomID: [RoomLogEntry]] = [:]
  /// logs.append(room: "room-1", sequence: 0, payload: "{…}")
  /// ```
  package mutating func append(room: String, sequence: Int, payload: String) {
    let id = RoomID(rawValue: room)
    self[id, default: []].append(RoomLogEntry(room: id, sequence: sequence, payload: payload))
  }
}
