import ComposableArchitecture
import GameServerDatabase
import GameServerLogin
import GameServerMatchmaking
import GameServerRoom
import GameServerWire

extension Server {
  /// What the cluster's shared queue paired: this node opens the rooms it owns (seating players
  /// who are on other nodes as away, with the grace period to get here), and sends its waiting
  /// players whose room another node opens there (`moved`, or handed over to the shard that
  /// opens it).
  func openSharedMatches(_ state: inout State, _ rooms: [SharedMatch], elsewhere: [PlayerID: RoomPlacement])
    -> Effect<Action>
  {
    let paired = rooms.flatMap { $0.players.map(\.player) } + elsewhere.keys
    var effects = [self.matchmaking(&state, .paired(paired))]
    for player in paired where state.sessions[player]?.queueRequest != nil {
      state.sessions[player]?.queueRequest = nil
    }
    for (player, placement) in elsewhere {
      // NB: The cluster hands out only rooms whose node is up.
      guard let connection = state.sessions[player]?.connection else { continue }
      effects.append(self.sendElsewhere(&state, connection, placement))
    }
    for match in rooms where state.rooms[id: match.room] == nil {
      var away: [PlayerID] = []
      for ticket in match.players {
        guard state.sessions[ticket.player]?.connection == nil else { continue }
        if state.sessions[ticket.player] == nil {
          let identity = Identity(
            player: ticket.player, name: ticket.name, isGuest: ticket.isGuest, ratings: [match.variant: ticket.rating])
          state.sessions[ticket.player] = Session(identity: identity, connection: nil)
        }
        away.append(ticket.player)
      }
      let opening = Matchmaking.Match(variant: match.variant, players: match.players.map(\.player), bots: match.bots)
      effects.append(self.openRoom(&state, for: opening, id: match.room))
      guard state.rooms[id: match.room] != nil else { continue }
      for player in away {
        if self.handOff.isShard {
          // NB: Their connection is on its way from another shard: away only if it does not come.
          effects.append(
            .run { [clock, room = match.room] send in
              try await clock.sleep(for: Self.handOverWait)
              await send(.handOverDue(room, player))
            })
        } else {
          effects.append(self.room(&state, match.room, .event(.disconnected(player))))
        }
      }
    }
    return .merge(effects)
  }

  /// Players whose tickets the shared queue could not keep: they wait no more, and are told so
  /// (a `queue` not yet answered gets `unavailable`, never `queued`).
  func sharedQueueFailed(_ state: inout State, _ players: [PlayerID]) -> Effect<Action> {
    let waiting = players.filter { state.matchmaking.isWaiting($0) }
    var effects = [self.matchmaking(&state, .paired(waiting))]
    for player in waiting {
      if let request = state.sessions[player]?.queueRequest {
        state.sessions[player]?.queueRequest = nil
        effects.append(
          self.tell(
            state, player,
            .error(
              ProtocolError(
                code: "unavailable", message: "The game could not be queued right now; try again shortly.",
                requestID: request.requestID, retryAfter: 1))))
      } else {
        effects.append(self.tell(state, player, .queueLeft(reason: "unavailable", replyTo: nil)))
      }
    }
    return .merge(effects)
  }

  /// Players whose tickets the shared queue stored: a `queue` still waiting for its answer gets
  /// `queued` (not one whose player stopped waiting meanwhile, or was matched already).
  func sharedQueueStored(_ state: inout State, _ players: [PlayerID]) -> Effect<Action> {
    var effects: [Effect<Action>] = []
    for player in players {
      guard let request = state.sessions[player]?.queueRequest else { continue }
      state.sessions[player]?.queueRequest = nil
      guard state.matchmaking.isWaiting(player) else { continue }
      effects.append(self.tell(state, player, .queued(request.variant, replyTo: request.requestID)))
    }
    return .merge(effects)
  }

  /// In a cluster, takes a player who stops waiting out of the shared queue too.
  func leaveSharedQueue(_ player: PlayerID) -> Effect<Action> {
    guard self.$cluster.read(\.isClustered) else { return .none }
    return .perform { [cluster] in cluster.leaveQueue(player) }
  }

  /// Tells the cluster which private rooms wait here: those opened since it was last told, and
  /// those that started or closed.
  func publishPrivateRooms(_ state: inout State) -> Effect<Action> {
    let codes = Set(state.matchmaking.privateRooms.keys)
    let (opened, closed) = (codes.subtracting(state.publishedCodes), state.publishedCodes.subtracting(codes))
    state.publishedCodes = codes
    return .perform { [cluster] in
      for code in closed { cluster.withdrawPrivateRoom(code) }
      for code in opened { cluster.publishPrivateRoom(code) }
    }
  }

  /// Looks up the node where a private room waits, and answers with `.privateRoomLocated`.
  func locatePrivateRoom(_ connection: ConnectionID, code: String, requestID: String?) -> Effect<Action> {
    .run { [cluster] send in
      let url = try? await cluster.privateRoomLocation(InviteCode.normalize(code))
      await send(.privateRoomLocated(connection, code: code, url: url, requestID: requestID))
    }
  }
}
