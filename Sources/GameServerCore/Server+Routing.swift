import ComposableArchitecture
import GameServerDatabase
import GameServerGame
import GameServerMatchmaking
import GameServerRatings
import GameServerRoom
import GameServerWire

extension Server {
  /// Routes one client message: `ping` and `games` at any time, login messages before login
  /// (``routeBeforeLogin(_:_:_:_:)``), everything else after (``routeAfterLogin(_:_:_:_:_:seatChecked:)``).
  /// In a cluster a request that seats the player first looks for a room of theirs on another
  /// node (`seatChecked` once it has).
  func route(
    _ state: inout State, _ connection: ConnectionID, _ request: ClientRequest, seatChecked: Bool = false
  ) -> Effect<Action> {
    guard let open = state.connections[connection] else { return .none }
    switch request.message {
    case .ping:
      return self.reply(connection, .pong(replyTo: request.id))
    case .games:
      return self.reply(connection, .games(GameListing.all(in: self.games), replyTo: request.id))
    default:
      guard let player = open.player, let index = state.sessions.index(forKey: player) else {
        return self.routeBeforeLogin(&state, connection, open, request)
      }
      return self.routeAfterLogin(&state, connection, player, index, request, seatChecked: seatChecked)
    }
  }

  /// Answers `already_in_room`, naming the room the player has a seat in.
  func alreadyInRoom(_ connection: ConnectionID, _ room: RoomID, _ message: String, _ id: String?) -> Effect<Action> {
    self.reply(
      connection, .error(ProtocolError(code: "already_in_room", message: message, requestID: id, room: room.rawValue)))
  }

  /// Answers `error` with `code` and `message` to the request `id`.
  func fail(_ connection: ConnectionID, _ code: String, _ message: String, _ id: String?) -> Effect<Action> {
    self.reply(connection, .error(ProtocolError(code: code, message: message, requestID: id)))
  }

  /// A message from a connection with no session: a login message logs in; anything else is
  /// `not_logged_in`, after (as in protocol v1) the message's own faults.
  private func routeBeforeLogin(
    _ state: inout State, _ connection: ConnectionID, _ open: Connection, _ request: ClientRequest
  ) -> Effect<Action> {
    let id = request.id
    switch request.message {
    case let .move(move) where open.player == nil:
      if let error = self.fault(in: move) { return self.reply(connection, .error(error)) }
    case let .queue(choice) where open.player == nil, let .playBot(choice) where open.player == nil,
      let .createRoom(choice) where open.player == nil, let .leaderboard(choice) where open.player == nil:
      guard let variant = self.variant(choice) else { return self.reply(connection, .error(self.unknownVariant(id))) }
      if case let .failure(error) = self.seats(choice, variant, requestID: id) {
        return self.reply(connection, .error(error))
      }
    case .guest, .register, .login, .resume:
      guard open.player == nil else {
        return self.fail(connection, "already_logged_in", "You are already logged in.", id)
      }
      switch request.message {
      case let .guest(name): return self.login(&state, .guest(connection, name: name, requestID: id))
      case let .register(name, password):
        return self.login(&state, .register(connection, name: name, password: password, requestID: id))
      case let .login(name, password):
        return self.login(&state, .login(connection, name: name, password: password, requestID: id))
      case let .resume(token): return self.login(&state, .resume(connection, token: token, requestID: id))
      default: return .none
      }
    default:
      break
    }
    return self.fail(connection, "not_logged_in", "Log in first: send guest, register, login or resume.", id)
  }

