import ComposableArchitecture
import Foundation
import GameServerGame

/// Battleship for two: both players place their five ships at the same time, each hidden from
/// the other, then fire in turn, one shot each, until one fleet is sunk. Turns, resignation,
/// the rematch and the clocks are the seam's ``TwoPlayerTurns``; placing the fleets is a round
/// of its own before the turns (move 0, with its own time limit), in which a player who does
/// not place in time loses.
@Reducer
public struct Battleship: Sendable {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    public var seats: [BattleshipSide: PlayerID]
    /// Each side's ships, once placed: a secret until hit, or the game is over.
    public var fleets: [BattleshipSide: [Ship]] = [:]
    /// Every shot, in order.
    public var shots: [Shot] = []
    public var turn = BattleshipSide.first
    public var outcome: BattleshipOutcome?
    /// How long the players have to place their fleets.
    public var placingTimeLimit: Duration
    /// How long a player has for each shot.
    public var shotTimeLimit: Duration
    public var moveEndsAt: Date?
    /// 0 while the fleets are placed, then the shots fired plus one.
    public var moveNumber = 0
    public var rematchRequests: Set<BattleshipSide> = []
    public var gameNumber = 1

    public init(
      first: PlayerID, second: PlayerID, placingTimeLimit: Duration = .seconds(90),
      shotTimeLimit: Duration = .seconds(30)
    ) {
      self.seats = [.first: first, .second: second]
      self.placingTimeLimit = placingTimeLimit
      self.shotTimeLimit = shotTimeLimit
    }

    /// Whether the fleets are still being placed.
    public var isPlacing: Bool { self.outcome == nil && self.fleets.count < 2 }

    /// The shots fired by `side`.
    public func shots(by side: BattleshipSide) -> [Square] { self.shots.filter { $0.by == side }.map(\.square) }

    /// The ships of `side` that are sunk: every square of each hit.
    public func sunkShips(of side: BattleshipSide) -> [Ship] {
      let hits = Set(self.shots(by: side.opponent))
      return (self.fleets[side] ?? []).filter { $0.squares.allSatisfy(hits.contains) }
    }
  }

  public enum Action: Equatable, Sendable {
    case start
    case place(PlayerID, ships: [Ship])
    case fire(PlayerID, at: Square)
    case resign(PlayerID)
    case requestRematch(PlayerID)
    case moveTimeExpired(moveNumber: Int)
    case delegate(TwoPlayerDelegate<BattleshipError, BattleshipOutcome>)
  }

  let turns = TwoPlayerTurns<State, Action>()

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .place(let player, let ships):
        guard let side = state.side(of: player) else { return self.turns.reject(player, .notSeated) }
        guard state.outcome == nil else { return self.turns.reject(player, .gameOver) }
        guard state.fleets[side] == nil else { return self.turns.reject(player, .alreadyPlaced) }
        if let problem = Fleet.problem(with: ships) { return self.turns.reject(player, .badFleet(problem)) }
        state.fleets[side] = ships
        guard state.fleets.count == 2 else { return .none }
        // NB: Both fleets are out: the first shot's clock replaces the placing clock.
        state.moveNumber = 1
        state.turn = .first
        return self.turns.startClock(&state)

      case .fire(let player, let square):
        if state.isPlacing, state.side(of: player) != nil { return self.turns.reject(player, .stillPlacing) }
        guard let side = self.turns.side(toMove: player, in: state) else {
          return self.turns.refusal(player, in: state)
        }
        guard square.isOnTheSea else { return self.turns.reject(player, .offTheSea(square)) }
        guard !state.shots(by: side).contains(square) else { return self.turns.reject(player, .alreadyFired(square)) }
        state.shots.append(Shot(by: side, square: square))
        let sunk = state.sunkShips(of: side.opponent).count == Fleet.lengths.count
        return self.turns.moved(&state, ending: sunk ? .sankTheFleet(winner: side) : nil)

      case .moveTimeExpired(let moveNumber) where moveNumber == 0 && state.isPlacing:
        // NB: The placing round ran out: whoever has not placed loses (both: a draw). Handled
        //     before the turns piece, which would otherwise blame the side to move.
        let placed = BattleshipSide.allCases.filter { state.fleets[$0] != nil }
        return self.turns.end(&state, placed.first.map { .timeout(winner: $0) } ?? .nobodyPlaced)

      default:
        return .none
      }
    }
    self.turns
  }
}

/// The two sides: `first` fires first.
public enum BattleshipSide: String, Hashable, Codable, Sendable, CaseIterable {
  case first, second
}

/// A shot: who fired, and where.
public struct Shot: Hashable, Codable, Sendable {
  public var by: BattleshipSide
  public var square: Square

  public init(by: BattleshipSide, square: Square) {
    self.by = by
    self.square = square
  }
}

/// How a game ended.
public enum BattleshipOutcome: Hashable, Codable, Sendable {
  /// Every ship of the loser is sunk.
  case sankTheFleet(winner: BattleshipSide)
  case resignation(winner: BattleshipSide)
  /// The loser ran out of time: for a shot, or to place their fleet.
  case timeout(winner: BattleshipSide)
  /// Neither player placed a fleet in time: a draw.
  case nobodyPlaced
}

/// Why an action is refused.
public enum BattleshipError: Error, Hashable, Sendable {
  case notSeated, gameOver, notYourTurn, gameNotOver
  case alreadyPlaced, stillPlacing
  case badFleet(String)
  case offTheSea(Square)
  case alreadyFired(Square)

  public var code: String {
    switch self {
    case .notSeated: "not_seated"
    case .gameOver: "game_over"
    case .notYourTurn: "not_your_turn"
    case .gameNotOver: "game_not_over"
    case .alreadyPlaced: "already_placed"
    case .stillPlacing: "still_placing"
    case .badFleet: "bad_fleet"
    case .offTheSea: "off_the_sea"
    case .alreadyFired: "already_fired"
    }
  }

  public var message: String {
    switch self {
    case .notSeated: "You have no seat in this game."
    case .gameOver: "The game is over."
    case .notYourTurn: "It is not your turn."
    case .gameNotOver: "A rematch can only be asked for once the game is over."
    case .alreadyPlaced: "Your fleet is placed already."
    case .stillPlacing: "The fleets are not all placed yet."
    case .badFleet(let problem): problem
    case .offTheSea(let square): "The square \(square.name) is not on the sea (rows A to J, columns 1 to 10)."
    case .alreadyFired(let square): "You fired at \(square.name) already."
    }
  }
}
