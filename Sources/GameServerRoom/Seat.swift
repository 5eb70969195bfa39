import GameServerGameCore
import GameServerTicTacToe
import GameServerWordGrid

/// A seat in a room: a person or a bot.
public struct Seat: Hashable, Codable, Sendable {
  public var player: PlayerID
  /// The name others see.
  public var name: String
  /// Set for a bot's seat.
  public var bot: RoomBot?
  public var isConnected: Bool
  /// Set once a person leaves the room for good.
  public var hasLeft = false

  public init(player: PlayerID, name: String, bot: RoomBot? = nil) {
    self.player = player
    self.name = name
    self.bot = bot
    self.isConnected = bot == nil
  }
}

/// The computer player in a bot's seat.
public enum RoomBot: Hashable, Codable, Sendable {
  case ticTacToe(TicTacToeBot)
  case wordGrid(WordGridBot)
}
