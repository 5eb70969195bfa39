import GameServerAuthentication
import ComposableArchitecture
import GameServerDatabase
import GameServerGame
import GameServerLogin
import GameServerMatchmaking
import GameServerRoom
import GameServerWire

extension Server {
  func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .task:
      // NB: Subscribed now, not when the effect's task starts: no event can come in between.
      let events = self.database.storageEvents()
      let storage = Effect<Action>.run { send in
        for await event in events {
          if case let .gameRecorded(room, variant, ratings) = event {
            await send(.ratingsRecorded(room, variant, ratings))
          } else {
            await send(.storage(event))
          }
        }
      }
      guard self.$cluster.read(\.isClustered) else { return storage }
      return .merge(storage, self.listenToCluster())

    case let .connected(connection):
      state.connections[connection] = Connection()
      return .none

    case let .disconnected(connection):
      guard let closed = state.connections.removeValue(forKey: connection) else { return .none }
      guard let player = closed.player, var session = state.sessions[player],
        session.connection == connection
      else { return .none }
      session.connection = nil
      var effects: [Effect<Action>] = []
      if state.matchmaking.isWaiting(player) { effects.append(.send(.matchmaking(.cancel(player)))) }
      if let room = session.spectating {
        session.spectating = nil
        effects.append(.send(.rooms(.element(id: room, action: .stopSpectating(player)))))
      }
      if let room = session.room {
        effects.append(.send(.rooms(.element(id: room, action: .event(.disconnected(player))))))
        state.sessions[player] = session
      } else {
        state.sessions[player] = nil
      }
      return .merge(effects)

    case let .received(connection, request):
      return self.route(&state, connection, request)

    case let .malformed(connection, error):
      return self.reply(connection, .error(error))

    case let .login(.delegate(.loggedIn(connection, identity, token, requestID))):
      return self.loggedIn(&state, connection, identity, token: token, requestID: requestID)

    case let .login(.delegate(.loggedOut(connection, requestID))):
      return self.logOut(&state, connection, requestID: requestID)

    case let .login(.delegate(.failed(connection, error, requestID))):
      var failure = ProtocolError(code: error.code, message: error.message, requestID: requestID)
      if case let .tooManyAttempts(seconds) = error { failure.retryAfter = seconds }
      return self.reply(connection, .error(failure))

    case let .matchmaking(.delegate(.matched(match))):
      return self.openRoom(&state, for: match)

    case let .matchmaking(.delegate(.privateRoomCreated(player, code, variant))):
      return self.tell(state, player, .privateRoom(code: code, variant, replyTo: state.sessions[player]?.lastRequestID))

    case let .matchmaking(.delegate(.privateRoomChanged(code, room, by))):
      let lobby = Lobby(
        code: code, variant: room.variant, seats: room.seats,
        players: room.players.map { state.sessions[$0]?.identity.name ?? $0.rawValue })
      // NB: It answers the joinRoom of whoever joined.
      let requestID = state.sessions[by]?.roomRequestID
      state.sessions[by]?.roomRequestID = nil
      return .merge(room.players.map { player in
        self.tell(state, player, .lobby(lobby, replyTo: player == by ? requestID : nil))
      })

    case let .matchmaking(.delegate(.privateRoomClosed(_, guests))):
      return .merge(guests.map { self.tell(state, $0, .queueLeft(reason: "room_closed", replyTo: nil)) })

    case let .matchmaking(.delegate(.rejected(player, error))):
      state.sessions[player]?.roomRequestID = nil
      return self.tell(
        state, player,
        .error(ProtocolError(code: error.code, message: error.message, requestID: state.sessions[player]?.lastRequestID)))

    case let .rooms(.element(_, .delegate(.rejected(player, code, message)))):
      return self.tell(
        state, player,
        .error(ProtocolError(code: code, message: message, requestID: state.sessions[player]?.lastRequestID)))

    case let .ratingsRecorded(room, variant, ratings):
      state.unrecordedGames[room] = nil
      // NB: One effect for every player's message (a game ends every few moves under load).
      var messages: [(ConnectionID, ServerMessage)] = []
      for (player, update) in ratings where state.sessions[player] != nil {
        // NB: In place, with no copy of the session alive, so that the ratings are not copied.
        state.sessions[player]?.identity.ratings[variant] = update.after
        guard let connection = state.sessions[player]?.connection else { continue }
        // NB: The change is the database's, from the rating stored before the game: the
        //     session's own may be older (a guest who resumed after another game was recorded).
        messages.append(
          (connection, .rating(RatingChange(room: room, variant: variant, rating: update.after, change: update.change))))
      }
      guard !messages.isEmpty else { return .none }
      return .perform { [channel, messages] in
        for (connection, message) in messages { channel.send(connection, message) }
      }

    case let .storage(event):
      return self.storage(&state, event)

