import ComposableArchitecture
import GameServerGame

/// Nim for three or four: in seat order each player takes one, two or three stones from a pile
/// of 15; whoever takes the last wins, and the others rank by how late they took. A game of
/// these tests only, whose one mode seats `3...4`: its seat range must hold on every path that
/// opens a room.
@Reducer
struct Pile: Sendable {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var players: [PlayerID]
    var stones = 15
    var turn = 0
    /// The players in the order they last took, the latest last.
    var takers: [PlayerID] = []
    var resigned: [PlayerID] = []
    var winner: PlayerID?

    var isOver: Bool { self.winner != nil }
    var player: PlayerID { self.players[self.turn] }
  }

  enum Action: Equatable, Sendable {
    case start
    case take(PlayerID, Int)
    case resign(PlayerID)
    case rejected(PlayerID, String)
    case ended
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .take(player, count):
        guard !state.isOver, player == state.player else { return .send(.rejected(player, "not_your_turn")) }
        guard (1...min(3, state.stones)).contains(count) else { return .send(.rejected(player, "invalid_value")) }
        state.stones -= count
        state.takers.removeAll { $0 == player }
        state.takers.append(player)
        if state.stones == 0 {
          state.winner = player
          return .send(.ended)
        }
        state.advance()
        return .none
      case let .resign(player):
        guard !state.isOver, !state.resigned.contains(player) else { return .send(.rejected(player, "not_playing")) }
        state.resigned.append(player)
        let left = state.players.filter { !state.resigned.contains($0) }
        if left.count == 1 {
          state.winner = left[0]
          return .send(.ended)
        }
        if state.player == player { state.advance() }
        return .none
      case .start, .rejected, .ended:
        return .none
      }
    }
  }
}

extension Pile.State {
  /// The next player who has not resigned.
  mutating func advance() {
    repeat { self.turn = (self.turn + 1) % self.players.count } while self.resigned.contains(self.player)
  }
}

extension Pile: Game {
  enum Move: Hashable, Codable, Sendable { case take(stones: Int) }
  enum Bot: String, Hashable, Codable, Sendable, CaseIterable { case one }
  struct View: Codable, Equatable, Sendable {
    var players: [PlayerID]
    var stones: Int
    var turn: PlayerID?
    var winner: PlayerID?
  }

  static let id = "pile"
  static let title = "Pile"
  static let modes = [GameMode(seats: 3...4)]
  static let moveTypes: Set<String> = ["take"]
  static let startAction = Action.start
  static let defaultBot = Bot.one

  static func setup(_ setup: GameSetup) -> State {
    State(players: setup.players)
  }
  static func action(for move: Move, by player: PlayerID) -> Action {
    guard case let .take(stones) = move else { return .start }
    return .take(player, stones)
  }
  static func forfeit(_ player: PlayerID) -> Action { .resign(player) }
  static func signal(of action: Action) -> GameSignal? {
    switch action {
    case let .rejected(player, code): .rejected(player, code: code, message: "No.")
    case .ended: .ended
    default: nil
    }
  }
  static func view(of state: State, for viewer: PlayerID?) -> View {
    View(players: state.players, stones: state.stones, turn: state.isOver ? nil : state.player, winner: state.winner)
  }
  static func isOver(_ state: State) -> Bool { state.isOver }
  static func result(of state: State) -> GameResult? {
    guard let winner = state.winner else { return nil }
    let rest = state.players.filter { $0 != winner }.sorted { a, b in
      (state.takers.firstIndex(of: a) ?? -1) > (state.takers.firstIndex(of: b) ?? -1)
    }
    return GameResult(ranking: [[winner]] + rest.map { [$0] })
  }
  static func record(of state: State) -> String { "\(15 - state.stones)" }
  static func turn(in state: State) -> GameTurn? {
    state.isOver ? nil : GameTurn(player: state.player, key: [15 - state.stones])
  }
  static func botMove(
    _ bot: Bot, for player: PlayerID, in view: View, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    view.turn == player ? .take(stones: 1) : nil
  }
}
