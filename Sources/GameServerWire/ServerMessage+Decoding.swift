import Foundation
import GameServerJSON

extension ServerMessage: Decodable {
  private enum DecodingKeys: String, CodingKey {
    case v, type, replyTo, code, message, game, mode, room, view, status, reason, entries, number, frames, player,
      phrase
    case seats, players, rooms, games, rating, change, url, retryAfter
  }

  /// Reads a message as the server writes it (its `Encodable` form): what a client in Swift
  /// reads, a bot or a test on real sockets.
  ///
  /// ```swift
  /// let message = try ServerMessage.decode(Array(#"{"v":1,"type":"pong","replyTo":"7"}"#.utf8))
  /// // .pong(replyTo: "7")
  /// ```
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DecodingKeys.self)
    let type = try container.decode(String.self, forKey: .type)
    let replyTo = try container.decodeIfPresent(String.self, forKey: .replyTo)
    func string(_ key: DecodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
    func variant() throws -> GameVariant { GameVariant(game: try string(.game), mode: try string(.mode)) }
    switch type {
    case "welcome": self = .welcome(try Welcome(from: decoder))
    case "error":
      self = .error(
        ProtocolError(
          code: try string(.code), message: try string(.message), requestID: replyTo,
          retryAfter: try container.decodeIfPresent(Int.self, forKey: .retryAfter),
          room: try container.decodeIfPresent(String.self, forKey: .room)))
    case "queued": self = .queued(try variant(), replyTo: replyTo)
    case "queueLeft":
      self = .queueLeft(reason: try container.decodeIfPresent(String.self, forKey: .reason), replyTo: replyTo)
    case "privateRoom": self = .privateRoom(code: try string(.code), try variant(), replyTo: replyTo)
    case "lobby":
      let lobby = Lobby(
        code: try string(.code), variant: try variant(), seats: try container.decode(Int.self, forKey: .seats),
        players: try container.decode([String].self, forKey: .players))
      self = .lobby(lobby, replyTo: replyTo)
    case "room":
      let (room, game) = (try container.decode(RoomID.self, forKey: .room), try string(.game))
      let mode = try container.decodeIfPresent(String.self, forKey: .mode)
      let view = try container.decode(JSONValue.self, forKey: .view)
      let status = try container.decodeIfPresent(RoomStatus.self, forKey: .status)
      let roomView: RoomView
      if let seats = try container.decodeIfPresent(JSONValue.self, forKey: .seats) {
        roomView = RoomView(
          room: room, game: game, mode: mode, status: status, writeSeats: { try? $0.encode(seats) },
          writeView: { try? $0.encode(view) })
      } else {
        roomView = RoomView(room: room, game: game, mode: mode, status: status) { try? $0.encode(view) }
      }
      self = .room(roomView, replyTo: replyTo)
    case "roomLeft":
      self = .roomLeft(try container.decode(RoomID.self, forKey: .room), reason: try string(.reason), replyTo: replyTo)
    case "leaderboard":
      self = .leaderboard(
        try variant(), try container.decode([LeaderboardEntry].self, forKey: .entries), replyTo: replyTo)
    case "games": self = .games(try container.decode([GameListing].self, forKey: .games), replyTo: replyTo)
    case "rooms": self = .rooms(try container.decode([RoomListing].self, forKey: .rooms), replyTo: replyTo)
    case "history": self = .history(try container.decode([GameSummary].self, forKey: .games), replyTo: replyTo)
    case "replay":
      let frames = try container.decode([ServerMessage].self, forKey: .frames).map { message in
        guard case let .room(view, _) = message else {
          throw DecodingError.dataCorruptedError(
            forKey: .frames, in: container, debugDescription: "A replay's frame is a room message, not \(message.type)."
          )
        }
        return view
      }
      self = .replay(
        ReplayFrames(number: try container.decode(Int64.self, forKey: .number), frames: frames), replyTo: replyTo)
    case "chat":
      self = .chat(
        RoomChat(
          room: try container.decode(RoomID.self, forKey: .room),
          player: try container.decode(PlayerID.self, forKey: .player),
          phrase: try container.decode(ChatPhrase.self, forKey: .phrase)))
    case "rating":
      self = .rating(
        RatingChange(
          room: try container.decode(RoomID.self, forKey: .room), variant: try variant(),
          rating: try container.decode(Int.self, forKey: .rating),
          change: try container.decode(Int.self, forKey: .change)))
    case "moved": self = .moved(try container.decode(RoomID.self, forKey: .room), url: try string(.url))
    case "joinElsewhere": self = .joinElsewhere(code: try string(.code), url: try string(.url), replyTo: replyTo)
    case "goodbye": self = .goodbye(replyTo: replyTo)
    case "pong": self = .pong(replyTo: replyTo)
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container, debugDescription: "No server message has the type \(type).")
    }
  }

  /// The message in `bytes` (one JSON object, as the server sends it).
  public static func decode(_ bytes: [UInt8]) throws -> ServerMessage {
    try JSONDecoder().decode(ServerMessage.self, from: Data(bytes))
  }
}

extension RoomView {
  /// The game's view in it, read as `View` (a game's view type).
  ///
  /// ```swift
  /// let (room, _) = try await ada.receive(\.room)
  /// let view = try room.view(ConnectFourView.self)
  /// ```
  public func view<View: Decodable>(_ type: View.Type) throws -> View {
    try JSONDecoder().decode(View.self, from: Data(self.viewJSON))
  }
}
