import ComposableArchitecture
import GameServerDatabase
import GameServerGame
import GameServerMatchmaking
import GameServerRatings
import GameServerRoom
import GameServerWire

/// A logged-in player's request, as its handler gets it (``Server`` routes each message to one).
struct PlayerRequest {
  let connection: ConnectionID
  let player: PlayerID
  /// Where the player's session is in `state.sessions`, to change it in place.
  let index: Dictionary<PlayerID, Server.Session>.Index
  /// The session as the request found it.
  let session: Server.Session
  let request: ClientRequest
  /// In a cluster, whether a request that seats the player has looked for a room of theirs on
  /// another node already.
  let seatChecked: Bool

  var id: String? { self.request.id }
}

extension Server {
  /// `logout`: the token is revoked first; the session ends once that is stored.
  func logOut(_ state: inout State, _ asked: PlayerRequest) -> Effect<Action> {
    guard let tokenHash = asked.session.tokenHash else {
      return self.logOut(&state, asked.connection, requestID: asked.id)
    }
    return self.login(&state, .logout(asked.connection, tokenHash: tokenHash, requestID: asked.id))
  }

  /// `queue`, `playBot` and `createRoom`: a game with others, with bots, or in a private room.
  func seek(_ state: inout State, _ asked: PlayerRequest, _ choice: GameChoice) -> Effect<Action> {
    let (connection, player, id) = (asked.connection, asked.player, asked.id)
    guard let variant = self.variant(choice) else { return self.reply(connection, .error(self.unknownVariant(id))) }
    let seats: Int
    switch self.seats(choice, variant, requestID: id) {
    case let .success(count): seats = count
    case let .failure(error): return self.reply(connection, .error(error))
    }
    let fewest = self.fewestSeats(variant)
    if let room = asked.session.room {
      return self.alreadyInRoom(connection, room, "Leave your room before looking for another game.", id)
    }
    guard !state.matchmaking.isWaiting(player) else {
      return self.fail(connection, "already_waiting", "You are already waiting for a game.", id)
    }
    guard !state.isStorageFailing else { return self.reply(connection, .error(.cannotOpenRooms(requestID: id))) }
    let isClustered = self.$cluster.read(\.isClustered)
    if isClustered, !asked.seatChecked { return self.locate(connection, .seat(player, asked.request)) }
    switch asked.request.message {
    case .queue:
      let rating = asked.session.identity.ratings[variant] ?? Elo.initialRating
      // NB: In a cluster the queue is the cluster's: this node keeps the ticket, and pairs it not.
      guard isClustered else {
        return .merge(
          self.reply(connection, .queued(variant, replyTo: id)),
          self.matchmaking(&state, .enqueue(player, variant, seats: seats, fewest: fewest, rating: rating)))
      }
      let identity = asked.session.identity
      let ticket = QueueTicket(
        player: player, name: identity.name, isGuest: identity.isGuest, rating: rating, variant: variant,
        seats: seats, fewest: fewest)
      // NB: Answered `queued` once the ticket is stored (`.cluster(.queued)`), never before.
      state.sessions.values[asked.index].queueRequest = QueueRequest(variant: variant, requestID: id)
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
  }

  /// `cancelQueue`.
  func cancelQueue(_ state: inout State, _ asked: PlayerRequest) -> Effect<Action> {
    guard state.matchmaking.isWaiting(asked.player) else {
      return self.fail(asked.connection, "not_waiting", "You are not waiting for a game.", asked.id)
    }
    state.sessions.values[asked.index].queueRequest = nil
    return .merge(
      self.reply(asked.connection, .queueLeft(replyTo: asked.id)), self.matchmaking(&state, .cancel(asked.player)),
      self.leaveSharedQueue(asked.player))
  }

  /// `joinRoom`: a private room's invite code.
  func joinRoom(_ state: inout State, _ asked: PlayerRequest, code: String) -> Effect<Action> {
    let (connection, player, id) = (asked.connection, asked.player, asked.id)
    if let room = asked.session.room {
      return self.alreadyInRoom(connection, room, "Leave your room before joining another.", id)
    }
    guard !state.isStorageFailing else { return self.reply(connection, .error(.cannotOpenRooms(requestID: id))) }
    let isClustered = self.$cluster.read(\.isClustered)
    if isClustered, !asked.seatChecked { return self.locate(connection, .seat(player, asked.request)) }
    state.sessions[player]?.roomRequestID = id
    // NB: In a cluster the room may wait on another node: the player is sent there.
    if isClustered, state.matchmaking.privateRooms[InviteCode.normalize(code)] == nil {
      return self.locatePrivateRoom(connection, code: code, requestID: id)
    }
    return self.matchmaking(&state, .joinPrivateRoom(player, code: code))
  }

  /// `startRoom`: the host starts a private room with the friends who joined so far.
  func startRoom(_ state: inout State, _ asked: PlayerRequest) -> Effect<Action> {
    guard !state.isStorageFailing else {
      return self.reply(asked.connection, .error(.cannotOpenRooms(requestID: asked.id)))
    }
    state.sessions[asked.player]?.roomRequestID = asked.id
    return self.matchmaking(&state, .startPrivateRoom(asked.player))
  }

  /// `leaveRoom`: a seat (forfeiting a game in progress) or watching.
  func leaveRoom(_ state: inout State, _ asked: PlayerRequest) -> Effect<Action> {
    let (connection, player, id) = (asked.connection, asked.player, asked.id)
    if let room = asked.session.room {
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
    if let room = asked.session.spectating {
      state.sessions[player]?.spectating = nil
      return .merge(
        self.reply(connection, .roomLeft(room, reason: "left", replyTo: id)),
        self.room(&state, room, .stopSpectating(player)))
    }
    return self.fail(connection, "not_in_room", "You are not in a room.", id)
  }
}
