import ComposableArchitecture
import GameServerGame

// NB: All that Battleship writes for the server: the rules are Battleship.swift, the view
//     BattleshipView.swift, the bots BattleshipBot.swift.
extension Battleship: TwoPlayerTurnGame {
  /// `{"type":"place","ships":[{"row":0,"column":0,"length":5,"vertical":false}, ...]}`,
  /// `{"type":"fire","row":3,"column":7}`, `{"type":"resign"}` and `{"type":"rematch"}`.
  public enum Move: TwoPlayerMove {
    case place(ships: [Ship])
    case fire(row: Int, column: Int)
    case resign, rematch
  }

  public static let id = "battleship"
  public static let title = "Battleship"
  public static let moveTypes: Set<String> = ["place", "fire", "resign", "rematch"]
  public static let defaultBot = BattleshipBot.hunter

  /// The placing round gets three shots' time (at least 60 seconds).
  public static func setup(_ setup: GameSetup) -> State {
    let shot = setup.limits.moveTimeLimit
    return State(
      first: setup.players[0], second: setup.players[1], placingTimeLimit: max(shot * 3, .seconds(60)),
      shotTimeLimit: shot)
  }

  public static func action(for move: Move, by player: PlayerID) -> Action {
    switch move {
    case .place(let ships): .place(player, ships: ships)
    case .fire(let row, let column): .fire(player, at: Square(row: row, column: column))
    case .resign: .resign(player)
    case .rematch: .requestRematch(player)
    }
  }

  public static func view(of state: State, for viewer: PlayerID?) -> BattleshipView { state.view(for: viewer) }

  /// While the fleets are placed, both seats that have not placed move at once; then the turns.
  public static func turn(in state: State) -> GameTurn? {
    guard state.isPlacing else { return Self.turnOfTheTurns(in: state) }
    let waiting = BattleshipSide.allCases.filter { state.fleets[$0] == nil }.compactMap { state.seats[$0] }
    return GameTurn(players: waiting, key: [state.gameNumber, 0])
  }

  public static func botMove(
    _ bot: BattleshipBot, for player: PlayerID, in view: BattleshipView,
    using generator: inout some RandomNumberGenerator
  ) -> Move? {
    bot.move(in: view, using: &generator)
  }

  /// A fleet before it is revealed is its owner's secret: the same game with one of its ships
  /// that no shot has touched (one at random) somewhere else no shot has touched.
  public static func secretVariants(
    of state: State, keptBy player: PlayerID, using generator: inout some RandomNumberGenerator
  ) -> [State] {
    guard state.outcome == nil, let side = state.side(of: player), let fleet = state.fleets[side] else { return [] }
    let fired = Set(state.shots(by: side.opponent))
    // NB: One of the ships no shot touched, at random, moved: over many positions, every ship.
    guard
      let index = fleet.indices.filter({ fleet[$0].squares.allSatisfy { !fired.contains($0) } })
        .randomElement(using: &generator)
    else { return [] }
    var others = fleet
    others.remove(at: index)
    guard let moved = Fleet.random(lengths: [fleet[index].length], avoiding: fired, keeping: others, using: &generator)
    else { return [] }
    var variant = state
    variant.fleets[side]![index] = moved[0]
    return [variant]
  }
}

// NB: What the turns piece reads and writes of Battleship's own state.
extension Battleship.State: TwoPlayerTurnState {
  /// The placing round's limit while the fleets are placed, then the shot's.
  public var moveTimeLimit: Duration { self.isPlacing ? self.placingTimeLimit : self.shotTimeLimit }

  /// The record: the shots, and the fleets once the game is over (never before).
  public var moves: BattleshipRecord {
    BattleshipRecord(
      fleets: self.outcome == nil ? nil : BattleshipSide.allCases.map { self.fleets[$0] ?? [] },
      shots: self.shots.map { [$0.square.row, $0.square.column] })
  }

  public mutating func clearForNextGame() { (self.fleets, self.shots) = ([:], []) }
}

/// A game's record: `{"fleets":[[...],[...]],"shots":[[3,7],[0,0]]}` (each shot `[row, column]`,
/// the first seat's first; the fleets by seat, only once the game is over).
public struct BattleshipRecord: Encodable, Sendable {
  public var fleets: [[Ship]]?
  public var shots: [[Int]]
}

extension Battleship.Action: TwoPlayerTurnAction {
  public var turnInput: TwoPlayerTurnInput<BattleshipError, BattleshipOutcome>? {
    switch self {
    case .start: .start
    case .resign(let player): .resign(player)
    case .requestRematch(let player): .rematch(player)
    case .moveTimeExpired(let moveNumber): .moveTimeExpired(moveNumber: moveNumber)
    case .delegate(let delegate): .delegate(delegate)
    case .place, .fire: nil
    }
  }
}

extension BattleshipSide: TwoPlayerSide {
  public var opponent: BattleshipSide { self == .first ? .second : .first }
}

extension BattleshipOutcome: TwoPlayerOutcome {}
extension BattleshipError: TwoPlayerRuleError {}