    case let .leaderboardLoaded(connection, variant, entries, requestID):
      return self.reply(connection, .leaderboard(variant, entries, replyTo: requestID))

    case let .historyLoaded(connection, games, requestID):
      return self.reply(connection, .history(games, replyTo: requestID))

    case let .restore(rooms, nextLogSequence):
      return self.restore(&state, rooms, nextLogSequence: nextLogSequence)

    case let .cluster(.loggedInElsewhere(player)):
      return self.loggedInElsewhere(&state, player)

    case let .cluster(.matched(rooms, elsewhere)):
      return self.openSharedMatches(&state, rooms, elsewhere: elsewhere)

    case let .cluster(.queueFailed(players)):
      return self.sharedQueueFailed(&state, players)

    case let .cluster(.queued(players)):
      return self.sharedQueueStored(&state, players)

    case let .matchmaking(.cancel(player)):
      return self.leaveSharedQueue(player)

    case let .cluster(event):
      return self.loseRooms(&state, event)

    case let .privateRoomLocated(connection, code, url, requestID):
      guard let player = state.connections[connection]?.player, state.sessions[player] != nil else { return .none }
      guard let url else { return self.matchmaking(&state, .joinPrivateRoom(player, code: code)) }
      state.sessions[player]?.roomRequestID = nil
      return self.reply(connection, .joinElsewhere(code: InviteCode.normalize(code), url: url, replyTo: requestID))

    case let .located(connection, lookup, placement, failed):
      return self.located(&state, connection, lookup, placement, failed: failed)

