import ComposableArchitecture
import GameServerAuthentication
import GameServerDatabase
import GameServerGame
import GameServerLogin
import GameServerMatchmaking
import GameServerRoom
import GameServerWire

extension Server {
  /// Rooms rebuilt after a restart: every seated person is away (with the grace period to come
  /// back), and each room's log starts again from a snapshot of it as it is now, so that what
  /// follows never lands after lines the replay could not use.
  func restore(_ state: inout State, _ rooms: [Room.State], nextLogSequence: [RoomID: Int]) -> Effect<Action> {
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
      effects.append(self.resume(room, &state))
    }
    return .merge(effects)
  }

  /// A room going on after a restart or a pause: its seats catch up with who is here (a player
  /// who is away gets the grace period in full; one who logged out meanwhile leaves), then its
  /// clocks and bots start again.
  func resume(_ room: Room.State, _ state: inout State) -> Effect<Action> {
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
      effects.append(self.room(&state, room.id, .event(event)))
    }
    effects.append(self.room(&state, room.id, .start))
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
