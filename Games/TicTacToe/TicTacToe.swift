import ComposableArchitecture
import Foundation
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
    /// What the game tells its room: a refused action, or the end.
    case delegate(TwoPlayerDelegate<TicTacToeError, Outcome>)
  }

  /// Turns, resignation, rematch and the move clock.
  let turns = TwoPlayerTurns<State, Action>()

  public init() {}

  public var body: some ReducerOf<Self> {
    self.turns
    Reduce { state, action in
      guard case let .move(player, cell) = action else { return .none }
      guard let mark = self.turns.side(toMove: player, in: state) else { return self.turns.refusal(player, in: state) }
      guard cell.isOnBoard else { return self.turns.reject(player, .offBoard(cell)) }
      guard state.board[cell] == nil else { return self.turns.reject(player, .cellOccupied(cell)) }
      state.board[cell] = mark
      state.moves.append(cell)
      let outcome = state.board.winningLine.map { Outcome.win($0.0, line: $0.1) }
      return self.turns.moved(&state, ending: outcome ?? (state.board.isFull ? .draw : nil))
    }
  }
}
