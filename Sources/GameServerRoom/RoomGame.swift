import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerModels

/// The game a room plays, of whichever game it is: its state, with the game's type to run it.
///
/// The room runs it through ``RoomGameReducer`` (in a `Scope`) and asks it what the server
/// needs: views, the result, bots' moves. Encoded as `{"game": "tictactoe", "state": {...}}`;
/// decoding finds the game in the `games` dependency (or a decoder's ``CodingUserInfoKey/games``).
///
/// ```swift
/// let game = RoomGame(TicTacToe.self, TicTacToe.State(x: "alice", o: "bob"))
/// game.variant  // tictactoe
/// ```
public struct RoomGame: Equatable, Sendable, Codable {
  var box: any GameStateBox

  /// A game in a state.
  public init<G: Game>(_ game: G.Type, _ state: G.State) {
    self.box = GameBox<G>(state: state)
  }

  /// A new game of `game` from `setup`.
  public init(_ game: any Game.Type, setup: GameSetup) {
    func make<G: Game>(_ game: G.Type) -> any GameStateBox { GameBox<G>(state: G.setup(setup)) }
    self.box = make(game)
  }

  /// The game's type.
  public var game: any Game.Type { self.box.game }

  /// The state, if the game is `G`.
  public func state<G: Game>(of game: G.Type) -> G.State? { (self.box as? GameBox<G>)?.state }

  public var variant: GameVariant { self.box.variant }
  public var isOver: Bool { self.box.isOver }
  public var gameNumber: Int { self.box.gameNumber }
  public var result: GameResult? { self.box.result }
  public var record: String { self.box.record }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.box.isEqual(to: rhs.box) }

  private enum CodingKeys: String, CodingKey { case game, state }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .game)
    @Dependency(\.games) var games
    let catalog = decoder.userInfo[.games] as? GameCatalog ?? games
    guard let game = catalog.game(id) else {
      throw DecodingError.dataCorruptedError(forKey: .game, in: container, debugDescription: "No game \"\(id)\" is installed.")
    }
    func decode<G: Game>(_ game: G.Type) throws -> any GameStateBox {
      GameBox<G>(state: try container.decode(G.State.self, forKey: .state))
    }
    self.box = try decode(game)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.box.game.id, forKey: .game)
    try self.box.encodeState(to: container.superEncoder(forKey: .state))
  }
}

extension CodingUserInfoKey {
  /// The ``GameCatalog`` a room's game is decoded with (the `games` dependency without it).
  public static let games = CodingUserInfoKey(rawValue: "games")!
}

/// A game's state with its game: what ``RoomGame`` holds, opened to its game's type by each
/// call.
protocol GameStateBox: Sendable {
  var game: any Game.Type { get }
  func isEqual(to other: any GameStateBox) -> Bool
  func encodeState(to encoder: any Encoder) throws
  mutating func reduce(_ action: AnyGameAction) -> Effect<GameInput>
  var variant: GameVariant { get }
  var isOver: Bool { get }
  var gameNumber: Int { get }
  var result: GameResult? { get }
  var record: String { get }
  var startAction: AnyGameAction { get }
  func action(for move: AnyMove, by player: PlayerID) -> AnyGameAction?
  func forfeit(_ player: PlayerID) -> AnyGameAction
  func clockEvent(of action: AnyGameAction) -> AnyClockEvent?
  func action(for event: AnyClockEvent) -> AnyGameAction?
  func signal(of action: AnyGameAction) -> GameSignal?
  func view(for viewer: PlayerID?, in room: RoomID, unlessSameIn other: (any GameStateBox)?) -> RoomView?
  func move(type: String, fields: MessageFields) throws(ProtocolError) -> AnyMove?
  func decodeMove(from decoder: any Decoder) throws -> AnyMove
  func decodeClockEvent(from decoder: any Decoder) throws -> AnyClockEvent
  func botTurn(bots: [PlayerID]) -> GameBotTurn?
  var botsRace: Bool { get }
  func botDelay(_ bot: String) -> Duration?
  func botMove(_ bot: String, for player: PlayerID, using generator: inout some RandomNumberGenerator) -> AnyMove?
}

