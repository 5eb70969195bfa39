import GameServerDatabase
import GameServerGame
import GameServerWire

extension Room.State {
  /// The turn when a bot is among those to move, with a key that changes on every move.
  public var botTurn: GameTurn? {
    // NB: Asked twice an action (onChange): no room without bots looks at its game.
    guard self.seats.contains(where: { $0.bot != nil }), let turn = self.game.witness.turn(self.game.storage),
      self.seats.contains(where: { $0.bot != nil && turn.players.contains($0.player) })
    else { return nil }
    return turn
  }

  /// Which game the room is playing: 1, then 2 after a rematch, and so on.
  public var gameNumber: Int { self.game.gameNumber }

  /// Calls `body` with each viewer, as ``viewers`` lists them, without making the list (the
  /// rooms' hot path asks this after every action).
  @inlinable
  public func forEachViewer(_ body: (PlayerID) -> Void) {
    for seat in self.seats where seat.bot == nil && !seat.hasLeft { body(seat.player) }
    for spectator in self.spectators { body(spectator) }
  }

  /// Whether `player` is among the ``viewers``: seated (a person who has not left) or watching.
  @inlinable
  public func isViewer(_ player: PlayerID) -> Bool {
    self.isSeatedViewer(player) || self.spectators.contains(player)
  }

  /// Whether `player` is a person seated here who has not left.
  @inlinable
  public func isSeatedViewer(_ player: PlayerID) -> Bool {
    self.seats.contains { $0.player == player && $0.bot == nil && !$0.hasLeft }
  }

  /// The people seated (bots are not), whether here or away.
  public var people: [PlayerID] { self.seats.filter { $0.bot == nil }.map(\.player) }

  /// The people seated and still here, and the spectators: who gets this room's views.
  public var viewers: [PlayerID] {
    var viewers: [PlayerID] = []
    viewers.reserveCapacity(self.seats.count + self.spectators.count)
    self.forEachViewer { viewers.append($0) }
    return viewers
  }

  /// Whether the game is over and every person in the room is gone (left, or away past the
  /// grace period): it can close. A player who is only disconnected still keeps it open, also
  /// across a restart of the server.
  public var isAbandoned: Bool {
    self.game.isOver && !self.seats.contains { $0.bot == nil && !$0.hasLeft } && self.spectators.isEmpty
  }

  /// The finished game's record.
  public var result: GameRecord {
    let players = self.seats.map(\.player)
    let result = self.game.result
    return GameRecord(
      room: self.id, variant: self.variant, players: players, names: self.seats.map(\.name),
      bots: self.players { $0.bot != nil }, guests: self.players(\.isGuest),
      winners: result?.winners ?? [],
      // NB: Two players' places are their winners; records of two stay as they were.
      ranking: players.count > 2 ? result?.ranking : nil,
      moves: self.game.record)
  }

  /// The players of the seats that pass `isIncluded`, in seat order: one list, sized once, and
  /// none when no seat passes.
  private func players(_ isIncluded: (Seat) -> Bool) -> [PlayerID] {
    let count = self.seats.count(where: isIncluded)
    guard count > 0 else { return [] }
    var players: [PlayerID] = []
    players.reserveCapacity(count)
    for seat in self.seats where isIncluded(seat) { players.append(seat.player) }
    return players
  }

  /// The message that shows this room to `viewer` who did not see it yet (or sees it again
  /// after a reload): with the seats. Written as the answer to `replyTo`, if given.
  public func view(for viewer: PlayerID, replyTo: String? = nil) -> ServerMessage {
    self.view(for: viewer, status: self.status, replyTo: replyTo)
  }

  /// ``view(for:replyTo:)`` with the room's ``status`` worked out once for all its viewers.
  public func view(for viewer: PlayerID, status: RoomStatus?, replyTo: String? = nil) -> ServerMessage {
    // NB: A view is always written when there is no other state to compare it with.
    let seats = self.seats
    let view = self.game.view(
      for: viewer, in: self.id, seats: { Self.write(seats, to: $0) }, status: status, unlessSameIn: nil,
      replyTo: replyTo)!
    return .room(view, replyTo: replyTo)
  }

