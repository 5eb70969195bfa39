import ComposableArchitecture
import GameServerGame
import GameServerRoom
import GameServerWire

extension Server {
  /// `spectate`: a room here, or (in a cluster) where it lives.
  func spectate(_ state: inout State, _ asked: PlayerRequest, _ roomID: RoomID) -> Effect<Action> {
    let (connection, player, id, session) = (asked.connection, asked.player, asked.id, asked.session)
    guard let room = state.rooms[id: roomID] else {
      // NB: In a cluster the room may live on another node: the watcher is sent there.
      guard self.$cluster.read(\.isClustered) else {
        return self.fail(connection, "unknown_room", "There is no room \(roomID).", id)
      }
      return self.locate(connection, .spectate(roomID, requestID: id))
    }
    guard session.room != roomID else {
      return self.alreadyInRoom(connection, roomID, "You have a seat in that room.", id)
    }
    guard !state.unavailableRooms.contains(roomID) else {
      return self.reply(connection, .error(.roomUnavailable(requestID: id)))
    }
    // NB: Already watching: the answer is the view as it is.
    if session.spectating == roomID { return self.show(room, to: player, on: connection, state, replyTo: id) }
    var effects: [Effect<Action>] = []
    if let previous = session.spectating, previous != roomID {
      effects.append(self.room(&state, previous, .stopSpectating(player)))
    }
    state.sessions[player]?.spectating = roomID
    effects.append(self.room(&state, roomID, .spectate(player)))
    return .merge(effects)
  }

  /// `rooms`: the live rooms anyone may watch, of one game or of all.
  func rooms(_ state: State, _ asked: PlayerRequest, game: String?) -> Effect<Action> {
    if let game, self.games.game(game) == nil {
      return self.reply(asked.connection, .error(self.unknownVariant(asked.id)))
    }
    return self.reply(asked.connection, .rooms(self.liveRooms(state, game: game), replyTo: asked.id))
  }

  /// The newest listed rooms whose games go on, at most `roomListSize`: with room shards, those
  /// of every shard (each shard's newest first, in turn), unless `ownOnly`.
  func liveRooms(_ state: State, game: String?, ownOnly: Bool = false) -> [RoomListing] {
    let own = self.ownLiveRooms(state, game: game)
    guard state.lobby.isShared, !ownOnly else { return own }
    let lists = [own] + self.handOff.otherRooms().map { list in list.filter { game == nil || $0.game == game } }
    var listings: [RoomListing] = []
    var index = 0
    while listings.count < state.settings.roomListSize, lists.contains(where: { index < $0.count }) {
      for list in lists where index < list.count && listings.count < state.settings.roomListSize {
        listings.append(list[index])
      }
      index += 1
    }
    return listings
  }

  private func ownLiveRooms(_ state: State, game: String?) -> [RoomListing] {
    var listings: [RoomListing] = []
    for room in state.rooms.reversed() where listings.count < state.settings.roomListSize {
      guard room.isListed, !room.game.isOver, game == nil || room.variant.game == game,
        !state.unavailableRooms.contains(room.id)
      else { continue }
      listings.append(
        RoomListing(
          room: room.id, game: room.variant.game, mode: room.variant.mode, players: room.seats.map(\.name),
          spectators: room.spectators.count))
    }
    return listings
  }
}
