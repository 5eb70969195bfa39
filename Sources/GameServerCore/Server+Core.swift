import ComposableArchitecture
import GameServerAuthentication
import GameServerDatabase
import GameServerGame
import GameServerLogin
import GameServerMatchmaking
import GameServerRatings
import GameServerRoom
import GameServerWire

extension Server {
  func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .task:
      return self.start(&state)

    case let .connected(connection):
      state.connections[connection] = Connection()
      return .none

    case let .disconnected(connection):
      return self.disconnected(&state, connection)

    case let .received(connection, request):
      return self.route(&state, connection, request)

    case let .malformed(connection, error):
      return self.reply(connection, .error(error))

    case let .login(.delegate(delegate)):
      return self.fromLogin(&state, delegate)

    case let .matchmaking(.delegate(delegate)):
      return self.fromMatchmaking(&state, delegate)

    case let .rooms(.element(room, .delegate(.rejected(player, code, message)))):
      return self.refused(state, room, player, ProtocolError(code: code, message: message))

    case let .ratingsRecorded(room, variant, ratings):
      return self.ratingsRecorded(&state, room, variant, ratings)

    case let .storage(event):
      return self.storage(&state, event)

    case let .leaderboardLoaded(connection, variant, entries, requestID):
      return self.reply(connection, .leaderboard(variant, entries, replyTo: requestID))

    case .pushLobby:
      return self.pushLobby(&state)

    case let .lobbyLeaderboardLoaded(variant, entries):
      return self.sendLobbyLeaderboard(&state, variant, entries)

    case let .historyLoaded(connection, games, requestID):
      return self.reply(connection, .history(games, replyTo: requestID))

    case let .replayLoaded(connection, result, requestID):
      state.replaysInFlight.remove(connection)
      return self.reply(connection, result.map { .replay($0, replyTo: requestID) }.answer(to: requestID))

    case let .restore(rooms, nextLogSequence):
      return self.restore(&state, rooms, nextLogSequence: nextLogSequence)

    case let .cluster(event):
      return self.fromCluster(&state, event)

    case let .privateRoomLocated(connection, code, url, requestID):
      return self.privateRoomLocated(&state, connection, code: code, url: url, requestID: requestID)

    case let .adopted(connection, adoption):
      return self.adopt(&state, connection, adoption)

    case let .handOverDue(room, player):
      return self.handOverDue(&state, room, player)

    case let .located(connection, lookup, placement, failed):
      return self.located(&state, connection, lookup, placement, failed: failed)