    // NB: A finished game is recorded with the log line that ended it (RoomRelay).
    case .login, .matchmaking, .rooms:
      return .none
    }
  }

  /// Sends a message to a connection.
  func reply(_ connection: ConnectionID, _ message: ServerMessage) -> Effect<Action> {
    .perform { [channel] in channel.send(connection, message) }
  }

  /// Sends a message to a player, if connected.
  func tell(_ state: State, _ player: PlayerID, _ message: ServerMessage) -> Effect<Action> {
    guard let connection = state.sessions[player]?.connection else { return .none }
    return self.reply(connection, message)
  }

  private func loggedIn(
    _ state: inout State, _ connection: ConnectionID, _ identity: Identity, token: String,
    requestID: String?
  ) -> Effect<Action> {
    guard state.connections[connection] != nil else { return .none }
    let player = identity.player
    var effects: [Effect<Action>] = []
    var session = state.sessions[player] ?? Session(identity: identity, connection: connection)
    if let previous = session.connection, previous != connection, state.connections[previous] != nil {
      // NB: One connection per player: the newest wins and the older one is told why.
      state.connections[previous]?.player = nil
      effects.append(
        self.reply(previous, .error(ProtocolError(code: "logged_in_elsewhere", message: "You logged in on another connection."))))
    }
    session.identity = identity
    session.connection = connection
    session.tokenHash = SessionToken.hash(token)
    state.sessions[player] = session
    state.connections[connection]?.player = player
    let ratings = Dictionary(uniqueKeysWithValues: identity.ratings.map { ($0.key.rawValue, $0.value) })
    effects.append(
      self.reply(
        connection,
        .welcome(.init(
          player: player, name: identity.name, guest: identity.isGuest, token: token, ratings: ratings,
          room: session.room, replyTo: requestID))))
    if self.$cluster.read(\.isClustered) {
      // NB: A room of the player's may live on another node: the player is sent there.
      effects.append(self.announceLogin(connection, player, hasRoomHere: session.room != nil))
    }
    if let roomID = session.room, let room = state.rooms[id: roomID] {
      if state.unavailableRooms.contains(roomID) {
        effects.append(self.reply(connection, .error(.roomUnavailable())))
      } else {
        // NB: The view goes out now even when nothing in the room changes for the others.
        effects.append(self.show(room, to: player, on: connection, state))
        if room.seats.contains(where: { $0.player == player && !$0.isConnected }) {
          effects.append(.send(.rooms(.element(id: roomID, action: .event(.reconnected(player))))))
        }
      }
    }
    return .merge(effects)
  }

  /// Sends `player` its view of `room` once the room's latest log line is committed.
  func show(
    _ room: Room.State, to player: PlayerID, on connection: ConnectionID, _ state: State, replyTo: String? = nil
  ) -> Effect<Action> {
    let view = room.view(for: player, replyTo: replyTo)
    let ticket = state.latestLogLine(of: room.id)
    return .perform { [channel] in channel.send(connection, view, after: ticket) }
  }

  /// Ends the session on `connection`: out of queues, rooms and spectating, then `goodbye`.
  func logOut(_ state: inout State, _ connection: ConnectionID, requestID: String?) -> Effect<Action> {
    var effects = [self.reply(connection, .goodbye(replyTo: requestID))]
    guard let player = state.connections[connection]?.player, let session = state.sessions[player] else {
      return .merge(effects)
    }
    state.connections[connection]?.player = nil
    if state.matchmaking.isWaiting(player) { effects.append(.send(.matchmaking(.cancel(player)))) }
    if let room = session.spectating {
      effects.append(.send(.rooms(.element(id: room, action: .stopSpectating(player)))))
    }
    if let room = session.room {
      effects.append(.send(.rooms(.element(id: room, action: .event(.leave(player))))))
    }
    state.sessions[player] = nil
    return .merge(effects)
  }

  /// Rooms rebuilt after a restart: every seated person is away (with the grace period to come
  /// back), and each room's log starts again from a snapshot of it as it is now, so that what
  /// follows never lands after lines the replay could not use.
  private func restore(_ state: inout State, _ rooms: [Room.State], nextLogSequence: [RoomID: Int]) -> Effect<Action> {
    var effects: [Effect<Action>] = []
    for var room in rooms where state.rooms[id: room.id] == nil {
      var arrived: [(PlayerID, ConnectionID)] = []
      for index in room.seats.indices where room.seats[index].bot == nil {
        let seat = room.seats[index]
        guard !seat.hasLeft else { continue }
        if state.sessions[seat.player] == nil {
          state.sessions[seat.player] = Session(
            identity: Identity(player: seat.player, name: seat.name, isGuest: seat.isGuest),
            connection: nil, room: room.id)
        } else if state.sessions[seat.player]?.room == nil {
          // NB: A player already here (a room taken over from a node that stopped) sits down,
          //     and is shown the room: they logged in here while its node was down.
          state.sessions[seat.player]?.room = room.id
          if let connection = state.sessions[seat.player]?.connection { arrived.append((seat.player, connection)) }
        }
      }
      room.spectators = []
      state.rooms.append(room)
      state.nextLogSequence[room.id] = nextLogSequence[room.id] ?? 1
      effects.append(self.snapshot(room, &state))
      for (player, connection) in arrived { effects.append(self.show(room, to: player, on: connection, state)) }
      effects.append(self.resume(room, state))
    }
    return .merge(effects)
  }

  /// A room going on after a restart or a pause: its seats catch up with who is here (a player
  /// who is away gets the grace period in full; one who logged out meanwhile leaves), then its
  /// clocks and bots start again.
  func resume(_ room: Room.State, _ state: State) -> Effect<Action> {
    var effects: [Effect<Action>] = []
    for seat in room.seats where seat.bot == nil && !seat.hasLeft {
      let event: RoomEvent
      if let session = state.sessions[seat.player], session.room == room.id {
        if session.connection == nil {
          event = .disconnected(seat.player)
        } else if !seat.isConnected {
          event = .reconnected(seat.player)
        } else {
          continue
        }
      } else {
        event = .leave(seat.player)
      }
      effects.append(.send(.rooms(.element(id: room.id, action: .event(event)))))
    }
    effects.append(.send(.rooms(.element(id: room.id, action: .start))))
    return .merge(effects)
  }

  /// Starts a room's log again from a snapshot of the room as it is now (with its finished game,
  /// if that is not yet recorded): queued at once.
  func snapshot(_ room: Room.State, _ state: inout State) -> Effect<Action> {
    var entry = RoomLogEntry(room: room.id, sequence: state.takeLogSequence(room.id), encoding: room)
    entry.finishedGame = state.unrecordedGames[room.id]
    // NB: The directory of a cluster seats those who have not left, and no one who has.
    entry.seatedPlayers = room.seats.filter { $0.bot == nil && !$0.hasLeft }.map(\.player)
    let left = room.seats.filter { $0.bot == nil && $0.hasLeft }.map(\.player)
    if !left.isEmpty { entry.leftPlayers = left }
    return .perform { [database, entry] in database.restartRoomLog(entry) }
  }
}

extension Server.State {
  /// The room's latest log line: what a view of the room as it is now waits for.
  func latestLogLine(of room: RoomID) -> RoomLogTicket {
    RoomLogTicket(room: room, sequence: self.nextLogSequence[room, default: 1] - 1)
  }

  /// The sequence of the room's next log line, taken.
  mutating func takeLogSequence(_ room: RoomID) -> Int {
    let sequence = self.nextLogSequence[room, default: 0]
    self.nextLogSequence[room] = sequence + 1
    return sequence
  }
}

extension ProtocolError {
  /// A room whose log cannot be written takes no moves for now.
  public static func roomUnavailable(requestID: String? = nil) -> ProtocolError {
    ProtocolError(
      code: "unavailable",
      message: "This room's moves cannot be saved right now, so it is paused; it goes on by itself once they can.",
      requestID: requestID)
  }

  /// No room opens while the server cannot save.
  static func cannotOpenRooms(requestID: String? = nil) -> ProtocolError {
    ProtocolError(
      code: "unavailable", message: "The server cannot save new games right now; try again shortly.",
      requestID: requestID)
  }
}
