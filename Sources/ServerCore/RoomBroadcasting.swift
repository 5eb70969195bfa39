import ComposableArchitecture
import DatabaseClient
import GameCore
import RoomCore
import ServerModels

/// Runs the rooms, and after each room action: logs it if it is a room event (starting the log
/// again from a snapshot every `gamesPerRoomLog` games), sends each viewer
/// of that room its view when the view changed, and closes the room once it is abandoned.
///
/// Only the room the action went to is looked at, so the work per action does not grow with the
/// number of rooms or connections elsewhere.
struct RoomBroadcasting<Rooms: Reducer<Server.State, Server.Action>>: Reducer {
  let channel: ClientChannel
  let database: DatabaseClient
  let rooms: Rooms

  init(channel: ClientChannel, database: DatabaseClient, @ReducerBuilder<Server.State, Server.Action> rooms: () -> Rooms) {
    self.channel = channel
    self.database = database
    self.rooms = rooms()
  }

  func reduce(into state: inout Server.State, action: Server.Action) -> Effect<Server.Action> {
    guard case let .rooms(.element(id, roomAction)) = action, let before = state.rooms[id: id] else {
      return self.rooms.reduce(into: &state, action: action)
    }
    let effect = self.rooms.reduce(into: &state, action: action)
    guard let after = state.rooms[id: id] else { return effect }

    var messages: [(ConnectionID, ServerMessage)] = []
    if before != after {
      // NB: Most rooms have two viewers: an array is cheaper to search than a set is to build.
      let formerViewers = before.viewers
      let formerViewerSet = formerViewers.count > 16 ? Set(formerViewers) : nil
      for viewer in after.viewers {
        guard let connection = state.sessions[viewer]?.connection else { continue }
        let view = after.view(for: viewer)
        let wasViewer = formerViewerSet?.contains(viewer) ?? formerViewers.contains(viewer)
        if !wasViewer || before.view(for: viewer) != view {
          messages.append((connection, view))
        }
      }
    }
    var log: RoomLogEntry?
    if let event = roomAction.loggedEvent {
      if after.gameNumber != before.gameNumber, (after.gameNumber - 1) % max(1, state.settings.gamesPerRoomLog) == 0 {
        // NB: A new game (a rematch) after `gamesPerRoomLog` of them: the log starts again from
        // the room as it is now. A snapshot costs more than an event, hence not every game.
        state.roomLogLengths[id] = 1
        log = RoomLogEntry(room: id, sequence: 0, encoding: after)
      } else {
        let sequence = state.roomLogLengths[id, default: 1]
        state.roomLogLengths[id] = sequence + 1
        log = RoomLogEntry(room: id, sequence: sequence, encoding: event)
      }
    }
    let closing = after.isAbandoned
    if closing {
      state.rooms.remove(id: id)
      state.roomLogLengths[id] = nil
      for player in after.seats.map(\.player) + after.spectators where state.sessions[player]?.room == id {
        state.sessions[player]?.room = nil
      }
    }
    guard !messages.isEmpty || log != nil || closing else { return effect }
    return .merge(
      effect,
      .perform { [channel, database, log, messages] in
        // NB: Sequence 0 is a snapshot: for a room already open, it starts the log again.
        if let log { log.sequence == 0 ? database.restartRoomLog(log) : database.appendRoomLog(log) }
        if closing { database.closeRoomLog(id) }
        for (connection, message) in messages { channel.send(connection, message) }
      }
    )
  }
}
