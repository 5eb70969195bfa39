import ComposableArchitecture
import GameServerGame

extension Nim: Game {
  /// `{"type": "take", "stones": 2}` and `{"type": "resign"}`.
  public enum Move: Hashable, Codable, Sendable {
    case take(Int)
    case resign
  }

  public static let id = "nim"
  public static let title = "Nim"
  public static let modes = [GameMode(seats: 2...2)]
  public static let startAction = Action.start
  public static let defaultBot = NimBot.perfect
  public static let moveTypes: Set<String> = ["take", "resign"]

  public static func setup(_ setup: GameSetup) -> State { State(players: setup.players) }
  public static func mode(of state: State) -> String { GameVariant.standardMode }

  public static func move(type: String, fields: MessageFields) throws(ProtocolError) -> Move {
    type == "take" ? .take(try fields.int("stones")) : .resign
  }

  public static func message(for move: Move) -> (type: String, fields: [String: JSONValue]) {
    switch move {
    case let .take(count): ("take", ["stones": JSONValue(count)])
    case .resign: ("resign", [:])
    }
  }

  public static func action(for move: Move, by player: PlayerID) -> Action {
    switch move {
    case let .take(count): .take(player, count)
    case .resign: .resign(player)
    }
  }

  public static func forfeit(_ player: PlayerID) -> Action { .resign(player) }

  public static func signal(of action: Action) -> GameSignal? {
    switch action {
    case let .delegate(.rejected(player, error)): .rejected(player, code: error.code, message: error.message)
    case .delegate(.ended): .ended
    case .start, .take, .resign: nil
    }
  }

  public static func view(of state: State, for viewer: PlayerID?) -> NimView {
    NimView(
      players: state.players, stones: state.stones, toMove: state.isOver ? nil : state.players[state.turn],
      winner: state.winner, you: viewer.flatMap { state.players.firstIndex(of: $0) })
  }

  public static func isOver(_ state: State) -> Bool { state.isOver }

  public static func result(of state: State) -> GameResult? {
    guard let winner = state.winner else { return nil }
    return GameResult(ranking: [[winner], state.players.filter { $0 != winner }])
  }

  public static func record(of state: State) -> String { "\(state.taken)" }

  public static func turn(in state: State) -> GameTurn? {
    state.isOver ? nil : GameTurn(player: state.players[state.turn], key: [state.taken.count])
  }

  public static func botDelay(_ bot: NimBot) -> Duration { .milliseconds(300) }

  public static func botMove(
    _ bot: NimBot, for player: PlayerID, in state: State, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    guard !state.isOver, state.players[state.turn] == player else { return nil }
    return .take(bot.take(from: state.stones, using: &generator))
  }
}
