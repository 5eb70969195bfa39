import ComposableArchitecture
import GameServerDatabase
import GameServerGame
import GameServerMatchmaking
import GameServerRatings
import GameServerRoom
import GameServerWire

extension Server {
  /// Seats a match in a new room (with the id given, or a new one), starts it, and shows it to everyone in it once its first log
  /// line is committed. While writes fail no room opens: the players are told
  /// `unavailable` instead.
  func openRoom(_ state: inout State, for match: Matchmaking.Match, id: RoomID? = nil) -> Effect<Action> {
    if state.isStorageFailing {
      var effects: [Effect<Action>] = []
      for player in match.players {
        let requestID = state.sessions[player]?.roomRequestID
        state.sessions[player]?.roomRequestID = nil
        effects.append(self.tell(state, player, .error(.cannotOpenRooms(requestID: requestID))))
      }
      return .merge(effects)
    }
    guard let game = self.games.game(match.variant.game) else { return .none }
    // NB: A game's setup is never handed fewer players than its mode seats: matchmaking makes no
    //     such match, but a shared queue's ticket from an older node might.
    if let fewest = self.games.mode(of: match.variant)?.seats.lowerBound, match.players.count + match.bots < fewest {
      return .merge(
        match.players.map { player in
          let requestID = state.sessions[player]?.roomRequestID
          state.sessions[player]?.roomRequestID = nil
          let error = ProtocolError(
            code: "too_few_players",
            message: "\(game.title) starts with at least \(fewest) players; look for a game again.",
            requestID: requestID)
          return self.tell(state, player, .error(error))
        })
    }
    let id = id ?? self.newRoomID(state)
    var seats = match.players.map { player in
      Seat(
        player: player, name: state.sessions[player]?.identity.name ?? player.rawValue,
        isGuest: state.sessions[player]?.identity.isGuest ?? false,
        // NB: Unknown (nil) for a player with no session here (a cluster's room opened for them).
        rating: state.sessions[player].map { $0.identity.ratings[match.variant] ?? Elo.initialRating })
    }
    // NB: The player's choice (checked when asked), else the operator's, else the game's.
    let bot =
      (match.botLevel ?? state.settings.bots[game.id]).flatMap { level in game.botLevels.contains(level) ? level : nil }
      ?? game.defaultBotLevel
    for index in 0..<match.bots {
      let name = match.bots > 1 ? "\(bot) bot \(index + 1)" : "\(bot) bot"
      seats.append(Seat(player: PlayerID(rawValue: "bot-\(id.rawValue)-\(index + 1)"), name: name, bot: bot))
    }
    let seed = self.withRandomNumberGenerator { UInt64.random(in: 0...UInt64.max, using: &$0) }
    let setup = GameSetup(
      players: seats.map(\.player), mode: match.variant.mode, seed: seed, limits: state.settings.limits)
    state.rooms.append(
      Room.State(
        id: id, seats: seats, game: RoomGame(game, setup: setup), gracePeriod: state.settings.gracePeriod,
        isListed: !match.isPrivate))
    // NB: Started here, through the rooms' reducer (which ties its effects to the room), so that
    // the first views and the snapshot show the game with its clocks running (a move's
    // deadline), not a state a moment older. Starting logs nothing.
    let start = Self.rooms.reduce(into: &state, action: .rooms(.element(id: id, action: .start)))
    guard let room = state.rooms[id: id] else { return start }
    let sequence = state.takeLogSequence(id)
    var views: [(ConnectionID, ServerMessage)] = []
    for player in match.players {
      state.sessions[player]?.room = id
      // NB: The room answers the request that opened it (playBot, joinRoom), if any.
      let requestID = state.sessions[player]?.roomRequestID
      state.sessions[player]?.roomRequestID = nil
      if let connection = state.sessions[player]?.connection {
        views.append((connection, room.view(for: player, replyTo: requestID)))
      }
    }
    var snapshot = RoomLogEntry(room: id, sequence: sequence, encoding: room)
    snapshot.seatedPlayers = room.people
    let ticket = snapshot.ticket
    return .merge(
      .perform { [database, channel, views, snapshot] in
        database.appendRoomLog(snapshot)
        for (connection, view) in views { channel.send(connection, view, after: ticket) }
      },
      start,
      match.isPrivate ? .none : Self.lobbyChanged(&state, clock: self.clock)
    )
  }

  /// A room id no open room has (``RoomID/random(using:)``).
  private func newRoomID(_ state: State) -> RoomID {
    while true {
      let id = self.withRandomNumberGenerator { RoomID.random(using: &$0) }
      if state.rooms[id: id] == nil, state.nextLogSequence[id] == nil { return id }
    }
  }
}