  /// A message from a logged-in player (the session at `index` of `state.sessions`).
  private func routeAfterLogin(
    _ state: inout State, _ connection: ConnectionID, _ player: PlayerID, _ index: Dictionary<PlayerID, Session>.Index,
    _ request: ClientRequest, seatChecked: Bool
  ) -> Effect<Action> {
    let id = request.id
    func fail(_ code: String, _ message: String) -> Effect<Action> { self.fail(connection, code, message, id) }
    switch request.message {
    case .guest, .register, .login, .resume: return fail("already_logged_in", "You are already logged in.")
    default: break
    }
    // NB: Changed where it is kept: a copy written back would hash the player again and free the
    //     session it replaces.
    state.sessions.values[index].lastRequestID = id
    state.sessions.values[index].roomRequestID = nil
    let session = state.sessions.values[index]
    // NB: Looked up only by the messages that need it, so a move costs the same however many
    // players wait in queues.
    var isWaiting: Bool { state.matchmaking.isWaiting(player) }

    switch request.message {
    case .logout:
      // NB: The token is revoked first; the session ends once that is stored.
      guard let tokenHash = session.tokenHash else { return self.logOut(&state, connection, requestID: id) }
      return self.login(&state, .logout(connection, tokenHash: tokenHash, requestID: id))

    case let .queue(choice), let .playBot(choice), let .createRoom(choice):
      guard let variant = self.variant(choice) else { return self.reply(connection, .error(self.unknownVariant(id))) }
      let seats: Int
      switch self.seats(choice, variant, requestID: id) {
      case let .success(count): seats = count
      case let .failure(error): return self.reply(connection, .error(error))
      }
      let fewest = self.fewestSeats(variant)
      if let room = session.room {
        return self.alreadyInRoom(connection, room, "Leave your room before looking for another game.", id)
      }
      guard !isWaiting else { return fail("already_waiting", "You are already waiting for a game.") }
      guard !state.isStorageFailing else { return self.reply(connection, .error(.cannotOpenRooms(requestID: id))) }
      let isClustered = self.$cluster.read(\.isClustered)
      if isClustered, !seatChecked { return self.locate(connection, .seat(player, request)) }
      switch request.message {
      case .queue:
        let rating = session.identity.ratings[variant] ?? Elo.initialRating
        // NB: In a cluster the queue is the cluster's: this node keeps the ticket, and pairs it not.
        guard isClustered else {
          return .merge(
            self.reply(connection, .queued(variant, replyTo: id)),
            self.matchmaking(&state, .enqueue(player, variant, seats: seats, fewest: fewest, rating: rating)))
        }
        let ticket = QueueTicket(
          player: player, name: session.identity.name, isGuest: session.identity.isGuest, rating: rating,
          variant: variant, seats: seats, fewest: fewest)
        // NB: Answered `queued` once the ticket is stored (`.cluster(.queued)`), never before.
        state.sessions.values[index].queueRequest = QueueRequest(variant: variant, requestID: id)
        return .merge(
          self.matchmaking(&state, .wait(player, variant, seats: seats, fewest: fewest, rating: rating)),
          .perform { [cluster] in cluster.enqueue(ticket) })
      case .playBot:
        if let level = choice.bot, let game = self.games.game(variant.game), !game.botLevels.contains(level) {
          return self.reply(
            connection,
            .error(.invalidValue("bot", "must be one of \(game.botLevels.joined(separator: ", "))", requestID: id)))
        }
        state.sessions[player]?.roomRequestID = id
        return self.matchmaking(&state, .playBot(player, variant, seats: seats, bot: choice.bot))
      default:
        return self.matchmaking(&state, .createPrivateRoom(player, variant, seats: seats, fewest: fewest))
      }

    case .cancelQueue:
      guard isWaiting else { return fail("not_waiting", "You are not waiting for a game.") }
      state.sessions.values[index].queueRequest = nil
      return .merge(
        self.reply(connection, .queueLeft(replyTo: id)), self.matchmaking(&state, .cancel(player)),
        self.leaveSharedQueue(player))

    case let .joinRoom(code):
      if let room = session.room {
        return self.alreadyInRoom(connection, room, "Leave your room before joining another.", id)
      }
      guard !state.isStorageFailing else { return self.reply(connection, .error(.cannotOpenRooms(requestID: id))) }
      let isClustered = self.$cluster.read(\.isClustered)
      if isClustered, !seatChecked { return self.locate(connection, .seat(player, request)) }
      state.sessions[player]?.roomRequestID = id
      // NB: In a cluster the room may wait on another node: the player is sent there.
      if isClustered, state.matchmaking.privateRooms[InviteCode.normalize(code)] == nil {
        return self.locatePrivateRoom(connection, code: code, requestID: id)
      }
      return self.matchmaking(&state, .joinPrivateRoom(player, code: code))

    case .startRoom:
      guard !state.isStorageFailing else { return self.reply(connection, .error(.cannotOpenRooms(requestID: id))) }
      state.sessions[player]?.roomRequestID = id
      return self.matchmaking(&state, .startPrivateRoom(player))

    case let .spectate(roomID):
      guard let room = state.rooms[id: roomID] else {
        // NB: In a cluster the room may live on another node: the watcher is sent there.
        guard self.$cluster.read(\.isClustered) else { return fail("unknown_room", "There is no room \(roomID).") }
        return self.locate(connection, .spectate(roomID, requestID: id))
      }
      guard session.room != roomID else {
        return self.alreadyInRoom(connection, roomID, "You have a seat in that room.", id)
      }
      guard !state.unavailableRooms.contains(roomID) else {
        return self.reply(connection, .error(.roomUnavailable(requestID: id)))
      }
      // NB: Already watching: the answer is the view as it is.
      if session.spectating == roomID { return self.show(room, to: player, on: connection, state, replyTo: id) }
      var effects: [Effect<Action>] = []
      if let previous = session.spectating, previous != roomID {
        effects.append(self.room(&state, previous, .stopSpectating(player)))
      }
      state.sessions[player]?.spectating = roomID
      effects.append(self.room(&state, roomID, .spectate(player)))
      return .merge(effects)

    case .leaveRoom:
      if let room = session.room {
        // NB: Leaving during a game forfeits it: a move, which a paused room cannot take.
        guard !state.unavailableRooms.contains(room) else {
          return self.reply(connection, .error(.roomUnavailable(requestID: id)))
        }
        state.sessions[player]?.room = nil
        // NB: The leave is a line of the room's log, taken now; its answer waits for it, as a
        //     view does. So `roomLeft` goes out only once the leave is committed (never if it
        //     failed: the request is then answered `unavailable`), and a player told they left
        //     is not found seated after a crash.
        let line = RoomLogTicket(room: room, sequence: state.nextLogSequence[room, default: 0])
        let leave = self.room(&state, room, .event(.leave(player)))
        return .merge(
          leave,
          .perform { [channel] in channel.send(connection, .roomLeft(room, reason: "left", replyTo: id), after: line) })
      }
      if let room = session.spectating {
        state.sessions[player]?.spectating = nil
        return .merge(
          self.reply(connection, .roomLeft(room, reason: "left", replyTo: id)),
          self.room(&state, room, .stopSpectating(player)))
      }
      return fail("not_in_room", "You are not in a room.")

    case let .move(move):
      // NB: An error is answered whole, as the request's.
      return self.play(state, session, player, move) { error in
        var error = error
        error.requestID = id
        return self.reply(connection, .error(error))
      }

    case let .rooms(game):
      if let game, self.games.game(game) == nil { return self.reply(connection, .error(self.unknownVariant(id))) }
      return self.reply(connection, .rooms(self.liveRooms(state, game: game), replyTo: id))

    case let .watchLobby(choice):
      var variant: GameVariant?
      if let choice {
        guard let chosen = self.variant(choice) else { return self.reply(connection, .error(self.unknownVariant(id))) }
        variant = chosen
      }
      return self.watchLobby(&state, connection, player, variant, requestID: id)

    case .unwatchLobby:
      self.unwatchLobby(&state, player)
      return .none

    case .history:
      let limit = state.settings.historySize
      return .run { [database] send in
        // NB: Writes queued before are committed first (at once when none are), so that a game
        //     just finished is listed: `roomLeft` goes out before the forfeit's line and record
        //     commit, and the browser client asks for its history on it.
        await database.flush()
        let records = (try? await database.fetchGames(player, limit)) ?? []
        await send(.historyLoaded(connection, records.map { GameSummary($0, for: player) }, requestID: id))
      }

    case let .replay(number):
      return self.replay(&state, connection, player, number, requestID: id)

    case let .chat(phrase):
      return self.chat(&state, connection, player, phrase, requestID: id)

    case let .leaderboard(choice):
      guard let variant = self.variant(choice) else { return self.reply(connection, .error(self.unknownVariant(id))) }
      let limit = state.settings.leaderboardSize
      return .run { [database] send in
        let entries = (try? await database.fetchLeaderboard(variant, limit)) ?? []
        await send(.leaderboardLoaded(connection, variant, entries, requestID: id))
      }

    case .ping, .games, .guest, .register, .login, .resume:
      return .none
    }
  }

