import ComposableArchitecture
import GameServerDatabase
import GameServerRoom
import GameServerWire

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
    case .roomsTakenOver, .loggedInElsewhere, .matched, .queueFailed, .queued, .roomListChanged: return .none
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
  func loggedInElsewhere(_ state: inout State, _ player: PlayerID, on elsewhere: ConnectionID?) -> Effect<Action> {
    // NB: The connection that logged in on another shard, and was handed here since, stays.
    guard let connection = state.sessions[player]?.connection, connection != elsewhere else { return .none }
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
    let announce = Effect<Action>.run { [cluster] _ in try? await cluster.loggedIn(player, connection) }
    guard !hasRoomHere else { return announce }
    return .merge(announce, self.locate(connection, .ownRoom(player, retries: 0)))
  }

  /// Looks up where a room lives (after `delay`), and answers with `.located`.
  func locate(_ connection: ConnectionID, _ lookup: Lookup, after delay: Duration? = nil) -> Effect<Action> {
    .run { [cluster, clock] send in
      if let delay { try await clock.sleep(for: delay) }
      let placement: RoomPlacement?
      do {
        switch lookup {
        case let .ownRoom(player, _), let .seat(player, _): placement = try await cluster.placement(player)
        case let .spectate(room, _): placement = try await cluster.location(room)
        }
      } catch {
        await send(.located(connection, lookup, nil, failed: true))
        return
      }
      await send(.located(connection, lookup, placement, failed: false))
    }
  }

  /// Answers a look-up of where a room lives: a player is sent only to a node that is up
  /// (`moved`); while the room's node is down they are told `unavailable` with `retryAfter`,
  /// and for their own room the node looks again until a live node has it (and sends them
  /// there, or shows it here once this node has taken it over).
  func located(
    _ state: inout State, _ connection: ConnectionID, _ lookup: Lookup, _ placement: RoomPlacement?, failed: Bool
  ) -> Effect<Action> {
    guard let player = state.connections[connection]?.player, let session = state.sessions[player] else { return .none }
    switch lookup {
    case let .ownRoom(owner, retries):
      guard owner == player, session.room == nil, let placement else { return .none }
      guard let retryAfter = placement.retryAfter else { return self.sendElsewhere(&state, connection, placement) }
      var effects: [Effect<Action>] = []
      if retries == 0 { effects.append(self.reply(connection, .error(.roomTakingOver(retryAfter: retryAfter)))) }
      if retries < Self.roomLookups {
        effects.append(self.locate(connection, .ownRoom(player, retries: retries + 1), after: .seconds(retryAfter)))
      }
      return .merge(effects)

    case let .spectate(room, requestID):
      guard let placement else {
        return self.reply(
          connection,
          .error(ProtocolError(code: "unknown_room", message: "There is no room \(room).", requestID: requestID)))
      }
      guard let retryAfter = placement.retryAfter else {
        // NB: A room on another shard of this process is watched there: the connection goes.
        if let shard = self.handOff.shard(placement.url) {
          return self.handOver(&state, connection, to: shard, then: ClientRequest(id: requestID, .spectate(room: room)))
        }
        return self.reply(connection, .moved(placement.room, url: placement.url))
      }
      return self.reply(connection, .error(.roomTakingOver(requestID: requestID, retryAfter: retryAfter)))

    case let .seat(owner, request):
      guard owner == player else { return .none }
      if failed { return self.reply(connection, .error(.cannotCheckSeats(requestID: request.id))) }
      guard let placement else { return self.route(&state, connection, request, seatChecked: true) }
      // NB: One seat per player in the whole cluster: they are sent to the room they have.
      return .merge(
        self.reply(
          connection,
          .error(
            ProtocolError(
              code: "already_in_room", message: "You have a seat in a room on another server; go back to it first.",
              requestID: request.id, room: placement.room.rawValue))),
        self.located(&state, connection, .ownRoom(player, retries: 0), placement, failed: false))
    }
  }
}
