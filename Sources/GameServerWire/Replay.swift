import GameServerJSON

/// A finished game shown again, move by move, to a player who played it: the answer to
/// `replay`.
///
/// `{"v":1,"type":"replay","number":12,"frames":[{"v":1,"type":"room",…},…]}`: each frame is the
/// `room` message the player would have been sent at that point of the game (with `seats`, and
/// `status` where the room had something to say), from the game's start to its end, one for
/// each change of the player's view. A frame shows what the player could see then (an
/// opponent's hidden pieces stay hidden until the game's end showed them); its clocks are as
/// they were, long past.
///
/// ```swift
/// let (replay, _) = try await ada.receive(\.replay)
/// try replay.frames.last!.view(TicTacToeView.self).outcome  // the end of the game
/// ```
public struct ReplayFrames: Hashable, Sendable {
  /// The game's number (`number` in `history`).
  public var number: Int64
  /// The player's views, first to last.
  public var frames: [RoomView]

  public init(number: Int64, frames: [RoomView]) {
    self.number = number
    self.frames = frames
  }

  /// The message, written once: the frames' bytes as they are.
  func json(replyTo: String?) -> [UInt8] {
    let size = self.frames.reduce(64) { $0 + $1.json.count + 1 }
    let output = JSONOutput(capacity: size)
    output.raw(#"{"v":1,"type":"replay","number":"#)
    output.write(self.number)
    output.raw(#","frames":["#)
    for (index, frame) in self.frames.enumerated() {
      if index > 0 { output.raw(",") }
      output.append(frame.json)
    }
    output.raw("]")
    if let replyTo {
      output.raw(#","replyTo":"#)
      output.write(replyTo)
    }
    output.raw("}")
    return output.bytes
  }
}

/// The fixed phrases players of a room may say to each other (`chat`): never free text, so there
/// is nothing to moderate.
///
/// A client sends `{"v":1,"type":"chat","phrase":"wellPlayed"}`; everyone in the room (its
/// players and spectators) gets `{"v":1,"type":"chat","room":"room-…","player":"guest-…","phrase":"wellPlayed"}`.
public enum ChatPhrase: String, CaseIterable, Hashable, Codable, Sendable {
  case goodLuck
  case wellPlayed
  case thanks
  case rematch
  case oops

  /// The phrase in English, as the browser client shows it.
  public var text: String {
    switch self {
    case .goodLuck: "Good luck!"
    case .wellPlayed: "Well played!"
    case .thanks: "Thanks!"
    case .rematch: "Rematch?"
    case .oops: "Oops!"
    }
  }
}

/// A phrase said in a room: who said it, and which.
public struct RoomChat: Hashable, Codable, Sendable {
  public var room: RoomID
  public var player: PlayerID
  public var phrase: ChatPhrase

  public init(room: RoomID, player: PlayerID, phrase: ChatPhrase) {
    self.room = room
    self.player = player
    self.phrase = phrase
  }
}