  /// A move: read by the game of the player's room, and played there if the player still has
  /// a seat.
  private func play(
    _ state: State, _ session: Session, _ player: PlayerID, _ message: MoveMessage,
    refuse: (ProtocolError) -> Effect<Action>
  ) -> Effect<Action> {
    guard let id = session.room, let room = state.rooms[id: id] else {
      if let error = self.fault(in: message) { return refuse(error) }
      if session.spectating != nil {
        return refuse(ProtocolError(code: "not_seated", message: "You are watching this room, not playing in it."))
      }
      return refuse(ProtocolError(code: "not_in_room", message: "You are not in a room."))
    }
    // NB: The room's game reads the move; the catalog is looked at only when it does not (a
    //     move of another game, whose own reading says what is wrong with it).
    let move: AnyMove?
    do {
      move = try room.move(message)
    } catch {
      return refuse(error)
    }
    guard let move else {
      if let error = self.fault(in: message) { return refuse(error) }
      return refuse(ProtocolError(code: "wrong_game", message: "That move is not part of \(room.variant.game)."))
    }
    guard !state.unavailableRooms.contains(id) else { return refuse(.roomUnavailable()) }
    guard room.seats.contains(where: { $0.player == player && !$0.hasLeft }) else {
      return refuse(ProtocolError(code: "not_seated", message: "You do not have a seat in this room."))
    }
    // NB: Sent, not run here with `room(_:_:_:)`: the store runs a sent action at once on its
    // cached reducers, and server-benchmark measured the direct call at 0.5 more allocations a
    // view and no faster.
    return .send(.rooms(.element(id: id, action: .game(.move(player, move)))))
  }

