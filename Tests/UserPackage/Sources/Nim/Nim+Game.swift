import GameServerGame

// NB: All that Nim writes for the server: the rules are Nim.swift. (The count of lines an author
//     writes for a two-player turn game.)
extension Nim: TwoPlayerTurnGame {
  /// `{"type": "take", "stones": 2}`, `{"type": "resign"}` and `{"type": "rematch"}`.
  public enum Move: TwoPlayerMove {
    case take(stones: Int)
    case resign, rematch
  }

  public static let id = "nim"
  public static let title = "Nim"
  public static let moveTypes: Set<String> = ["take", "resign", "rematch"]
  public static let defaultBot = NimBot.perfect

  public static func setup(_ setup: GameSetup) -> State {
    State(first: setup.players[0], second: setup.players[1], moveTimeLimit: setup.limits.moveTimeLimit)
  }

  public static func action(for move: Move, by player: PlayerID) -> Action {
    switch move {
    case let .take(stones): .take(player, stones: stones)
    case .resign: .resign(player)
    case .rematch: .requestRematch(player)
    }
  }

  public static func view(of state: State, for viewer: PlayerID?) -> NimView {
    let players = [state.seats[.first]!, state.seats[.second]!]
    let toMove = state.outcome == nil ? state.seats[state.turn] : nil
    return NimView(
      players: players, stones: state.stones, toMove: toMove, winner: state.outcome?.winner.flatMap { state.seats[$0] },
      you: viewer.flatMap(players.firstIndex(of:)), moveEndsAt: state.moveEndsAt)
  }

  public static func botMove(
    _ bot: NimBot, for player: PlayerID, in view: NimView, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    .take(stones: bot.take(from: view.stones, using: &generator))
  }
}

extension Nim.State: TwoPlayerTurnState {
  public mutating func clearForNextGame() { (self.stones, self.moves) = (21, []) }
}

extension Nim.Action: TwoPlayerTurnAction {
  public var turnInput: TwoPlayerTurnInput<NimError, NimOutcome>? {
    switch self {
    case .start: .start
    case let .resign(player): .resign(player)
    case let .requestRematch(player): .rematch(player)
    case let .moveTimeExpired(moveNumber): .moveTimeExpired(moveNumber: moveNumber)
    case let .delegate(delegate): .delegate(delegate)
    case .take: nil
    }
  }
}

extension NimSide: TwoPlayerSide {
  public var opponent: NimSide { self == .first ? .second : .first }
}

extension NimOutcome: TwoPlayerOutcome {
  public var winner: NimSide? {
    switch self {
    case let .tookTheLast(side), let .resignation(side), let .timeout(side): side
    }
  }
}

extension NimError: TwoPlayerRuleError {}