    // NB: A finished game is recorded with the log line that ended it (RoomRelay), which also
    //     closes rooms.
    case .login, .matchmaking, .rooms, .roomClosed:
      return .none
    }
  }

  /// `.task`: listens to the database's storage events (and in a cluster to the cluster's).
  private func start(_ state: inout State) -> Effect<Action> {
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
    state.lobby.isShared = self.handOff.isShard
    guard self.$cluster.read(\.isClustered) else { return storage }
    return .merge(storage, self.listenToCluster())
  }

  /// A connection closed: the session is kept while its player has a seat.
  private func disconnected(_ state: inout State, _ connection: ConnectionID) -> Effect<Action> {
    guard let closed = state.connections.removeValue(forKey: connection) else { return .none }
    guard let player = closed.player, var session = state.sessions[player],
      session.connection == connection
    else { return .none }
    // NB: The session first, then the children, called directly: no view goes to the closed
    //     connection.
    let spectating = session.spectating
    session.connection = nil
    session.spectating = nil
    state.sessions[player] = session.room == nil ? nil : session
    var effects: [Effect<Action>] = []
    if state.matchmaking.isWaiting(player) { effects.append(self.cancelWaiting(&state, player)) }
    if let room = spectating { effects.append(self.room(&state, room, .stopSpectating(player))) }
    if let room = session.room { effects.append(self.room(&state, room, .event(.disconnected(player)))) }
    return .merge(effects)
  }

  /// A room refused a player's action (a move the game does not allow): told to the player,
  /// as the answer to their latest request, only while they are still seated there (a seat
  /// given up when its player left, as of a racer who had finished, makes a forfeit the game
  /// may refuse: no request of theirs).
  private func refused(_ state: State, _ room: RoomID, _ player: PlayerID, _ error: ProtocolError) -> Effect<Action> {
    guard state.rooms[id: room]?.isSeatedViewer(player) == true else { return .none }
    var error = error
    error.requestID = state.sessions[player]?.lastRequestID
    return self.tell(state, player, .error(error))
  }

  /// What login tells: a player logged in or out, or why not.
  private func fromLogin(_ state: inout State, _ delegate: Login.Action.Delegate) -> Effect<Action> {
    switch delegate {
    case let .loggedIn(connection, identity, token, requestID):
      return self.loggedIn(&state, connection, identity, token: token, requestID: requestID)

    case let .loggedOut(connection, requestID):
      return self.logOut(&state, connection, requestID: requestID)

    case let .failed(connection, error, requestID):
      var failure = ProtocolError(code: error.code, message: error.message, requestID: requestID)
      if case let .tooManyAttempts(seconds) = error { failure.retryAfter = seconds }
      return self.reply(connection, .error(failure))
    }
  }

  /// What matchmaking tells: a match, a private room's changes, or a refusal.
  private func fromMatchmaking(_ state: inout State, _ delegate: Matchmaking.Action.Delegate) -> Effect<Action> {
    switch delegate {
    case let .matched(match):
      return self.openRoom(&state, for: match)

    case let .privateRoomCreated(player, code, variant):
      return self.tell(state, player, .privateRoom(code: code, variant, replyTo: state.sessions[player]?.lastRequestID))

    case let .privateRoomChanged(code, room, by):
      let lobby = Lobby(
        code: code, variant: room.variant, seats: room.seats,
        players: room.players.map { state.sessions[$0]?.identity.name ?? $0.rawValue })
      // NB: It answers the joinRoom of whoever joined.
      let requestID = state.sessions[by]?.roomRequestID
      state.sessions[by]?.roomRequestID = nil
      return .merge(
        room.players.map { player in
          self.tell(state, player, .lobby(lobby, replyTo: player == by ? requestID : nil))
        })

    case let .privateRoomClosed(_, guests):
      return .merge(guests.map { self.tell(state, $0, .queueLeft(reason: "room_closed", replyTo: nil)) })

    case let .rejected(player, error):
      state.sessions[player]?.roomRequestID = nil
      return self.tell(
        state, player,
        .error(
          ProtocolError(code: error.code, message: error.message, requestID: state.sessions[player]?.lastRequestID)))
    }
  }

  /// A finished game is recorded: its players' ratings change, and they are told.
  private func ratingsRecorded(
    _ state: inout State, _ room: RoomID, _ variant: GameVariant, _ ratings: [PlayerID: RatingUpdate]
  ) -> Effect<Action> {
    state.unrecordedGames[room] = nil
    var lobby: Effect<Action> = .none
    if !state.lobby.watchers.isEmpty {
      state.lobby.ratedVariants.insert(variant)
      lobby = Self.lobbyChanged(&state, clock: self.clock)
    }
    // NB: One effect for every player's message (a game ends every few moves under load).
    var messages: [(ConnectionID, ServerMessage)] = []
    for (player, update) in ratings where state.sessions[player] != nil {
      // NB: In place, with no copy of the session alive, so that the ratings are not copied.
      state.sessions[player]?.identity.ratings[variant] = update.after
      guard let connection = state.sessions[player]?.connection else { continue }
      // NB: The change is the database's, from the rating stored before the game: the
      //     session's own may be older (a guest who resumed after another game was recorded).
      messages.append(
        (connection, .rating(RatingChange(room: room, variant: variant, rating: update.after, change: update.change)))
      )
    }
    guard !messages.isEmpty else { return lobby }
    return .merge(
      lobby,
      .perform { [channel, messages] in
        for (connection, message) in messages { channel.send(connection, message) }
      })
  }

  /// News of the cluster: a login elsewhere, the shared lobby or queue, rooms lost.
  private func fromCluster(_ state: inout State, _ event: ClusterEvent) -> Effect<Action> {
    switch event {
    case let .loggedInElsewhere(player, connection):
      return self.loggedInElsewhere(&state, player, on: connection)

    case .roomListChanged:
      return Self.lobbyChanged(&state, clock: self.clock)

    case let .matched(rooms, elsewhere):
      return self.openSharedMatches(&state, rooms, elsewhere: elsewhere)

    case let .queueFailed(players):
      return self.sharedQueueFailed(&state, players)

    case let .queued(players):
      return self.sharedQueueStored(&state, players)

    case let event:
      return self.loseRooms(&state, event)
    }
  }

  /// Where a private room asked for waits: joined here, handed to its shard, or sent there.
  private func privateRoomLocated(
    _ state: inout State, _ connection: ConnectionID, code: String, url: String?, requestID: String?
  ) -> Effect<Action> {
    guard let player = state.connections[connection]?.player, state.sessions[player] != nil else { return .none }
    guard let url else { return self.matchmaking(&state, .joinPrivateRoom(player, code: code)) }
    state.sessions[player]?.roomRequestID = nil
    if let shard = self.handOff.shard(url) {
      // NB: The private room waits on another shard of this process: joined there.
      return self.handOver(&state, connection, to: shard, then: ClientRequest(id: requestID, .joinRoom(code: code)))
    }
    return self.reply(connection, .joinElsewhere(code: InviteCode.normalize(code), url: url, replyTo: requestID))
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
}

extension Result<ServerMessage, ProtocolError> {
  /// The message, or the error as the answer to the request `id`.
  fileprivate func answer(to id: String?) -> ServerMessage {
    switch self {
    case let .success(message): return message
    case var .failure(error):
      error.requestID = id
      return .error(error)
    }
  }
}