  /// The message that shows this room to `viewer`, unless `viewer` saw the same in `before`:
  /// without the seats, which `viewer` has (a room's seats do not change). Written as the
  /// answer to `replyTo`, if given.
  public func view(for viewer: PlayerID, unlessSameIn before: Room.State, replyTo: String? = nil) -> ServerMessage? {
    self.view(for: viewer, unlessSameIn: before, status: self.status, replyTo: replyTo)
  }

  /// ``view(for:unlessSameIn:replyTo:)`` with the room's ``status`` worked out once for all its
  /// viewers (the rooms' hot path: one status an action, however many watch).
  public func view(
    for viewer: PlayerID, unlessSameIn before: Room.State, status: RoomStatus?, replyTo: String? = nil
  ) -> ServerMessage? {
    // NB: A move leaves the seats' array as it was (its buffer, compared first, at once): only a
    //     seat's event or the room's own ending can change the status, and then it goes out.
    // NB: `ending` is left out: it is kept as the game ends, and says what the result said.
    let sameStatus = self.seats == before.seats && self.end == before.end && self.series == before.series
    return self.game.view(
      for: viewer, in: self.id, seats: nil, status: status, unlessSameIn: sameStatus ? before.game : nil,
      replyTo: replyTo
    )
    .map { .room($0, replyTo: replyTo) }
  }

  /// What the room says beside the game's view (``RoomStatus``): who is away and until when,
  /// who has gone, and once the game is over, why it ended. Nil when there is nothing to say.
  public var status: RoomStatus? {
    var status = RoomStatus()
    for seat in self.seats where seat.bot == nil {
      if seat.hasLeft {
        status.left.append(seat.player)
      } else if !seat.isConnected, let until = seat.awayUntil {
        status.away.append(
          RoomStatus.Away(player: seat.player, until: Int64((until.timeIntervalSince1970 * 1000).rounded())))
      }
    }
    if self.game.isOver {
      // NB: The game's own ending is kept as it ends; a room restored from a snapshot written
      //     before it was kept works it out.
      status.end = self.end ?? self.ending ?? self.game.result.flatMap(RoomStatus.End.init(of:))
    }
    status.series = self.series
    return status.isEmpty ? nil : status
  }

  /// Writes who sits in the room, in seat order.
  private static func write(_ seats: [Seat], to output: JSONOutput) {
    output.raw("[")
    for (index, seat) in seats.enumerated() {
      if index > 0 { output.raw(",") }
      RoomView.writeSeat(seat.player, name: seat.name, bot: seat.bot, rating: seat.rating, to: output)
    }
    output.raw("]")
  }

  /// The move a client message makes in this room's game: nil when the game has no such move,
  /// or the error in its fields.
  public func move(_ message: MoveMessage) throws(ProtocolError) -> AnyMove? {
    try self.game.witness.move(message.type, message.fields)
  }

  /// The event of the room's log that a room action is, if any: seats' events, moves, forfeits
  /// and the game clocks' expiries.
  public func loggedEvent(of action: Room.Action) -> RoomEvent? {
    switch action {
    // NB: A move, clock event or forfeit sent as an event goes on to the game, and is logged there.
    case .event(.play), .event(.clock), .event(.forfeit): nil
    case let .event(event): event
    case let .game(.move(player, move)): .play(player, move)
    case let .game(.clock(event)): .clock(event)
    case let .game(.forfeit(player)): .forfeit(player)
    case let .game(.action(action)): self.game.witness.clockEvent(action).map(RoomEvent.clock)
    default: nil
    }
  }
}

extension RoomStatus.End {
  /// How a game ended by its own rules, from its result: nil where the game gives no reason. A
  /// resignation or a clock names the one player who lost it.
  init?(of result: GameResult) {
    guard let reason = result.reason else { return nil }
    let loser =
      (reason == .resignation || reason == .time) && result.ranking.last?.count == 1 ? result.ranking.last?.first : nil
    self.init(reason: reason, player: loser)
  }
}
