import ComposableArchitecture
import Foundation
import GameServerGame

/// The word-grid game: trace words on a 3×3×3 cube of letters, isowords-style.
///
/// Players submit paths of faces; the reducer checks them against the rules (see
/// ``Puzzle/validate(_:dictionary:played:)``), scores them and wears the cubes down. A rejected
/// action leaves the state alone and sends `.delegate(.rejected(player, error))`.
///
/// ```swift
/// let store = Store(initialState: WordGrid.State(
///   mode: .race, players: ["alice", "bob"], puzzle: puzzle, seed: 42
/// )) { WordGrid() }
/// store.send(.start)
/// store.send(.submitWord("alice", path))
/// ```
@Reducer
public struct WordGrid: Sendable {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    public var mode: Mode
    public var settings: Settings
    /// The seed the puzzle was generated from, for the record.
    public var seed: UInt64
    /// The puzzle as the game began.
    public var initialPuzzle: Puzzle
    /// In a race, one puzzle per player (same order as `players`); in a turns game, the one
    /// shared puzzle.
    public var puzzles: [Puzzle]
    public var players: [Player]
    /// In a turns game, the index of the player to move.
    public var turn = 0
    /// Turns ended so far (turns games).
    public var turnsTaken = 0
    /// Passes in a row (turns games).
    public var consecutivePasses = 0
    /// Cubes removed by hand in the current turn (turns games).
    public var removalsThisTurn = 0
    public var status = Status.playing
    /// When the race ends, by the wall clock: set when its clock starts (again after a restart,
    /// in full), so that a player who comes back can tell how much is left.
    public var raceEndsAt: Date?
    /// When the turn of the player to move ends, by the wall clock (turns games with a turn
    /// clock): set as each turn starts (again after a restart, in full).
    public var turnEndsAt: Date?

    public init(
      mode: Mode,
      players: [PlayerID],
      puzzle: Puzzle,
      seed: UInt64,
      settings: Settings = Settings()
    ) {
      self.mode = mode
      self.settings = settings
      self.seed = seed
      self.initialPuzzle = puzzle
      self.puzzles = Array(repeating: puzzle, count: mode == .race ? players.count : 1)
      self.players = players.map(Player.init(id:))
    }
  }

  public enum Action: Equatable, Sendable {
    /// Starts the race clock, or in a turns game the clock of the turn under way (where the
    /// settings give turns one).
    case start
    /// A player traces a word.
    case submitWord(PlayerID, [FacePosition])
    /// A player removes a cube by hand.
    case removeCube(PlayerID, CubeIndex)
    /// A player passes their turn (turns games).
    case pass(PlayerID)
    /// A player gives up: in a race they stop, in a turns game the game ends.
    case resign(PlayerID)
    /// The race clock ran out.
    case timeUp
    /// The clock of turn `turn` (counted by `turnsTaken`) ran out: the player to move passes.
    case turnTimeUp(turn: Int)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case rejected(PlayerID, WordGridError)
      case ended(EndReason)
    }
  }

  enum CancelID { case raceClock, turnClock }

  @ResolvedDependency(\.continuousClock) var clock
  @ResolvedDependency(\.date) var date
  @ResolvedDependency(\.wordDictionary) var dictionary

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        guard state.status == .playing else { return .none }
        guard state.mode == .race else { return self.startTurnClock(&state) }
        let duration = state.settings.raceDuration
        state.raceEndsAt = self.date.now.addingTimeInterval(duration / .seconds(1))
        return .send(.timeUp, after: duration, clock: self.clock)
          .cancellable(id: CancelID.raceClock, cancelInFlight: true)

      case let .submitWord(player, path):
        return self.apply(player, &state) { state throws(WordGridError) in
          try state.submitWord(path, by: player, dictionary: self.dictionary)
        }

      case let .removeCube(player, cube):
        return self.apply(player, &state) { state throws(WordGridError) in
          try state.removeCube(cube, by: player, dictionary: self.dictionary)
        }

      case let .pass(player):
        return self.apply(player, &state) { state throws(WordGridError) in
          try state.pass(by: player, dictionary: self.dictionary)
        }

      case let .resign(player):
        return self.apply(player, &state) { state throws(WordGridError) in try state.resign(player) }

      case .timeUp:
        guard state.status == .playing, state.mode == .race else { return .none }
        state.status = .ended(.timeUp)
        return .send(.delegate(.ended(.timeUp)))

      case let .turnTimeUp(turn):
        guard state.mode == .turns, state.status == .playing, state.turnsTaken == turn else { return .none }
        let player = state.players[state.turn].id
        return self.apply(player, &state) { state throws(WordGridError) in
          try state.pass(by: player, dictionary: self.dictionary)
        }

      case .delegate:
        return .none
      }
    }
  }

  /// Starts the clock of the turn under way, where turns have one.
  private func startTurnClock(_ state: inout State) -> Effect<Action> {
    guard state.mode == .turns, state.status == .playing, let limit = state.settings.turnTimeLimit else { return .none }
    state.turnEndsAt = self.date.now.addingTimeInterval(limit / .seconds(1))
    return .send(.turnTimeUp(turn: state.turnsTaken), after: limit, clock: self.clock)
      .cancellable(id: CancelID.turnClock, cancelInFlight: true)
  }

  /// Runs a rule; a rejection leaves the state alone and is reported, an ending is announced.
  private func apply(
    _ player: PlayerID,
    _ state: inout State,
    _ rule: (inout State) throws(WordGridError) -> Void
  ) -> Effect<Action> {
    // NB: Every rule checks before it changes anything, so a rejection leaves no trace.
    let turnsTaken = state.turnsTaken
    do {
      try rule(&state)
    } catch {
      return .send(.delegate(.rejected(player, error)))
    }
    guard case let .ended(reason) = state.status else {
      // NB: A turn ended (a word or a pass): the next turn's clock starts in full.
      return state.turnsTaken != turnsTaken ? self.startTurnClock(&state) : .none
    }
    state.turnEndsAt = nil
    return .merge(.cancel(id: CancelID.raceClock), .cancel(id: CancelID.turnClock), .send(.delegate(.ended(reason))))
  }
}