  /// What is wrong with a move no room reads: `unknown_type` when no game has its type, else its
  /// fields' fault as the first game with the type reads them (as protocol v1 answered it).
  private func fault(in message: MoveMessage) -> ProtocolError? {
    guard let game = self.games.games.first(where: { $0.moveTypes.contains(message.type) }) else {
      return .unknownType(message.type, requestID: message.fields.requestID)
    }
    do {
      _ = try game.move(type: message.type, fields: message.fields)
      return nil
    } catch {
      return error
    }
  }

  /// The newest listed rooms whose games go on, at most `roomListSize`: with room shards, those
  /// of every shard (each shard's newest first, in turn), unless `ownOnly`.
  func liveRooms(_ state: State, game: String?, ownOnly: Bool = false) -> [RoomListing] {
    let own = self.ownLiveRooms(state, game: game)
    guard state.lobby.isShared, !ownOnly else { return own }
    let lists = [own] + self.handOff.otherRooms().map { list in list.filter { game == nil || $0.game == game } }
    var listings: [RoomListing] = []
    var index = 0
    while listings.count < state.settings.roomListSize, lists.contains(where: { index < $0.count }) {
      for list in lists where index < list.count && listings.count < state.settings.roomListSize {
        listings.append(list[index])
      }
      index += 1
    }
    return listings
  }

  private func ownLiveRooms(_ state: State, game: String?) -> [RoomListing] {
    var listings: [RoomListing] = []
    for room in state.rooms.reversed() where listings.count < state.settings.roomListSize {
      guard room.isListed, !room.game.isOver, game == nil || room.variant.game == game,
        !state.unavailableRooms.contains(room.id)
      else { continue }
      listings.append(
        RoomListing(
          room: room.id, game: room.variant.game, mode: room.variant.mode, players: room.seats.map(\.name),
          spectators: room.spectators.count))
    }
    return listings
  }

  /// The variant a client asked for, if the server has it.
  func variant(_ choice: GameChoice) -> GameVariant? {
    self.games.variant(game: choice.game, mode: choice.mode)
  }

  /// How many players a choice asks for: two, or the mode's fewest when it seats more, unless
  /// it says; an error when the mode cannot seat that many.
  func seats(_ choice: GameChoice, _ variant: GameVariant, requestID: String?) -> Result<Int, ProtocolError> {
    guard let range = self.games.mode(of: variant)?.seats else { return .success(2) }
    let seats = choice.players ?? (range.contains(2) ? 2 : range.lowerBound)
    guard range.contains(seats) else {
      let allowed = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
      return .failure(.invalidValue("players", "must be \(allowed) for \(variant.rawValue)", requestID: requestID))
    }
    return .success(seats)
  }

  /// The fewest players a variant's game starts with: its mode's fewest.
  func fewestSeats(_ variant: GameVariant) -> Int {
    self.games.mode(of: variant)?.seats.lowerBound ?? 2
  }

  func unknownVariant(_ requestID: String?) -> ProtocolError {
    .invalidValue("game", "must be \(self.games.choices)", requestID: requestID)
  }
}
