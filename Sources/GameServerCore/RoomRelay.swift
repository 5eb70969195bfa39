import ComposableArchitecture
import GameServerDatabase
import GameServerGame
import GameServerRoom
import GameServerWire

/// Runs the rooms, and after each room action: logs it if it is a room event (starting the log
/// again from a snapshot every `gamesPerRoomLog` games, and recording a game that ended in the
/// same write), sends each viewer of that room its view when the view changed (once the line is
/// committed), and closes the room once it is abandoned. The player whose request the action
/// carries out gets its view with `replyTo`.
///
/// A room that cannot log (``Server/State/unavailableRooms``) is paused: every action for it is
/// dropped but a spectator leaving, until its log is mended (then ``Server/resume(_:_:)``
/// catches its seats up and starts its clocks again).
///
/// Only the room the action went to is looked at, so the work per action does not grow with the
/// number of rooms or connections elsewhere.
struct RoomRelay<Rooms: Reducer<Server.State, Server.Action>>: Reducer {
  let outlets: RoomUpdate.Outlets
  let rooms: Rooms
  @ResolvedDependency(\.continuousClock) var clock

  init(
    channel: ClientChannel, database: DatabaseClient, @ReducerBuilder<Server.State, Server.Action> rooms: () -> Rooms
  ) {
    self.outlets = RoomUpdate.Outlets(channel: channel, database: database)
    self.rooms = rooms()
  }

  func reduce(into state: inout Server.State, action: Server.Action) -> Effect<Server.Action> {
    guard case let .rooms(.element(id, roomAction)) = action, let before = state.rooms[id: id] else {
      return self.rooms.reduce(into: &state, action: action)
    }
    if !state.unavailableRooms.isEmpty, state.unavailableRooms.contains(id) {
      switch roomAction {
      case .stopSpectating: break
      // NB: Dropped: when the room goes on, its seats catch up and its clocks start again.
      default: return .none
      }
    }
    let effect = self.rooms.reduce(into: &state, action: action)
    guard let after = state.rooms[id: id] else { return effect }

    let (log, restartsLog) = self.logLine(for: roomAction, before, after, &state)
    let ticket = state.latestLogLine(of: id)
    var messages = ViewsToSend()
    if before != after {
      // NB: Two viewers are kept inline; room for a crowd at once, not one doubling at a time.
      messages.reserveCapacity(after.seats.count + after.spectators.count)
      let requester = roomAction.requester.flatMap { player in
        state.sessions[player]?.lastRequestID.map { (player, $0) }
      }
      // NB: Most rooms have two viewers and no spectator: they are looked up where they are, with
      // no list made; a set of the spectators only for a crowd.
      let formerSpectators = before.spectators.count > 16 ? Set(before.spectators) : nil
      // NB: What the room says beside the game is the same for every viewer: worked out once.
      let status = after.status
      after.forEachViewer { viewer in
        guard let connection = state.sessions[viewer]?.connection else { return }
        let wasViewer =
          if let formerSpectators {
            formerSpectators.contains(viewer) || before.isSeatedViewer(viewer)
          } else {
            before.isViewer(viewer)
          }
        // NB: The requester's view is written as its answer: one message, written once.
        let replyTo = requester?.0 == viewer ? requester?.1 : nil
        let view =
          wasViewer
          ? after.view(for: viewer, unlessSameIn: before, status: status, replyTo: replyTo)
          : after.view(for: viewer, status: status, replyTo: replyTo)
        guard let view else { return }
        messages.append((connection, view))
      }
    }
    // NB: A room closes once nobody is left in it: at the room's `.delegate(.finished)` that
    //     tells its game's end, at a seat's or a spectator's leaving after that, or at its start
    //     after a restart. Never at the actions that carry a game's end to the room (the game's,
    //     a bot's, a rejection): closed then, the end's actions still on their way would find no
    //     room.
    let closing: Bool
    switch roomAction {
    case .delegate(.finished), .event, .stopSpectating, .start: closing = after.isAbandoned
    default: closing = false
    }
    var closed: Effect<Server.Action> = .none
    if closing { closed = self.close(after, &state) }
    // NB: Only what the live list shows (a room gone, a game over, its spectators) asks for a
    //     push, and only while someone watches the lobby.
    var lobby: Effect<Server.Action> = .none
    if !state.lobby.watchers.isEmpty, after.isListed,
      closing || before.spectators.count != after.spectators.count || before.game.isOver != after.game.isOver
    {
      lobby = Server.lobbyChanged(&state, clock: self.clock)
    }
    guard !messages.isEmpty || log != nil || closing else { return effect.merge(with: lobby) }
    let broadcast = RoomUpdate(
      room: id, log: log, restartsLog: restartsLog, closesLog: closing, ticket: ticket, messages: messages,
      outlets: self.outlets)
    return effect.merge(with: .perform { broadcast.run() }).merge(with: lobby).merge(with: closed)
  }

