import Foundation
import GameServerJSON

/// One viewer's view of a room, as the `room` message that carries it: written once, by the
/// room's game, and sent as it is.
///
/// `{"v":1,"type":"room","room":"room-…","game":"tictactoe","seats":[…],"view":{…}}`, with
/// `"mode"` before `"seats"` for a game with more than one mode, and `"replyTo"` added when it
/// answers a request. `seats`, in the first message a connection gets of a room, lists who
/// sits in it, in seat order: `{"player":"guest-…","name":"ada","rating":1216}`, with
/// `"bot":"easy"` (and no rating) for a bot.
/// `"status"` follows `"view"` when the room has something to say of its seats or the game's end
/// (``RoomStatus``).
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
  /// The message as written: with `"replyTo"` when it was written as an answer
  /// (``writtenReplyTo``).
  private let bytes: [UInt8]
  /// The request the message was written to answer, if any: its `"replyTo"` is in `bytes`.
  public let writtenReplyTo: String?
  /// Where, in `bytes`, the message without `replyTo` ends, but for its closing brace.
  private let bodyEnd: Int
  /// Where the view's object is in `json`.
  private let viewRange: Range<Int>
  /// Where the seats' array is in `json`, if the message has one.
  private let seatsRange: Range<Int>?
  /// Where the status object is in `json`, if the message has one.
  private let statusRange: Range<Int>?

  /// Writes the message; `writeSeats` writes the seats' array (``writeSeat(_:name:bot:to:)``
  /// writes each), and `writeView` the view's object, where they go. With `replyTo`, the
  /// message is written as the answer to that request, as ``jsonBytes(replyTo:)`` gives it
  /// back with no copy.
  public init(
    room: RoomID, game: String, mode: String?, status: RoomStatus? = nil, replyTo: String? = nil,
    writeSeats: (JSONOutput) -> Void, writeView: (JSONOutput) -> Void
  ) {
    self.init(
      room: room, game: game, mode: mode, hasSeats: true, status: status, replyTo: replyTo, writeSeats: writeSeats,
      writeView: writeView)
  }

  /// Writes the message with no seats: `writeView` writes the view's object where it goes.
  public init(
    room: RoomID, game: String, mode: String?, status: RoomStatus? = nil, replyTo: String? = nil,
    writeView: (JSONOutput) -> Void
  ) {
    self.init(
      room: room, game: game, mode: mode, hasSeats: false, status: status, replyTo: replyTo, writeSeats: { _ in },
      writeView: writeView)
  }

  // NB: Not an optional closure, which would have to escape.
  private init(
    room: RoomID, game: String, mode: String?, hasSeats: Bool, status: RoomStatus?, replyTo: String?,
    writeSeats: (JSONOutput) -> Void, writeView: (JSONOutput) -> Void
  ) {
    // NB: Written in a pooled output and copied out to fit: one allocation per message, also
    //     for the answer to a request.
    var seatsRange: Range<Int>?
    var statusRange: Range<Int>?
    var viewRange = 0..<0
    var bodyEnd = 0
    self.bytes = JSONOutput.withPooled { output in
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
      if let status, !status.isEmpty {
        output.raw(#","status":"#)
        let start = output.bytes.count
        status.write(to: output)
        statusRange = start..<output.bytes.count
      }
      bodyEnd = output.bytes.count
      if let replyTo { Self.writeReply(replyTo, to: output) }
      output.raw("}")
      return output.copiedBytes()
    }
    self.room = room
    self.game = game
    self.mode = mode
    self.writtenReplyTo = replyTo
    self.bodyEnd = bodyEnd
    self.viewRange = viewRange
    self.seatsRange = seatsRange
    self.statusRange = statusRange
  }

  /// Writes one seat of the `seats` array: `rating` is a person's rating in the game when the
  /// room opened (left out for bots).
  public static func writeSeat(
    _ player: PlayerID, name: String, bot: String?, rating: Int? = nil, to output: JSONOutput
  ) {
    output.raw(#"{"player":"#)
    output.write(player.rawValue)
    output.raw(#","name":"#)
    output.write(name)
    if let bot {
      output.raw(#","bot":"#)
      output.write(bot)
    }
    if let rating {
      output.raw(#","rating":"#)
      output.write(rating)
    }
    output.raw("}")
  }

  /// The whole message without `replyTo`.
  public var json: [UInt8] {
    self.writtenReplyTo == nil ? self.bytes : self.jsonBytes(replyTo: nil)
  }

  /// The message without `replyTo`, but for its closing brace.
  private var body: ArraySlice<UInt8> { self.bytes[..<self.bodyEnd] }

  /// The seats' JSON array, if the message has one.
  public var seatsJSON: ArraySlice<UInt8>? { self.seatsRange.map { self.bytes[$0] } }

  /// The view's JSON object.
  public var viewJSON: ArraySlice<UInt8> { self.bytes[self.viewRange] }

  /// The status's JSON object, if the message has one.
  public var statusJSON: ArraySlice<UInt8>? { self.statusRange.map { self.bytes[$0] } }

  /// What the room says of its seats and the game's end, if anything (read from the message).
  public var status: RoomStatus? {
    self.statusJSON.flatMap { try? JSONDecoder().decode(RoomStatus.self, from: Data($0)) }
  }

  /// The message answering the request `replyTo`, or as it is for none: the bytes written, with
  /// no copy, when it was written for that answer.
  public func jsonBytes(replyTo: String?) -> [UInt8] {
    if replyTo == self.writtenReplyTo { return self.bytes }
    return JSONOutput.withPooled { output in
      output.append(self.body)
      if let replyTo { Self.writeReply(replyTo, to: output) }
      output.raw("}")
      return output.copiedBytes()
    }
  }

  private static func writeReply(_ replyTo: String, to output: JSONOutput) {
    output.raw(#","replyTo":"#)
    output.write(replyTo)
  }

  /// Views are the same message, whichever request they were written to answer.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.body == rhs.body }

  public func hash(into hasher: inout Hasher) { hasher.combine(self.body) }
}
