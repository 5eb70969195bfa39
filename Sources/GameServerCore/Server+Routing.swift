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

  /// A message from a logged-in player (the session at `index` of `state.sessions`): the
  /// routing table, a handler for each message.
  private func routeAfterLogin(
    _ state: inout State, _ connection: ConnectionID, _ player: PlayerID, _ index: Dictionary<PlayerID, Session>.Index,
    _ request: ClientRequest, seatChecked: Bool
  ) -> Effect<Action> {
    switch request.message {
    case .guest, .register, .login, .resume:
      return self.fail(connection, "already_logged_in", "You are already logged in.", request.id)
    default: break
    }
    // NB: Changed where it is kept: a copy written back would hash the player again and free the
    //     session it replaces.
    state.sessions.values[index].lastRequestID = request.id
    state.sessions.values[index].roomRequestID = nil
    let asked = PlayerRequest(
      connection: connection, player: player, index: index, session: state.sessions.values[index], request: request,
      seatChecked: seatChecked)

    switch request.message {
    case .logout: return self.logOut(&state, asked)
    case let .queue(choice), let .playBot(choice), let .createRoom(choice): return self.seek(&state, asked, choice)
    case .cancelQueue: return self.cancelQueue(&state, asked)
    case let .joinRoom(code): return self.joinRoom(&state, asked, code: code)
    case .startRoom: return self.startRoom(&state, asked)
    case let .spectate(room): return self.spectate(&state, asked, room)
    case .leaveRoom: return self.leaveRoom(&state, asked)
    case let .move(move): return self.move(state, asked, move)
    case let .rooms(game): return self.rooms(state, asked, game: game)
    case let .watchLobby(choice): return self.watchLobby(&state, asked, choice)
    case .unwatchLobby:
      self.unwatchLobby(&state, player)
      return .none
    case .history: return self.history(state, asked)
    case let .replay(number): return self.replay(&state, connection, player, number, requestID: request.id)
    case let .chat(phrase): return self.chat(&state, connection, player, phrase, requestID: request.id)
    case let .leaderboard(choice): return self.leaderboard(state, asked, choice)
    case .ping, .games, .guest, .register, .login, .resume: return .none
    }
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