  /// The log line a room action writes, if any, and whether it starts the log again: the event,
  /// or a snapshot when a rematch begins game `gamesPerRoomLog + 1` (and so on). A game that
  /// ended is recorded with the line.
  private func logLine(
    for action: Room.Action, _ before: Room.State, _ after: Room.State, _ state: inout Server.State
  ) -> (RoomLogEntry?, restarts: Bool) {
    let finished = !before.game.isOver && after.game.isOver ? after.result : nil
    let event = after.loggedEvent(of: action)
    guard event != nil || finished != nil else { return (nil, false) }
    let id = after.id
    let sequence = state.takeLogSequence(id)
    var entry: RoomLogEntry
    var restarts = false
    if let event,
      !(after.gameNumber != before.gameNumber && (after.gameNumber - 1) % max(1, state.settings.gamesPerRoomLog) == 0)
    {
      entry = RoomLogEntry(room: id, sequence: sequence, encoding: event)
    } else {
      // NB: A new game (a rematch) after `gamesPerRoomLog` of them: the log starts again from the
      // room as it is now. A snapshot costs more than an event, hence not every game. (A game
      // that ended without a logged event, which no room action does today, is kept the same way.)
      entry = RoomLogEntry(room: id, sequence: sequence, encoding: after)
      restarts = true
    }
    if let finished {
      entry.finishedGame = finished
      state.unrecordedGames[id] = finished
    }
    // NB: Only a seat's event changes who has left (not a move): the directory of a cluster
    //     seats a player only where they have not left.
    if case .event = action, !restarts {
      var (left, back) = ([PlayerID](), [PlayerID]())
      for (old, new) in zip(before.seats, after.seats) where new.bot == nil && old.hasLeft != new.hasLeft {
        if new.hasLeft { left.append(new.player) } else { back.append(new.player) }
      }
      if !left.isEmpty { entry.leftPlayers = left }
      if !back.isEmpty { entry.seatedPlayers = back }
    }
    return (entry, restarts)
  }

  /// Forgets an abandoned room, and the sessions that only waited for it; returns the
  /// cancellation of what the room still had running.
  private func close(_ room: Room.State, _ state: inout Server.State) -> Effect<Server.Action> {
    let id = room.id
    let removal = self.rooms.reduce(into: &state, action: .roomClosed(id))
    state.nextLogSequence[id] = nil
    state.unavailableRooms.remove(id)
    state.mendingRooms.remove(id)
    state.unrecordedGames[id] = nil
    for player in room.seats.map(\.player) + room.spectators {
      guard var session = state.sessions[player], session.room == id else { continue }
      session.room = nil
      // NB: A player who left while seated and never came back has nothing left here.
      state.sessions[player] = session.connection == nil && session.spectating == nil ? nil : session
    }
    return removal
  }
}

extension Room.Action {
  /// The player whose request this action carries out, if any: a move, or starting to watch.
  var requester: PlayerID? {
    switch self {
    case let .game(.move(player, _)): player
    case let .spectate(player): player
    default: nil
    }
  }
}
