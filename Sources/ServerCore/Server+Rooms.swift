import ComposableArchitecture
import DatabaseClient
import GameCore
import MatchmakingCore
import RoomCore
import ServerModels
import TicTacToe
import WordGrid

extension Server {
  /// Seats a match in a new room, shows it to everyone in it, and starts it.
  func openRoom(_ state: inout State, for match: Matchmaking.Match) -> Effect<Action> {
    let id = RoomID(rawValue: "room-\(state.nextRoomNumber)")
    state.nextRoomNumber += 1
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
    state.roomLogLengths[id] = 1
    for player in match.players { state.sessions[player]?.room = id }
    let snapshot = RoomLogEntry(room: id, sequence: 0, encoding: room)
    let views = room.viewers.compactMap { viewer in
      state.sessions[viewer]?.connection.map { ($0, room.view(for: viewer)) }
    }
    return .merge(
      .perform { [database, channel] in
        database.appendRoomLog(snapshot)
        for (connection, view) in views { channel.send(connection, view) }
      },
      .send(.rooms(.element(id: id, action: .start)))
    )
  }
}
