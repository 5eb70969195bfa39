/// One viewer's view of a room, as the `room` message that carries it: written once, by the
/// room's game, and sent as it is.
///
/// `{"v":1,"type":"room","room":"room-…","game":"tictactoe","seats":[…],"view":{…}}`, with
/// `"mode"` before `"seats"` for a game with more than one mode, and `"replyTo"` added when it
/// answers a request. `seats`, in the first message a connection gets of a room, lists who
/// sits in it, in seat order: `{"player":"guest-…","name":"ada"}`, with `"bot":"easy"` for a bot.
///
/// ```swift
/// let view = RoomView(room: id, game: "tictactoe", mode: nil) { output in output.raw("{}") }
/// view.viewJSON  // the bytes of {}
/// ```
public struct RoomView: Hashable, Sendable {
  public let room: RoomID
  public let game: String
  /// The mode, for a game with more than one.
  public let mode: String?
  /// The whole message without `replyTo`.
  public let json: [UInt8]
  /// Where the view's object is in `json`.
  private let viewRange: Range<Int>
  /// Where the seats' array is in `json`, if the message has one.
  private let seatsRange: Range<Int>?

  /// Writes the message; `writeSeats` writes the seats' array (``writeSeat(_:name:bot:to:)``
  /// writes each), and `writeView` the view's object, where they go.
  public init(
    room: RoomID, game: String, mode: String?,
    writeSeats: (JSONOutput) -> Void, writeView: (JSONOutput) -> Void
  ) {
    self.init(room: room, game: game, mode: mode, hasSeats: true, writeSeats: writeSeats, writeView: writeView)
  }

  /// Writes the message with no seats: `writeView` writes the view's object where it goes.
  public init(room: RoomID, game: String, mode: String?, writeView: (JSONOutput) -> Void) {
    self.init(room: room, game: game, mode: mode, hasSeats: false, writeSeats: { _ in }, writeView: writeView)
  }

  // NB: Not an optional closure, which would have to escape.
  private init(
    room: RoomID, game: String, mode: String?, hasSeats: Bool,
    writeSeats: (JSONOutput) -> Void, writeView: (JSONOutput) -> Void
  ) {
    // NB: Written in a pooled output and copied out to fit: one allocation per message.
    var seatsRange: Range<Int>?
    var viewRange = 0..<0
    self.json = JSONOutput.withPooled { output in
      output.raw(#"{"v":1,"type":"room","room":"#)
      output.write(room.rawValue)
      output.raw(#","game":"#)
      output.write(game)
      if let mode {
        output.raw(#","mode":"#)
        output.write(mode)
      }
      if hasSeats {
        output.raw(#","seats":"#)
        let start = output.bytes.count
        writeSeats(output)
        seatsRange = start..<output.bytes.count
      }
      output.raw(#","view":"#)
      let start = output.bytes.count
      writeView(output)
      viewRange = start..<output.bytes.count
      output.raw("}")
      return output.copiedBytes()
    }
    self.room = room
    self.game = game
    self.mode = mode
    self.viewRange = viewRange
    self.seatsRange = seatsRange
  }

  /// Writes one seat of the `seats` array.
  public static func writeSeat(_ player: PlayerID, name: String, bot: String?, to output: JSONOutput) {
    output.raw(#"{"player":"#)
    output.write(player.rawValue)
    output.raw(#","name":"#)
    output.write(name)
    if let bot {
      output.raw(#","bot":"#)
      output.write(bot)
    }
    output.raw("}")
  }

  /// The seats' JSON array, if the message has one.
  public var seatsJSON: ArraySlice<UInt8>? { self.seatsRange.map { self.json[$0] } }

  /// The view's JSON object.
  public var viewJSON: ArraySlice<UInt8> { self.json[self.viewRange] }

  /// The message answering the request `replyTo`, or as it is for none.
  public func jsonBytes(replyTo: String?) -> [UInt8] {
    guard let replyTo else { return self.json }
    return JSONOutput.withPooled { output in
      output.append(self.json.dropLast())
      output.raw(#","replyTo":"#)
      output.write(replyTo)
      output.raw("}")
      return output.copiedBytes()
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.json == rhs.json }

  public func hash(into hasher: inout Hasher) { hasher.combine(self.json) }
}
