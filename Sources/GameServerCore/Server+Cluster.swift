import ComposableArchitecture
import GameServerDatabase
import GameServerModels
import GameServerRoom

extension Server {
  /// The cluster's news: rooms taken over from a node that stopped are replayed from their logs
  /// (here, in the effect, with the live dependencies) and restored as after a restart; rooms
  /// lost go through ``loseRooms(_:_:)``.
  func listenToCluster() -> Effect<Action> {
    let events = self.cluster.events()
    return .run { send in
      for await event in events {
        if case let .roomsTakenOver(logs) = event {
          let recovered = RoomLog.recover(logs)
          await send(.restore(recovered.rooms, nextLogSequence: recovered.nextLogSequence))
        } else {
          await send(.cluster(event))
        }
      }
    }
  }

  /// Rooms another node owns now (all of this node's, when its lease is lost): they stop here.
  /// Everyone in them is told where each went (`moved`), when that is known, and their
  /// connections are closed (1012), so that they connect again and `resume` where the room is.
  func loseRooms(_ state: inout State, _ event: ClusterEvent) -> Effect<Action> {
    let lost: [RoomID: RoomPlacement?]
    switch event {
    case let .roomsLost(rooms): lost = rooms
    case .leaseLost: lost = Dictionary(uniqueKeysWithValues: state.rooms.ids.map { ($0, nil) })
    case .roomsTakenOver, .loggedInElsewhere, .matched, .queueFailed: return .none
    }
    var closing: [(ConnectionID, RoomPlacement?)] = []
    for (id, placement) in lost {
      guard let room = state.rooms[id: id] else { continue }
      room.forEachViewer { viewer in
        if let connection = state.sessions[viewer]?.connection { closing.append((connection, placement)) }
      }
      for player in room.seats.map(\.player) + room.spectators {
        guard var session = state.sessions[player] else { continue }
        if session.room == id { session.room = nil }
        if session.spectating == id { session.spectating = nil }
        state.sessions[player] = session.connection == nil && session.room == nil ? nil : session
      }
      state.nextLogSequence[id] = nil
      state.unavailableRooms.remove(id)
      state.mendingRooms.remove(id)
      state.unrecordedGames[id] = nil
    }
    let removal = Self.lostRooms.reduce(into: &state, action: .cluster(event))
    guard !closing.isEmpty else { return removal }
    return .merge(
      removal,
      .perform { [channel, closing] in
        for (connection, placement) in closing {
          if let placement { channel.send(connection, .moved(placement.room, url: placement.url)) }
          channel.close(connection, 1012, "This room moved to another server; connect again.")
        }
      })
  }

  /// A player logged in on another node: their connection here, if any, is told so and is
  /// theirs no more (it may log in again), and they leave this node as when they disconnect (a
  /// seat here is away, with its grace period; a queue here is left).
  func loggedInElsewhere(_ state: inout State, _ player: PlayerID) -> Effect<Action> {
    guard let connection = state.sessions[player]?.connection else { return .none }
    let disconnection = self.core(&state, .disconnected(connection))
    state.connections[connection] = Connection()
    return .merge(
      self.reply(
        connection, .error(ProtocolError(code: "logged_in_elsewhere", message: "You logged in on another connection."))),
      disconnection)
  }

  /// What a node does when a player logs in on it: tells the other nodes (whose connections of
  /// the player are theirs no more) and, when the player's room is not here, sends the player
  /// where it is.
  func announceLogin(_ connection: ConnectionID, _ player: PlayerID, hasRoomHere: Bool) -> Effect<Action> {
    let announce = Effect<Action>.run { [cluster] _ in try? await cluster.loggedIn(player) }
    guard !hasRoomHere else { return announce }
    return .merge(announce, self.locate(connection, player: player))
  }

  /// Looks up where a room lives (or, with no room, the room a player is seated in) and answers
  /// with `.located`.
  func locate(_ connection: ConnectionID, player: PlayerID? = nil, room: RoomID? = nil, requestID: String? = nil)
    -> Effect<Action>
  {
    .run { [cluster] send in
      let placement: RoomPlacement?
      if let room {
        placement = try? await cluster.location(room)
      } else if let player {
        placement = try? await cluster.placement(player)
      } else {
        placement = nil
      }
      guard placement != nil || room != nil else { return }
      await send(.located(connection, room, placement, requestID: requestID))
    }
  }
}
