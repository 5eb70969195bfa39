import ComposableArchitecture
import Foundation

/// One of the two sides of a two-player game, the first moving first: tic-tac-toe's marks,
/// Connect Four's discs.
public protocol TwoPlayerSide: Hashable, Codable, Sendable {
  /// The side that moves first.
  static var first: Self { get }
  /// The other side.
  var opponent: Self { get }
}

/// How a two-player game ended: the game's own endings (a line, a draw) and the two the
/// turns piece makes itself, which are the game's cases of these names.
public protocol TwoPlayerOutcome: Hashable, Codable, Sendable {
  associatedtype Side: TwoPlayerSide
  /// The winning side, or nil for a draw.
  var winner: Side? { get }
  static func resignation(winner: Side) -> Self
  static func timeout(winner: Side) -> Self
}

/// Why a two-player game refused an action: the game's own reasons, and the four the turns
/// piece gives itself, which are the game's cases of these names. `code` is the protocol's
/// stable error code, `message` a sentence for people.
public protocol TwoPlayerRuleError: Error, Hashable, Sendable {
  var code: String { get }
  var message: String { get }
  static var notSeated: Self { get }
  static var gameOver: Self { get }
  static var notYourTurn: Self { get }
  static var gameNotOver: Self { get }
}

/// The state the turns piece keeps, as fields of the game's own state (so that the game's
/// `Codable` form is its own): the seats, whose turn it is, the outcome, the move clock, and
/// the rematch.
public protocol TwoPlayerTurnState: Codable, Equatable, Sendable {
  associatedtype Outcome: TwoPlayerOutcome
  /// The player holding each side.
  var seats: [Outcome.Side: PlayerID] { get set }
  var turn: Outcome.Side { get set }
  /// Set when the game is over.
  var outcome: Outcome? { get set }
  /// How long a player has for each move; running out loses.
  var moveTimeLimit: Duration { get }
  /// When the running move clock runs out, by the server's clock: what a client counts down to.
  var moveEndsAt: Date? { get set }
  /// Moves made in this game.
  var moveNumber: Int { get set }
  /// The sides whose players asked for a rematch.
  var rematchRequests: Set<Outcome.Side> { get set }
  associatedtype Moves: Encodable
  /// The moves of this game, in order: its record is their `Encodable` form.
  var moves: Moves { get }
  /// 1 for the first game between these players, 2 after a rematch, ...
  var gameNumber: Int { get set }
  /// Clears the game's own part (its board, its record) for the next game, after a rematch; the
  /// piece swaps the seats and resets the rest.
  mutating func clearForNextGame()
}

extension TwoPlayerTurnState {
  /// The side a player holds, if seated.
  @inlinable
  public func side(of player: PlayerID) -> Outcome.Side? {
    self.seats.first { $0.value == player }?.key
  }
}

/// What a two-player game tells the room that runs it: a refused action, or the end. A game's
/// `Action` has it as its `delegate` case.
@CasePathable
public enum TwoPlayerDelegate<Failure: TwoPlayerRuleError, Outcome: TwoPlayerOutcome>: Equatable, Sendable {
  /// The game refused a player's action (the state did not change).
  case rejected(PlayerID, Failure)
  /// The game ended.
  case ended(Outcome)
}

/// What the turns piece does, told apart from a game's own actions.
public enum TwoPlayerTurnInput<Failure: TwoPlayerRuleError, Outcome: TwoPlayerOutcome>: Equatable, Sendable {
  /// The game begins: its first move clock starts.
  case start
  /// A player gives up (allowed at any time during a game, also out of turn).
  case resign(PlayerID)
  /// A player asks for another game once this one is over; when both ask, the seats swap.
  case rematch(PlayerID)
  /// The move clock of move number `moveNumber` ran out.
  case moveTimeExpired(moveNumber: Int)
  /// What the game tells the room.
  case delegate(TwoPlayerDelegate<Failure, Outcome>)
}

/// A two-player game's actions as the turns piece reads and makes them: the game's cases of
/// these names, and `turnInput` telling them apart.
///
/// ```swift
/// public enum Action: Equatable, Sendable {
///   case start
///   case drop(PlayerID, column: Int)
///   case resign(PlayerID)
///   case requestRematch(PlayerID)
///   case moveTimeExpired(moveNumber: Int)
///   case delegate(TwoPlayerDelegate<ConnectFourError, Outcome>)
/// }
/// ```
public protocol TwoPlayerTurnAction: Equatable, Sendable {
  associatedtype Failure: TwoPlayerRuleError
  associatedtype Outcome: TwoPlayerOutcome
  static var start: Self { get }
  static func resign(_ player: PlayerID) -> Self
  static func requestRematch(_ player: PlayerID) -> Self
  static func moveTimeExpired(moveNumber: Int) -> Self
  static func delegate(_ delegate: TwoPlayerDelegate<Failure, Outcome>) -> Self
  /// What this action is to the turns piece, or nil for the game's own moves.
  var turnInput: TwoPlayerTurnInput<Failure, Outcome>? { get }
}

/// The clock event of a two-player game: a move clock ran out. Logged by rooms as
/// `{"moveTimeExpired":{"moveNumber":3}}`.
public enum TwoPlayerClockEvent: Hashable, Codable, Sendable {
  case moveTimeExpired(moveNumber: Int)
}

