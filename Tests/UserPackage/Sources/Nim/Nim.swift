import ComposableArchitecture
import Foundation
import GameServerGame

/// Nim on one pile: two players take one, two or three stones in turn, and whoever takes the
/// last stone wins. Turns, resignation, rematches and the move clock are the seam's
/// ``TwoPlayerTurns``; this file is the rules.
@Reducer
public struct Nim: Sendable {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    public var stones = 21
    /// The stones taken, in order: the game's record.
    public var moves: [Int] = []
    public var seats: [NimSide: PlayerID]
    public var turn = NimSide.first
    public var outcome: NimOutcome?
    public var moveTimeLimit: Duration
    public var moveEndsAt: Date?
    public var moveNumber = 0
    public var rematchRequests: Set<NimSide> = []
    public var gameNumber = 1

    public init(first: PlayerID, second: PlayerID, moveTimeLimit: Duration = .seconds(30)) {
      self.seats = [.first: first, .second: second]
      self.moveTimeLimit = moveTimeLimit
    }
  }

  public enum Action: Equatable, Sendable {
    case start
    case take(PlayerID, stones: Int)
    case resign(PlayerID)
    case requestRematch(PlayerID)
    case moveTimeExpired(moveNumber: Int)
    case delegate(TwoPlayerDelegate<NimError, NimOutcome>)
  }

  let turns = TwoPlayerTurns<State, Action>()

  public init() {}

  public var body: some ReducerOf<Self> {
    self.turns
    Reduce { state, action in
      guard case let .take(player, count) = action else { return .none }
      guard let side = self.turns.side(toMove: player, in: state) else { return self.turns.refusal(player, in: state) }
      guard (1...3).contains(count), count <= state.stones else { return self.turns.reject(player, .cannotTake(count)) }
      state.stones -= count
      state.moves.append(count)
      return self.turns.moved(&state, ending: state.stones == 0 ? .tookTheLast(winner: side) : nil)
    }
  }
}

public enum NimSide: String, Hashable, Codable, Sendable {
  case first, second
}

public enum NimOutcome: Hashable, Codable, Sendable {
  case tookTheLast(winner: NimSide)
  case resignation(winner: NimSide)
  case timeout(winner: NimSide)
}

/// Why a move is refused.
public enum NimError: Error, Hashable, Sendable {
  case notSeated, gameOver, notYourTurn, gameNotOver
  case cannotTake(Int)

  public var code: String {
    switch self {
    case .notSeated: "not_seated"
    case .gameOver: "game_over"
    case .notYourTurn: "not_your_turn"
    case .gameNotOver: "game_not_over"
    case .cannotTake: "cannot_take"
    }
  }

  public var message: String {
    switch self {
    case .notSeated: "You have no seat in this game."
    case .gameOver: "The game is over."
    case .notYourTurn: "It is not your turn."
    case .gameNotOver: "A rematch can only be asked for once the game is over."
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
  public var moveEndsAt: Date?
}

/// Nim's bots: `random` takes any legal count; `perfect` leaves a multiple of four when it can.
public enum NimBot: String, Hashable, Codable, Sendable, CaseIterable {
  case random, perfect

  public func take(from stones: Int, using generator: inout some RandomNumberGenerator) -> Int {
    if self == .perfect, stones % 4 != 0 { return stones % 4 }
    return Int.random(in: 1...min(3, stones), using: &generator)
  }
}
