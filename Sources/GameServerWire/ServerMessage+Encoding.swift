import GameServerJSON

extension ServerMessage: Encodable {
  private enum CodingKeys: String, CodingKey {
    case v, type, replyTo, code, message, game, mode, room, view, status, reason, entries, number, frames, phrase
    case player, name, guest, token, ratings, games, seats, players, rooms, rating, change, url, retryAfter
  }

  /// The wire name of the message's type.
  public var type: String {
    switch self {
    case .welcome: "welcome"
    case .error: "error"
    case .queued: "queued"
    case .queueLeft: "queueLeft"
    case .privateRoom: "privateRoom"
    case .lobby: "lobby"
    case .room: "room"
    case .roomLeft: "roomLeft"
    case .leaderboard: "leaderboard"
    case .goodbye: "goodbye"
    case .moved: "moved"
    case .joinElsewhere: "joinElsewhere"
    case .games: "games"
    case .rooms: "rooms"
    case .rating: "rating"
    case .history: "history"
    case .replay: "replay"
    case .chat: "chat"
    case .pong: "pong"
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ClientMessage.protocolVersion, forKey: .v)
    try container.encode(self.type, forKey: .type)
    switch self {
    case let .welcome(welcome):
      try container.encode(welcome.player, forKey: .player)
      try container.encode(welcome.name, forKey: .name)
      try container.encode(welcome.guest, forKey: .guest)
      try container.encode(welcome.token, forKey: .token)
      try container.encode(welcome.ratings, forKey: .ratings)
      try container.encodeIfPresent(welcome.room, forKey: .room)
      try container.encodeIfPresent(welcome.replyTo, forKey: .replyTo)
    case let .error(error):
      try container.encode(error.code, forKey: .code)
      try container.encode(error.message, forKey: .message)
      try container.encodeIfPresent(error.requestID, forKey: .replyTo)
      try container.encodeIfPresent(error.retryAfter, forKey: .retryAfter)
      try container.encodeIfPresent(error.room, forKey: .room)
    case let .queued(variant, replyTo):
      try container.encode(variant.game, forKey: .game)
      try container.encode(variant.mode, forKey: .mode)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .games(games, replyTo):
      try container.encode(games, forKey: .games)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .rooms(rooms, replyTo):
      try container.encode(rooms, forKey: .rooms)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .history(games, replyTo):
      try container.encode(games, forKey: .games)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .replay(replay, replyTo):
      try container.encode(replay.number, forKey: .number)
      try container.encode(try replay.frames.map { try JSONParser.parse($0.json) }, forKey: .frames)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .chat(chat):
      try container.encode(chat.room, forKey: .room)
      try container.encode(chat.player, forKey: .player)
      try container.encode(chat.phrase, forKey: .phrase)
    case let .rating(change):
      try container.encode(change.room, forKey: .room)
      try container.encode(change.variant.game, forKey: .game)
      try container.encode(change.variant.mode, forKey: .mode)
      try container.encode(change.rating, forKey: .rating)
      try container.encode(change.change, forKey: .change)
    case let .queueLeft(reason, replyTo):
      try container.encodeIfPresent(reason, forKey: .reason)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .goodbye(replyTo), let .pong(replyTo):
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .lobby(lobby, replyTo):
      try container.encode(lobby.code, forKey: .code)
      try container.encode(lobby.variant.game, forKey: .game)
      try container.encode(lobby.variant.mode, forKey: .mode)
      try container.encode(lobby.seats, forKey: .seats)
      try container.encode(lobby.players, forKey: .players)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .privateRoom(code, variant, replyTo):
      try container.encode(code, forKey: .code)
      try container.encode(variant.game, forKey: .game)
      try container.encode(variant.mode, forKey: .mode)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .room(view, replyTo):
      try container.encode(view.room, forKey: .room)
      try container.encode(view.game, forKey: .game)
      try container.encodeIfPresent(view.mode, forKey: .mode)
      if let seats = view.seatsJSON { try container.encode(try JSONParser.parse(Array(seats)), forKey: .seats) }
      try container.encode(try JSONParser.parse(Array(view.viewJSON)), forKey: .view)
      if let status = view.statusJSON { try container.encode(try JSONParser.parse(Array(status)), forKey: .status) }
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .roomLeft(room, reason, replyTo):
      try container.encode(room, forKey: .room)
      try container.encode(reason, forKey: .reason)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .moved(room, url):
      try container.encode(room, forKey: .room)
      try container.encode(url, forKey: .url)
    case let .joinElsewhere(code, url, replyTo):
      try container.encode(code, forKey: .code)
      try container.encode(url, forKey: .url)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    case let .leaderboard(variant, entries, replyTo):
      try container.encode(variant.game, forKey: .game)
      try container.encode(variant.mode, forKey: .mode)
      try container.encode(entries, forKey: .entries)
      try container.encodeIfPresent(replyTo, forKey: .replyTo)
    }
  }

  /// The id of the request this message answers, if any.
  public var replyTo: String? {
    switch self {
    case let .welcome(welcome): welcome.replyTo
    case let .error(error): error.requestID
    case let .queued(_, replyTo), let .queueLeft(_, replyTo), let .privateRoom(_, _, replyTo), let .lobby(_, replyTo),
      let .room(_, replyTo), let .roomLeft(_, _, replyTo),
      let .leaderboard(_, _, replyTo), let .games(_, replyTo), let .rooms(_, replyTo), let .history(_, replyTo),
      let .replay(_, replyTo), let .goodbye(replyTo), let .joinElsewhere(_, _, replyTo),
      let .pong(replyTo):
      replyTo
    case .rating, .moved, .chat:
      nil
    }
  }

  /// The same message answering the request `id` (for a message that can answer one).
  public func replying(to id: String?) -> ServerMessage {
    guard let id else { return self }
    switch self {
    case let .room(view, _): return .room(view, replyTo: id)
    case let .roomLeft(room, reason, _): return .roomLeft(room, reason: reason, replyTo: id)
    case let .lobby(lobby, _): return .lobby(lobby, replyTo: id)
    default: return self
    }
  }

  /// The message as JSON text.
  public var json: String {
    String(decoding: self.jsonBytes, as: UTF8.self)
  }

  /// The message as JSON bytes, as the transport sends them.
  public var jsonBytes: [UInt8] {
    switch self {
    case let .room(view, replyTo): return view.jsonBytes(replyTo: replyTo)
    // NB: The frames' bytes as they are, not read and written again.
    case let .replay(replay, replyTo): return replay.json(replyTo: replyTo)
    // NB: Written directly, as its Encodable form writes it: every player gets one when a rated
    // game ends, every few moves under load.
    case let .rating(change): return Self.ratingJSON(change)
    default: break
    }
    // NB: Every field is a plain value (no non-finite numbers); encoding cannot fail.
    return (try? JSONStreamEncoder.encode(self)) ?? Array("{}".utf8)
  }
}

extension ServerMessage {
  fileprivate static func ratingJSON(_ change: RatingChange) -> [UInt8] {
    let output = JSONOutput(capacity: 128)
    output.raw(#"{"v":1,"type":"rating","room":"#)
    output.write(change.room.rawValue)
    output.raw(#","game":"#)
    output.write(change.variant.game)
    output.raw(#","mode":"#)
    output.write(change.variant.mode)
    output.raw(#","rating":"#)
    output.write(change.rating)
    output.raw(#","change":"#)
    output.write(change.change)
    output.raw("}")
    return output.bytes
  }
}
