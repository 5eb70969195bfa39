import GameServerBattleship
import GameServerConnectFour
@_exported import GameServerGame
import GameServerTicTacToe
import GameServerWordGrid

extension GameCatalog {
  /// The games this server hosts, in the order the lobby lists them. Adding a game is one line
  /// here (and its module in `Package.swift`).
  ///
  /// ```swift
  /// let store = Store(initialState: Server.State()) { Server() } withDependencies: {
  ///   $0.games = .standard
  /// }
  /// ```
  public static let standard = GameCatalog([
    TicTacToe.self,
    ConnectFour.self,
    WordGrid.self,
    Battleship.self,
  ])
}
