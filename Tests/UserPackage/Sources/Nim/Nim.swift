import ComposableArchitecture
import GameServerGame

/// Nim on one pile: two players take one, two or three stones in turn, and whoever takes the
/// last stone wins.
@Reducer
public struct Nim: Sendable {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The two players, the first moving first.
    public var players: [PlayerID]
    public var stones = 21
    /// The index in `players` of the player to move.
    public var turn = 0
    /// The stones taken, in order: the game's record.
    public var taken: [Int] = []
    public var winner: PlayerID?
    public var isOver: Bool { self.winner != nil }

    public init(players: [PlayerID]) {
      self.players = players
    }
  }

  public enum Action: Equatable, Sendable {
    /// The game begins (Nim has no clock to start).
    case start
    case take(PlayerID, Int)
    case resign(PlayerID)
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
      case rejected(PlayerID, NimError)
      case ended
    }
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .take(player, count):
        guard let seat = state.players.firstIndex(of: player) else { return .send(.delegate(.rejected(player, .notSeated))) }
        guard !state.isOver else { return .send(.delegate(.rejected(player, .gameOver))) }
        guard seat == state.turn else { return .send(.delegate(.rejected(player, .notYourTurn))) }
        guard (1...3).contains(count), count <= state.stones else {
          return .send(.delegate(.rejected(player, .cannotTake(count))))
        }
        state.stones -= count
        state.taken.append(count)
        if state.stones == 0 {
          state.winner = player
          return .send(.delegate(.ended))
        }
        state.turn = 1 - seat
        return .none

      case let .resign(player):
        guard let seat = state.players.firstIndex(of: player) else { return .send(.delegate(.rejected(player, .notSeated))) }
        guard !state.isOver else { return .send(.delegate(.rejected(player, .gameOver))) }
        state.winner = state.players[1 - seat]
        return .send(.delegate(.ended))

      case .start, .delegate:
        return .none
      }
    }
  }
}

/// Why a move is refused.
public enum NimError: Error, Equatable, Sendable {
  case notSeated, gameOver, notYourTurn
  case cannotTake(Int)

  public var code: String {
    switch self {
    case .notSeated: "not_seated"
    case .gameOver: "game_over"
    case .notYourTurn: "not_your_turn"
    case .cannotTake: "cannot_take"
    }
  }

  public var message: String {
    switch self {
    case .notSeated: "You have no seat in this game."
    case .gameOver: "The game is over."
    case .notYourTurn: "It is not your turn."
    case let .cannotTake(count): "You can take 1, 2 or 3 stones, and no more than are left, not \(count)."
    }
  }
}

/// What everyone sees: the whole game (Nim hides nothing).
public struct NimView: Codable, Equatable, Sendable {
  public var players: [PlayerID]
  public var stones: Int
  public var toMove: PlayerID?
  public var winner: PlayerID?
  /// The viewer's own seat (0 or 1), nil for a spectator.
  public var you: Int?
}

/// Nim's bots: `random` takes any legal count; `perfect` leaves a multiple of four when it can.
public enum NimBot: String, Hashable, Codable, Sendable, CaseIterable {
  case random, perfect

  public func take(from stones: Int, using generator: inout some RandomNumberGenerator) -> Int {
    if self == .perfect, stones % 4 != 0 { return stones % 4 }
    return Int.random(in: 1...min(3, stones), using: &generator)
  }
}
