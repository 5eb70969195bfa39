import ComposableArchitecture
import GameServerDatabase
import GameServerGame
import GameServerRoom
import GameServerWire

extension Server {
  /// What the server does when its writes fail and when they work again.
  ///
  /// A room whose log line failed is paused: it takes no moves, what its clocks, bots and seats
  /// do meanwhile is dropped, and its players are told `unavailable`; the views of lines that
  /// failed were never sent. While writes fail no room opens. When they work again, each paused
  /// room's log starts again from a snapshot of the room (one at a time: a room whose snapshot
  /// is on its way is not snapshotted again); once that is committed the room goes on as after
  /// a restart: its seats catch up, its clocks start again in full, and everyone in it gets its
  /// view.
  func storage(_ state: inout State, _ event: StorageEvent) -> Effect<Action> {
    switch event {
    case .writesFailing:
      state.isStorageFailing = true
      return .none

    case .writesRecovered:
      state.isStorageFailing = false
      var effects: [Effect<Action>] = []
      for id in state.unavailableRooms.subtracting(state.mendingRooms).sorted(by: { $0.rawValue < $1.rawValue }) {
        guard let room = state.rooms[id: id] else { continue }
        state.mendingRooms.insert(id)
        effects.append(self.snapshot(room, &state))
      }
      return .merge(effects)

    case let .roomLogFailed(id):
      // NB: Also the news that a mending snapshot failed: the next recovery tries another.
      state.mendingRooms.remove(id)
      guard let room = state.rooms[id: id], state.unavailableRooms.insert(id).inserted else { return .none }
      let connections = room.viewers.compactMap { state.sessions[$0]?.connection }
      return .perform { [channel] in
        for connection in connections { channel.send(connection, .error(.roomUnavailable())) }
      }

    case let .roomLogRestored(id):
      state.mendingRooms.remove(id)
      guard state.unavailableRooms.remove(id) != nil, let room = state.rooms[id: id] else { return .none }
      var effects: [Effect<Action>] = []
      // NB: The views sent while the room was paused were dropped: everyone gets one now.
      for viewer in room.viewers {
        guard let connection = state.sessions[viewer]?.connection else { continue }
        effects.append(self.show(room, to: viewer, on: connection, state))
      }
      effects.append(self.resume(room, &state))
      return .merge(effects)

    case .gameRecorded:
      // NB: `.task` sends these as `.ratingsRecorded`.
      return .none
    }
  }
}
