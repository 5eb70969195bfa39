import ComposableArchitecture
import GameServerGame
import GameServerRoom
import GameServerWire

extension Server {
  /// A game's move (any type not the protocol's own). An error is answered whole, as the
  /// request's.
  func move(_ state: State, _ asked: PlayerRequest, _ message: MoveMessage) -> Effect<Action> {
    self.play(state, asked.session, asked.player, message) { error in
      var error = error
      error.requestID = asked.id
      return self.reply(asked.connection, .error(error))
    }
  }

  /// A move: read by the game of the player's room, and played there if the player still has
  /// a seat.
  private func play(
    _ state: State, _ session: Session, _ player: PlayerID, _ message: MoveMessage,
    refuse: (ProtocolError) -> Effect<Action>
  ) -> Effect<Action> {
    guard let id = session.room, let room = state.rooms[id: id] else {
      if let error = self.fault(in: message) { return refuse(error) }
      if session.spectating != nil {
        return refuse(ProtocolError(code: "not_seated", message: "You are watching this room, not playing in it."))
      }
      return refuse(ProtocolError(code: "not_in_room", message: "You are not in a room."))
    }
    // NB: The room's game reads the move; the catalog is looked at only when it does not (a
    //     move of another game, whose own reading says what is wrong with it).
    let move: AnyMove?
    do {
      move = try room.move(message)
    } catch {
      return refuse(error)
    }
    guard let move else {
      if let error = self.fault(in: message) { return refuse(error) }
      return refuse(ProtocolError(code: "wrong_game", message: "That move is not part of \(room.variant.game)."))
    }
    guard !state.unavailableRooms.contains(id) else { return refuse(.roomUnavailable()) }
    guard room.seats.contains(where: { $0.player == player && !$0.hasLeft }) else {
      return refuse(ProtocolError(code: "not_seated", message: "You do not have a seat in this room."))
    }
    // NB: Sent, not run here with `room(_:_:_:)`: the store runs a sent action at once on its
    // cached reducers, and server-benchmark measured the direct call at 0.5 more allocations a
    // view and no faster.
    return .send(.rooms(.element(id: id, action: .game(.move(player, move)))))
  }

  /// What is wrong with a move no room reads: `unknown_type` when no game has its type, else its
  /// fields' fault as the first game with the type reads them (as protocol v1 answered it).
  func fault(in message: MoveMessage) -> ProtocolError? {
    guard let game = self.games.games.first(where: { $0.moveTypes.contains(message.type) }) else {
      return .unknownType(message.type, requestID: message.fields.requestID)
    }
    do {
      _ = try game.move(type: message.type, fields: message.fields)
      return nil
    } catch {
      return error
    }
  }
}