/// Two players moving in turn, with resignation, a rematch that swaps the seats, a clock per
/// move whose running out loses, and the refusals all of that needs: the part of tic-tac-toe
/// and Connect Four that is not their board. A game composes it before its own rules, which
/// handle only its moves with ``side(toMove:in:)``, `moved(_:)` and ``end(_:_:)``:
///
/// ```swift
/// let turns = TwoPlayerTurns<State, Action>()
///
/// var body: some ReducerOf<Self> {
///   self.turns
///   Reduce { state, action in
///     guard case let .drop(player, column) = action else { return .none }
///     guard let disc = self.turns.side(toMove: player, in: state) else {
///       return self.turns.refusal(player, in: state)
///     }
///     // ... the move's own checks (self.turns.reject(player, .columnFull(column: column))) ...
///     let four = state.board.fourInARow(through: cell)
///     return self.turns.moved(&state, ending: four.map { .win(disc, cells: $0) })
///   }
/// }
/// ```
public struct TwoPlayerTurns<State: TwoPlayerTurnState, Action: TwoPlayerTurnAction>: Reducer, Sendable
where Action.Outcome == State.Outcome {
  public typealias Side = State.Outcome.Side

  // NB: Read on every move: resolved once per store, not merged and cast on each read.
  @usableFromInline @ResolvedDependency(\.continuousClock) var clock
  @usableFromInline @ResolvedDependency(\.date) var date

  @usableFromInline enum CancelID: Hashable, Sendable { case moveTimer }

  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action.turnInput {
    case .start:
      guard state.outcome == nil else { return .none }
      return self.startMoveTimer(&state)

    case let .resign(player):
      guard let side = state.side(of: player) else { return self.reject(player, .notSeated) }
      guard state.outcome == nil else { return self.reject(player, .gameOver) }
      return self.end(&state, .resignation(winner: side.opponent))

    case let .rematch(player):
      guard let side = state.side(of: player) else { return self.reject(player, .notSeated) }
      guard state.outcome != nil else { return self.reject(player, .gameNotOver) }
      state.rematchRequests.insert(side)
      guard state.rematchRequests.count == 2 else { return .none }
      let first = Side.first
      let (a, b) = (state.seats[first]!, state.seats[first.opponent]!)
      state.seats = [first: b, first.opponent: a]
      state.clearForNextGame()
      state.turn = first
      state.outcome = nil
      state.moveNumber = 0
      state.rematchRequests = []
      state.gameNumber += 1
      return self.startMoveTimer(&state)

    case let .moveTimeExpired(moveNumber):
      guard state.outcome == nil, moveNumber == state.moveNumber else { return .none }
      return self.end(&state, .timeout(winner: state.turn.opponent))

    case .delegate, nil:
      return .none
    }
  }

  /// The side of `player` when it is theirs to move; nil when they may not move (see
  /// ``refusal(_:in:)``).
  @inlinable
  public func side(toMove player: PlayerID, in state: State) -> Side? {
    guard state.outcome == nil, let side = state.side(of: player), side == state.turn else { return nil }
    return side
  }

  /// Why `player` may not move now: not seated, the game is over, or not their turn.
  @inlinable
  public func refusal(_ player: PlayerID, in state: State) -> Effect<Action> {
    guard state.side(of: player) != nil else { return self.reject(player, .notSeated) }
    return self.reject(player, state.outcome == nil ? .notYourTurn : .gameOver)
  }

  /// Refuses `player`'s action: the state stays as it is.
  @inlinable
  public func reject(_ player: PlayerID, _ error: Action.Failure) -> Effect<Action> {
    .send(.delegate(.rejected(player, error)))
  }

  /// A move was made: the other side's turn and its clock, or the end of the game with
  /// `outcome`.
  @inlinable
  public func moved(_ state: inout State, ending outcome: State.Outcome? = nil) -> Effect<Action> {
    state.moveNumber += 1
    state.turn = state.turn.opponent
    if let outcome { return self.end(&state, outcome) }
    return self.startMoveTimer(&state)
  }

  /// Ends the game: its clock stops.
  @inlinable
  public func end(_ state: inout State, _ outcome: State.Outcome) -> Effect<Action> {
    state.outcome = outcome
    return .merge(.cancel(id: CancelID.moveTimer), .send(.delegate(.ended(outcome))))
  }

  /// Starts the move clock again for the move to come, with the state's `moveTimeLimit`: for a
  /// game that does something before its turns (Battleship's fleets, placed at once), whose
  /// turns begin when it says so.
  @inlinable
  public func startClock(_ state: inout State) -> Effect<Action> { self.startMoveTimer(&state) }

  @inlinable
  func startMoveTimer(_ state: inout State) -> Effect<Action> {
    let (limit, moveNumber) = (state.moveTimeLimit, state.moveNumber)
    state.moveEndsAt = self.date.now.addingTimeInterval(limit / .seconds(1))
    // NB: A timer in the clock, not a task: re-armed on every move (see `Effect.send(_:after:clock:)`).
    return .send(.moveTimeExpired(moveNumber: moveNumber), after: limit, clock: self.clock)
      .cancellable(id: CancelID.moveTimer, cancelInFlight: true)
  }
}
