import ComposableArchitecture
import GameServerDatabase
import GameServerGame
import GameServerWire

/// The lobby kept current for those who watch it (`watchLobby`): the live list and the chosen
/// game's leaderboard pushed when they change, at most once every `lobbyPushInterval`, to the
/// watchers who are not in a room or watching one. The work a push costs grows with the
/// watchers, never with the moves made: a move that changes nothing the list shows asks nothing.
extension Server {
  /// `watchLobby`, with a game chosen or none.
  func watchLobby(_ state: inout State, _ asked: PlayerRequest, _ choice: GameChoice?) -> Effect<Action> {
    var variant: GameVariant?
    if let choice {
      guard let chosen = self.variant(choice) else {
        return self.reply(asked.connection, .error(self.unknownVariant(asked.id)))
      }
      variant = chosen
    }
    return self.watchLobby(&state, asked.connection, asked.player, variant, requestID: asked.id)
  }

  /// `leaderboard`: a game's best players, read from the database.
  func leaderboard(_ state: State, _ asked: PlayerRequest, _ choice: GameChoice) -> Effect<Action> {
    let (connection, id) = (asked.connection, asked.id)
    guard let variant = self.variant(choice) else { return self.reply(connection, .error(self.unknownVariant(id))) }
    let limit = state.settings.leaderboardSize
    return .run { [database] send in
      let entries = (try? await database.fetchLeaderboard(variant, limit)) ?? []
      await send(.leaderboardLoaded(connection, variant, entries, requestID: id))
    }
  }

  /// `watchLobby`: the player watches the lobby (and the leaderboard of `variant`, if any),
  /// and gets the live list at once (and that leaderboard).
  func watchLobby(
    _ state: inout State, _ connection: ConnectionID, _ player: PlayerID, _ variant: GameVariant?, requestID: String?
  ) -> Effect<Action> {
    state.sessions[player]?.watchesLobby = true
    state.sessions[player]?.lobbyVariant = variant
    state.lobby.watchers.insert(player)
    let rooms = self.reply(connection, .rooms(self.liveRooms(state, game: nil), replyTo: requestID))
    guard let variant else { return rooms }
    let limit = state.settings.leaderboardSize
    return .merge(
      rooms,
      .run { [database] send in
        let entries = (try? await database.fetchLeaderboard(variant, limit)) ?? []
        await send(.leaderboardLoaded(connection, variant, entries, requestID: nil))
      })
  }

  /// `unwatchLobby`: no more pushes.
  func unwatchLobby(_ state: inout State, _ player: PlayerID) {
    state.sessions[player]?.watchesLobby = false
    state.sessions[player]?.lobbyVariant = nil
    state.lobby.watchers.remove(player)
  }

  /// Something the lobby shows may have changed: a push after `lobbyPushInterval`, unless one
  /// is on its way or nobody watches.
  static func lobbyChanged(_ state: inout State, clock: any Clock<Duration>) -> Effect<Action> {
    guard !state.lobby.watchers.isEmpty || state.lobby.isShared, !state.lobby.isPushPending else { return .none }
    state.lobby.isPushPending = true
    return .send(.pushLobby, after: state.settings.lobbyPushInterval, clock: clock)
  }

  /// The watchers who see the lobby now (logged in, connected, in no room): their connections,
  /// and the leaderboard each watches. Those who are gone stop watching.
  private func lobbyAudience(_ state: inout State) -> [(ConnectionID, GameVariant?)] {
    var audience: [(ConnectionID, GameVariant?)] = []
    for player in state.lobby.watchers {
      guard let session = state.sessions[player], session.watchesLobby else {
        state.lobby.watchers.remove(player)
        continue
      }
      guard let connection = session.connection, session.room == nil, session.spectating == nil else { continue }
      audience.append((connection, session.lobbyVariant))
    }
    return audience
  }

  /// Sends the watchers the live list if it changed since the last push, and reads the
  /// leaderboards of the games rated since.
  func pushLobby(_ state: inout State) -> Effect<Action> {
    state.lobby.isPushPending = false
    let audience = self.lobbyAudience(&state)
    if state.lobby.isShared { self.handOff.publishRooms(self.liveRooms(state, game: nil, ownOnly: true)) }
    let rooms = self.liveRooms(state, game: nil)
    var effects: [Effect<Action>] = []
    if rooms != state.lobby.rooms {
      state.lobby.rooms = rooms
      let connections = audience.map(\.0)
      if !connections.isEmpty {
        effects.append(
          .perform { [channel] in
            for connection in connections { channel.send(connection, .rooms(rooms, replyTo: nil)) }
          })
      }
    }
    let rated = state.lobby.ratedVariants.filter { variant in audience.contains { $0.1 == variant } }
    state.lobby.ratedVariants = []
    let limit = state.settings.leaderboardSize
    for variant in rated {
      effects.append(
        .run { [database] send in
          guard let entries = try? await database.fetchLeaderboard(variant, limit) else { return }
          await send(.lobbyLeaderboardLoaded(variant, entries))
        })
    }
    return effects.isEmpty ? .none : .merge(effects)
  }

  /// A leaderboard read for the lobby: to each watcher of its game who sees the lobby now.
  func sendLobbyLeaderboard(_ state: inout State, _ variant: GameVariant, _ entries: [LeaderboardEntry]) -> Effect<
    Action
  > {
    let connections = self.lobbyAudience(&state).filter { $0.1 == variant }.map(\.0)
    guard !connections.isEmpty else { return .none }
    return .perform { [channel] in
      for connection in connections { channel.send(connection, .leaderboard(variant, entries, replyTo: nil)) }
    }
  }
}
