import ComposableArchitecture
import GameServerGame

/// Runs a room's game: the reducer a room scopes to its ``RoomGame``. The game turns each
/// ``GameInput`` into its own action and runs its reducer on it.
public struct RoomGameReducer: Reducer {
  public init() {}

  public func reduce(into state: inout RoomGame, action: GameInput) -> Effect<GameInput> {
    state.reduce(action)
  }
}
