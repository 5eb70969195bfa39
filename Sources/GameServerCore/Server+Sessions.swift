import ComposableArchitecture
import GameServerAuthentication
import GameServerDatabase
import GameServerGame
import GameServerLogin
import GameServerMatchmaking
import GameServerRoom
import GameServerWire

extension Server {
  func loggedIn(
    _ state: inout State, _ connection: ConnectionID, _ identity: Identity, token: String,
    requestID: String?
  ) -> Effect<Action> {
    guard state.connections[connection] != nil else { return .none }
    let player = identity.player
    var effects: [Effect<Action>] = []
    var session = state.sessions[player] ?? Session(identity: identity, connection: connection)
    if let replaced = self.replacePreviousConnection(&state, session, with: connection) { effects.append(replaced) }
    session.identity = identity
    session.connection = connection
    session.tokenHash = SessionToken.hash(token)
    state.sessions[player] = session
    state.connections[connection]?.player = player
    let ratings = Dictionary(uniqueKeysWithValues: identity.ratings.map { ($0.key.rawValue, $0.value) })
    effects.append(
      self.reply(
        connection,
        .welcome(
          .init(
            player: player, name: identity.name, guest: identity.isGuest, token: token, ratings: ratings,
            // NB: A room on another shard of this process is the player's too: they go there next.
            room: session.room ?? (self.handOff.isShard ? self.handOff.room(player) : nil), replyTo: requestID))))
    if self.$cluster.read(\.isClustered) {
      // NB: A room of the player's may live on another node: the player is sent there.
      effects.append(self.announceLogin(connection, player, hasRoomHere: session.room != nil))
    }
    effects.append(self.rejoinRoom(&state, player, on: connection))
    return .merge(effects)
  }

  /// One connection per player: a session's other open connection, if any, is the player's no
  /// more (the newest wins), and is told why.
  func replacePreviousConnection(_ state: inout State, _ session: Session, with connection: ConnectionID)
    -> Effect<Action>?
  {
    guard let previous = session.connection, previous != connection, state.connections[previous] != nil else {
      return nil
    }
    state.connections[previous]?.player = nil
    return self.reply(
      previous, .error(ProtocolError(code: "logged_in_elsewhere", message: "You logged in on another connection.")))
  }

  /// A player back on a connection sees their room, if it is here, and takes their seat again
  /// (or hears that the room is paused).
  func rejoinRoom(_ state: inout State, _ player: PlayerID, on connection: ConnectionID) -> Effect<Action> {
    guard let roomID = state.sessions[player]?.room, let room = state.rooms[id: roomID] else { return .none }
    guard !state.unavailableRooms.contains(roomID) else { return self.reply(connection, .error(.roomUnavailable())) }
    // NB: The view goes out now even when nothing in the room changes for the others.
    let view = self.show(room, to: player, on: connection, state)
    guard room.seats.contains(where: { $0.player == player && !$0.isConnected }) else { return view }
    return .merge(view, self.room(&state, roomID, .event(.reconnected(player))))
  }

  /// Sends `player` its view of `room` once the room's latest log line is committed.
  func show(
    _ room: Room.State, to player: PlayerID, on connection: ConnectionID, _ state: State, replyTo: String? = nil
  ) -> Effect<Action> {
    let view = room.view(for: player, replyTo: replyTo)
    let ticket = state.latestLogLine(of: room.id)
    return .perform { [channel] in channel.send(connection, view, after: ticket) }
  }

  /// Ends the session on `connection`: out of queues, rooms and spectating, then `goodbye`.
  func logOut(_ state: inout State, _ connection: ConnectionID, requestID: String?) -> Effect<Action> {
    var effects = [self.reply(connection, .goodbye(replyTo: requestID))]
    guard let player = state.connections[connection]?.player, let session = state.sessions[player] else {
      return .merge(effects)
    }
    state.connections[connection]?.player = nil
    // NB: The session first, then the children, called directly: nothing more goes to it.
    state.sessions[player] = nil
    if state.matchmaking.isWaiting(player) { effects.append(self.cancelWaiting(&state, player)) }
    if let room = session.spectating { effects.append(self.room(&state, room, .stopSpectating(player))) }
    if let room = session.room { effects.append(self.room(&state, room, .event(.leave(player)))) }
    return .merge(effects)
  }
}
