import ComposableArchitecture
import GameServerDatabase
import GameServerGameCore
import GameServerMatchmaking
import GameServerRoom
import GameServerModels
import GameServerTicTacToe
import GameServerWordGrid

extension Server {
  /// Seats a match in a new room, shows it to everyone in it once its first log line is
  /// committed, and starts it. While writes fail no room opens: the players are told
  /// `unavailable` instead.
  func openRoom(_ state: inout State, for match: Matchmaking.Match) -> Effect<Action> {
    if state.isStorageFailing {
      var effects: [Effect<Action>] = []
      for player in match.players {
        let requestID = state.sessions[player]?.roomRequestID
        state.sessions[player]?.roomRequestID = nil
        effects.append(self.tell(state, player, .error(.cannotOpenRooms(requestID: requestID))))
      }
      return .merge(effects)
    }
    let id = self.newRoomID(state)
    var seats = match.players.map { player in
      Seat(player: player, name: state.sessions[player]?.identity.name ?? player.rawValue)
    }
    for index in 0..<match.bots {
      let bot: RoomBot =
        match.variant == .ticTacToe ? .ticTacToe(state.settings.ticTacToeBot) : .wordGrid(state.settings.wordGridBot)
      let name = switch bot {
      case let .ticTacToe(kind): "\(kind.rawValue) bot"
      case let .wordGrid(kind): "\(kind.rawValue) bot"
      }
      seats.append(Seat(player: PlayerID(rawValue: "bot-\(id.rawValue)-\(index + 1)"), name: name, bot: bot))
    }
    let players = seats.map(\.player)
    let game: GameState
    switch match.variant {
    case .ticTacToe:
      game = .ticTacToe(TicTacToe.State(x: players[0], o: players[1], moveTimeLimit: state.settings.moveTimeLimit))
    case .wordGridRace, .wordGridTurns:
      let seed = self.withRandomNumberGenerator { UInt64.random(in: 0...UInt64.max, using: &$0) }
      var generator = SeededRandomNumberGenerator(seed: seed)
      let puzzle = Puzzle.generate(using: &generator, dictionary: self.dictionary)
      game = .wordGrid(WordGrid.State(
        mode: match.variant == .wordGridRace ? .race : .turns, players: players, puzzle: puzzle, seed: seed,
        settings: WordGrid.Settings(raceDuration: state.settings.raceDuration, turnLimit: state.settings.turnLimit)))
    }
    let room = Room.State(id: id, variant: match.variant, seats: seats, game: game, gracePeriod: state.settings.gracePeriod)
    state.rooms.append(room)
    let sequence = state.takeLogSequence(id)
    var views: [(ConnectionID, ServerMessage)] = []
    for player in match.players {
      state.sessions[player]?.room = id
      // NB: The room answers the request that opened it (playBot, joinRoom), if any.
      let requestID = state.sessions[player]?.roomRequestID
      state.sessions[player]?.roomRequestID = nil
      if let connection = state.sessions[player]?.connection {
        views.append((connection, room.view(for: player).replying(to: requestID)))
      }
    }
    let snapshot = RoomLogEntry(room: id, sequence: sequence, encoding: room)
    let ticket = snapshot.ticket
    return .merge(
      .perform { [database, channel, views] in
        database.appendRoomLog(snapshot)
        for (connection, view) in views { channel.send(connection, view, after: ticket) }
      },
      .send(.rooms(.element(id: id, action: .start)))
    )
  }

  /// A room id no open room has: 64 random bits, so that a private room's id cannot be guessed
  /// (it is never parsed for anything).
  private func newRoomID(_ state: State) -> RoomID {
    while true {
      let bits = self.withRandomNumberGenerator { UInt64.random(in: 0...UInt64.max, using: &$0) }
      let digits = String(bits, radix: 16)
      let id = RoomID(rawValue: "room-" + String(repeating: "0", count: 16 - digits.count) + digits)
      if state.rooms[id: id] == nil, state.nextLogSequence[id] == nil { return id }
    }
  }
}
