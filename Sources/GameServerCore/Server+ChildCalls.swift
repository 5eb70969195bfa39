import ComposableArchitecture
import GameServerLogin
import GameServerMatchmaking
import GameServerRoom
import GameServerWire

extension Server {
  /// Runs a login action now, as the body's `Scope` would run it sent: a message is routed to
  /// the feature that handles it without a second trip through the store (TCA's performance
  /// guidance: call a child's logic, do not send actions to share it).
  ///
  /// ```swift
  /// return self.login(&state, .guest(connection, name: name, requestID: id))
  /// ```
  func login(_ state: inout State, _ action: Login.Action) -> Effect<Action> {
    Login().reduce(into: &state.login, action: action).map(Action.login)
  }

  /// Runs a matchmaking action now, as the body's `Scope` would run it sent.
  func matchmaking(_ state: inout State, _ action: Matchmaking.Action) -> Effect<Action> {
    Matchmaking().reduce(into: &state.matchmaking, action: action).map(Action.matchmaking)
  }

  /// A player stops waiting (their connection closed, they logged out): out of this node's
  /// queue, and in a cluster out of the shared one.
  func cancelWaiting(_ state: inout State, _ player: PlayerID) -> Effect<Action> {
    .merge(self.matchmaking(&state, .cancel(player)), self.leaveSharedQueue(player))
  }

  /// Runs a room action now, as the body would run it sent: through ``RoomRelay`` (the
  /// log line, the views) and the rooms' `forEach` (which ties the room's effects to it).
  func room(_ state: inout State, _ id: RoomID, _ action: Room.Action) -> Effect<Action> {
    RoomRelay(channel: self.channel, database: self.database) { Self.rooms }
      .reduce(into: &state, action: .rooms(.element(id: id, action: action)))
  }
}
