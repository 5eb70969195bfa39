import Foundation
import ComposableArchitecture
import GameServerGame

/// Tic-tac-toe between two seated players, X moving first, with a time limit per move.
///
/// A rejected action leaves the state alone and sends `.delegate(.rejected(player, error))`;
/// the end of a game sends `.delegate(.ended(outcome))`.
///
/// ```swift
/// let store = Store(initialState: TicTacToe.State(x: "alice", o: "bob")) { TicTacToe() }
/// store.send(.start)
/// store.send(.move("alice", Cell(row: 1, column: 1)))
/// ```
@Reducer
public struct TicTacToe: Sendable {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    public var board = Board()
    /// The player holding each mark.
    public var seats: [Mark: PlayerID]
    public var turn = Mark.x
    /// Set when the game is over.
    public var outcome: Outcome?
    /// How long a player has for each move (default 30 s); running out loses.
    public var moveTimeLimit: Duration
    /// When the move clock that runs now runs out, by the server's clock (nil before it first
    /// starts): what a client counts down to, also after a reload.
    public var moveEndsAt: Date?
    /// Moves made in this game.
    public var moveNumber = 0
    /// The cells played in this game, in order: the record of the game. Kept packed, so that a
    /// move copies no list; its JSON is the list of cells.
    public var moves: PlayedCells = []
    /// The marks whose players asked for a rematch.
    public var rematchRequests: Set<Mark> = []
    /// 1 for the first game between these players, 2 after a rematch, ...
    public var gameNumber = 1

    public init(x: PlayerID, o: PlayerID, moveTimeLimit: Duration = .seconds(30)) {
      self.seats = [.x: x, .o: o]
      self.moveTimeLimit = moveTimeLimit
    }

    /// The mark a player holds, if seated.
    public func mark(of player: PlayerID) -> Mark? {
      self.seats[.x] == player ? .x : self.seats[.o] == player ? .o : nil
    }
  }

  public enum Action: Equatable, Sendable {
    /// Starts the clock for the first move.
    case start
    case move(PlayerID, Cell)
    /// Gives up; allowed at any time during a game, also out of turn.
    case resign(PlayerID)
    /// Asks for another game once this one is over; when both ask, the seats swap.
    case requestRematch(PlayerID)
    /// The move clock ran out for move number `moveNumber`.
    case moveTimeExpired(moveNumber: Int)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case rejected(PlayerID, TicTacToeError)
      case ended(Outcome)
    }
  }

  enum CancelID { case moveTimer }

  // NB: Read on every move: resolved once per store, not merged and cast on each read.
  @ResolvedDependency(\.continuousClock) var clock
  @ResolvedDependency(\.date) var date

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        guard state.outcome == nil else { return .none }
        return self.startMoveTimer(&state)

      case let .move(player, cell):
        guard let mark = state.mark(of: player) else { return self.reject(player, .notSeated) }
        guard state.outcome == nil else { return self.reject(player, .gameOver) }
        guard mark == state.turn else { return self.reject(player, .notYourTurn) }
        guard cell.isOnBoard else { return self.reject(player, .offBoard(cell)) }
        guard state.board[cell] == nil else { return self.reject(player, .cellOccupied(cell)) }
        state.board[cell] = mark
        state.moves.append(cell)
        state.moveNumber += 1
        state.turn = mark.opponent
        if let (winner, line) = state.board.winningLine {
          return self.end(&state, .win(winner, line: line))
        }
        if state.board.isFull { return self.end(&state, .draw) }
        return self.startMoveTimer(&state)

      case let .resign(player):
        guard let mark = state.mark(of: player) else { return self.reject(player, .notSeated) }
        guard state.outcome == nil else { return self.reject(player, .gameOver) }
        return self.end(&state, .resignation(winner: mark.opponent))

      case let .requestRematch(player):
        guard let mark = state.mark(of: player) else { return self.reject(player, .notSeated) }
        guard state.outcome != nil else { return self.reject(player, .gameNotOver) }
        state.rematchRequests.insert(mark)
        guard state.rematchRequests.count == 2 else { return .none }
        let (x, o) = (state.seats[.x]!, state.seats[.o]!)
        state.seats = [.x: o, .o: x]
        state.board = Board()
        state.turn = .x
        state.outcome = nil
        state.moveNumber = 0
        state.moves = []
        state.rematchRequests = []
        state.gameNumber += 1
        return self.startMoveTimer(&state)

      case let .moveTimeExpired(moveNumber):
        guard state.outcome == nil, moveNumber == state.moveNumber else { return .none }
        return self.end(&state, .timeout(winner: state.turn.opponent))

      case .delegate:
        return .none
      }
    }
  }

  private func reject(_ player: PlayerID, _ error: TicTacToeError) -> Effect<Action> {
    .send(.delegate(.rejected(player, error)))
  }

  private func end(_ state: inout State, _ outcome: Outcome) -> Effect<Action> {
    state.outcome = outcome
    return .merge(.cancel(id: CancelID.moveTimer), .send(.delegate(.ended(outcome))))
  }

  private func startMoveTimer(_ state: inout State) -> Effect<Action> {
    let (limit, moveNumber) = (state.moveTimeLimit, state.moveNumber)
    state.moveEndsAt = self.date.now.addingTimeInterval(limit / .seconds(1))
    // NB: A timer in the clock, not a task: re-armed on every move (see `Effect.send(_:after:clock:)`).
    return .send(.moveTimeExpired(moveNumber: moveNumber), after: limit, clock: self.clock)
      .cancellable(id: CancelID.moveTimer, cancelInFlight: true)
  }
}
