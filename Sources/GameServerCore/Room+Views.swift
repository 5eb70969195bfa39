import GameServerGameCore
import GameServerRoom
import GameServerModels

extension Room.State {
  /// The message that shows this room to `viewer`.
  public func view(for viewer: PlayerID) -> ServerMessage {
    switch self.game {
    case let .ticTacToe(game): .ticTacToe(self.id, game.view(for: viewer))
    case let .wordGrid(game): .wordGrid(self.id, game.view(for: viewer))
    }
  }
}