struct GameBox<G: Game>: GameStateBox {
  var state: G.State

  var game: any Game.Type { G.self }

  func isEqual(to other: any GameStateBox) -> Bool { (other as? Self)?.state == self.state }

  func encodeState(to encoder: any Encoder) throws { try self.state.encode(to: encoder) }

  mutating func reduce(_ action: AnyGameAction) -> Effect<GameInput> {
    guard let action = action.as(G.Action.self) else { return .none }
    return G().reduce(into: &self.state, action: action).map { GameInput.action(AnyGameAction($0)) }
  }

  var variant: GameVariant { G.variant(of: self.state) }
  var isOver: Bool { G.isOver(self.state) }
  var gameNumber: Int { G.gameNumber(of: self.state) }
  var result: GameResult? { G.result(of: self.state) }
  var record: String { G.record(of: self.state) }
  var startAction: AnyGameAction { AnyGameAction(G.startAction) }

  func action(for move: AnyMove, by player: PlayerID) -> AnyGameAction? {
    move.as(G.Move.self).map { AnyGameAction(G.action(for: $0, by: player)) }
  }

  func forfeit(_ player: PlayerID) -> AnyGameAction { AnyGameAction(G.forfeit(player)) }

  func clockEvent(of action: AnyGameAction) -> AnyClockEvent? {
    action.as(G.Action.self).flatMap(G.clockEvent(of:)).map(AnyClockEvent.init)
  }

  func action(for event: AnyClockEvent) -> AnyGameAction? {
    event.as(G.ClockEvent.self).map { AnyGameAction(G.action(for: $0)) }
  }

  func signal(of action: AnyGameAction) -> GameSignal? {
    action.as(G.Action.self).flatMap(G.signal(of:))
  }

  func view(for viewer: PlayerID?, in room: RoomID, unlessSameIn other: (any GameStateBox)?) -> RoomView? {
    let view = G.view(of: self.state, for: viewer)
    if let other = other as? Self, G.view(of: other.state, for: viewer) == view { return nil }
    return RoomView(room: room, game: G.id, mode: G.modes.count > 1 ? G.mode(of: self.state) : nil) { output in
      G.write(view, to: output)
    }
  }

  func move(type: String, fields: MessageFields) throws(ProtocolError) -> AnyMove? {
    guard G.moveTypes.contains(type) else { return nil }
    return AnyMove(try G.move(type: type, fields: fields))
  }

  func decodeMove(from decoder: any Decoder) throws -> AnyMove { AnyMove(try G.Move(from: decoder)) }

  func decodeClockEvent(from decoder: any Decoder) throws -> AnyClockEvent {
    AnyClockEvent(try G.ClockEvent(from: decoder))
  }

  func botTurn(bots: [PlayerID]) -> GameBotTurn? { G.botTurn(in: self.state, bots: bots) }

  var botsRace: Bool { G.botsRace(in: self.state) }

  func botDelay(_ bot: String) -> Duration? { G.Bot(rawValue: bot).map(G.botDelay) }

  func botMove(_ bot: String, for player: PlayerID, using generator: inout some RandomNumberGenerator) -> AnyMove? {
    guard let bot = G.Bot(rawValue: bot) else { return nil }
    return G.botMove(bot, for: player, in: self.state, using: &generator).map(AnyMove.init)
  }
}

/// Runs a room's game: the reducer a room scopes to its ``RoomGame``. It turns each
/// ``GameInput`` into the game's own action and runs the game's reducer on it.
public struct RoomGameReducer: Reducer {
  public init() {}

  public func reduce(into state: inout RoomGame, action: GameInput) -> Effect<GameInput> {
    let action: AnyGameAction? =
      switch action {
      case .start: state.box.startAction
      case let .move(player, move): state.box.action(for: move, by: player)
      case let .clock(event): state.box.action(for: event)
      case let .forfeit(player): state.box.forfeit(player)
      case let .action(action): action
      }
    guard let action else { return .none }
    return state.box.reduce(action)
  }
}
