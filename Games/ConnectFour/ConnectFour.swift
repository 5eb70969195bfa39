import ComposableArchitecture
import Foundation
import GameServerGame

/// Connect Four between two seated players, X moving first, with a time limit per move.
///
/// A rejected action leaves the state alone and sends `.delegate(.rejected(player, error))`;
/// the end of a game sends `.delegate(.ended(outcome))`.
///
/// ```swift
/// let store = Store(initialState: ConnectFour.State(x: "alice", o: "bob")) { ConnectFour() }
/// store.send(.start)
/// store.send(.drop("alice", column: 3))
/// ```
@Reducer
public struct ConnectFour: Sendable {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    public var board = Board()
    /// The player holding each disc.
    public var seats: [Disc: PlayerID]
    public var turn = Disc.x
    /// Set when the game is over.
    public var outcome: Outcome?
    /// How long a player has for each move (default 30 s); running out loses.
    public var moveTimeLimit: Duration
    /// When the move clock that runs now runs out, by the server's clock (nil before it first
    /// starts): what a client counts down to, also after a reload.
    public var moveEndsAt: Date?
    /// Moves made in this game.
    public var moveNumber = 0
    /// The columns played in this game, in order: the record of the game.
    public var moves: [Int] = []
    /// The discs whose players asked for a rematch.
    public var rematchRequests: Set<Disc> = []
    /// 1 for the first game between these players, 2 after a rematch, ...
    public var gameNumber = 1

    public init(x: PlayerID, o: PlayerID, moveTimeLimit: Duration = .seconds(30)) {
      self.seats = [.x: x, .o: o]
      self.moveTimeLimit = moveTimeLimit
    }

    /// The disc a player holds, if seated.
    public func disc(of player: PlayerID) -> Disc? {
      self.seats[.x] == player ? .x : self.seats[.o] == player ? .o : nil
    }
  }

  public enum Action: Equatable, Sendable {
    /// Starts the clock for the first move.
    case start
    /// Drops the player's disc in a column (from a client: any number).
    case drop(PlayerID, column: Int)
    /// Gives up; allowed at any time during a game, also out of turn.
    case resign(PlayerID)
    /// Asks for another game once this one is over; when both ask, the seats swap.
    case requestRematch(PlayerID)
    /// The move clock ran out for move number `moveNumber`.
    case moveTimeExpired(moveNumber: Int)
    /// What the game tells its room: a refused action, or the end.
    case delegate(TwoPlayerDelegate<ConnectFourError, Outcome>)
  }

  /// Turns, resignation, rematch and the move clock.
  let turns = TwoPlayerTurns<State, Action>()

  public init() {}

  public var body: some ReducerOf<Self> {
    self.turns
    Reduce { state, action in
      guard case let .drop(player, column) = action else { return .none }
      guard let disc = self.turns.side(toMove: player, in: state) else { return self.turns.refusal(player, in: state) }
      guard Board.columnRange.contains(column) else { return self.turns.reject(player, .offBoard(column: column)) }
      guard let cell = state.board.drop(disc, inColumn: column) else {
        return self.turns.reject(player, .columnFull(column: column))
      }
      state.moves.append(column)
      let outcome = state.board.fourInARow(through: cell).map { Outcome.win(disc, cells: $0) }
      return self.turns.moved(&state, ending: outcome ?? (state.board.isFull ? .draw : nil))
    }
  }
}

extension GameVariant {
  /// Connect Four (`connectfour`).
  public static let connectFour = GameVariant(game: ConnectFour.id)
}
