import ComposableArchitecture

/// A game the server can host: a reducer, with what the server needs to seat, show, time and
/// score it without knowing which game it is.
///
/// The server's generic room runs the reducer through `Scope`; everything else it asks of the
/// game goes through these static requirements. A game is registered with one line in the
/// catalog (`GameCatalog.standard`).
///
/// ```swift
/// extension TicTacToe: Game {
///   public static let id = "tictactoe"
///   public static let modes = [GameMode(name: "standard", seats: 2...2)]
///   public static func setup(_ setup: GameSetup) -> State { State(x: setup.players[0], o: setup.players[1]) }
///   // ...
/// }
/// ```
public protocol Game: Reducer, Sendable
where State: Codable & Equatable & Sendable, Action: Equatable & Sendable {
  /// What a seated player does, decoded from a client message.
  associatedtype Move: Hashable & Codable & Sendable
  /// What one viewer sees: never the state itself. Decodable so that clients in Swift (tests,
  /// bots) can read it back.
  associatedtype View: Codable & Equatable & Sendable
  /// The game's computer players, by level (their raw values are the level names).
  associatedtype Bot: Hashable & Codable & Sendable & CaseIterable & RawRepresentable<String>
  /// What the game's own clocks do (a move clock running out): actions that come from time,
  /// not from a player, which a room's log records so that a replay does not depend on time.
  associatedtype ClockEvent: Hashable & Codable & Sendable = Never

  init()

  /// The game's wire name (`"tictactoe"`): the `game` field of `queue`, `createRoom`, `room`.
  static var id: String { get }
  /// The game's name for people (`"Tic-tac-toe"`).
  static var title: String { get }
  /// The ways to play it; the first is the default when a client names no mode.
  static var modes: [GameMode] { get }

  /// A new game for the seated players (in seat order), in a mode, from a seed.
  static func setup(_ setup: GameSetup) -> State
  /// The action that starts the game's clocks: sent when a room opens, and again when it comes
  /// back after a restart.
  static var startAction: Action { get }
  /// The mode a game is played in.
  static func mode(of state: State) -> String

  /// The client message types this game reads as moves (`move`, `resign`, ...).
  static var moveTypes: Set<String> { get }
  /// The move in a client message of one of `moveTypes`, or the error to send back.
  static func move(type: String, fields: MessageFields) throws(ProtocolError) -> Move
  /// The client message that makes a move, as its type and fields: what `move(type:fields:)`
  /// reads back. Bots, load tools and tests send moves through it.
  static func message(for move: Move) -> (type: String, fields: [String: JSONValue])
  /// The action that plays a move.
  static func action(for move: Move, by player: PlayerID) -> Action
  /// The action that makes a player give up (they left, or ran out of grace).
  static func forfeit(_ player: PlayerID) -> Action
  /// The clock event an action is, if it is one.
  static func clockEvent(of action: Action) -> ClockEvent?
  /// The action a clock event is.
  static func action(for event: ClockEvent) -> Action
  /// What an action tells the room: a rejected move, or the end of the game.
  static func signal(of action: Action) -> GameSignal?

  /// The view for a seated player, or (nil, or anyone else) for a spectator.
  static func view(of state: State, for viewer: PlayerID?) -> View
  /// Writes a view as JSON. The default goes through `Encodable`; a game whose views are sent
  /// often may write them by hand (with the same text).
  static func write(_ view: View, to output: JSONOutput)
  /// Whether every change to the state changes every viewer's view: nothing in the state is
  /// hidden from anyone, or changes without something shown changing too. The server then
  /// tells whom to send a new view by comparing states, and builds one view per viewer
  /// instead of two (the old one, to compare). The default is false; a wrong true would only
  /// send a view that did not change.
  static var viewsShowEveryChange: Bool { get }

  /// Whether the game is over.
  static func isOver(_ state: State) -> Bool
  /// How the game ended, once it is over.
  static func result(of state: State) -> GameResult?
  /// Which game the players are on: 1, then 2 after a rematch, and so on.
  static func gameNumber(of state: State) -> Int
  /// The record of the game's moves as JSON, stored with its result.
  static func record(of state: State) -> String

  /// The player to move in a turn-based game, with a key that changes on every move (nil in a
  /// race): when that seat is a bot's, the room schedules its move after `botDelay`. Once the
  /// game is over it is the player whose answer is due (a rematch asked of them), or nil: a
  /// bot's answer is asked for (`botMove`) at once.
  static func turn(in state: State) -> GameTurn?
  /// Whether bots move on their own clocks instead of taking turns (a race).
  static func botsRace(in state: State) -> Bool
  /// How long a bot thinks before each move, on the game clock.
  static func botDelay(_ bot: Bot) -> Duration
  /// The bot's move for `player`, or nil when it has none to make (also once the game is over,
  /// where a bot answers what it is asked: a rematch).
  static func botMove(
    _ bot: Bot, for player: PlayerID, in state: State, using generator: inout some RandomNumberGenerator
  ) -> Move?
  /// The level a bot plays at when a server names none.
  static var defaultBot: Bot { get }

  /// What the game needs read when a server starts, each with its `serve` option (a word list).
  /// The default is none.
  static var startOptions: [GameStartOption] { get }

  // MARK: Erased (implemented for every game by `Game+Erased.swift`; do not implement)

  static func _storage(of state: State) -> AnyObject
  static func _makeStorage(_ setup: GameSetup) -> AnyObject
  static func _holds(_ storage: AnyObject) -> Bool
  static func _isEqual(_ lhs: AnyObject, _ rhs: AnyObject) -> Bool
  static func _reduce(_ storage: inout AnyObject, _ input: GameInput) -> Effect<GameInput>
  static func _variant(_ storage: AnyObject) -> GameVariant
  static func _isOver(_ storage: AnyObject) -> Bool
  static func _gameNumber(_ storage: AnyObject) -> Int
  static func _result(_ storage: AnyObject) -> GameResult?
  static func _record(_ storage: AnyObject) -> String
  static func _clockEvent(of action: AnyGameAction) -> AnyClockEvent?
  static func _signal(of action: AnyGameAction) -> GameSignal?
  static func _writeView(
    _ storage: AnyObject, for viewer: PlayerID?, unlessSameIn other: AnyObject?,
    _ write: (_ mode: String?, _ body: (JSONOutput) -> Void) -> Void
  ) -> Bool
  static func _move(type: String, fields: MessageFields) throws(ProtocolError) -> AnyMove?
  static func _decodeStorage(from decoder: any Decoder) throws -> AnyObject
  static func _encode(_ storage: AnyObject, to encoder: any Encoder) throws
  static func _decodeMove(from decoder: any Decoder) throws -> AnyMove
  static func _decodeClockEvent(from decoder: any Decoder) throws -> AnyClockEvent
  static func _turn(_ storage: AnyObject) -> GameTurn?
  static func _botsRace(_ storage: AnyObject) -> Bool
  static func _botDelay(_ bot: String) -> Duration?
  static func _botMove(
    _ storage: AnyObject, _ bot: String, for player: PlayerID, using generator: inout some RandomNumberGenerator
  ) -> AnyMove?
}

extension Game {
  public static func write(_ view: View, to output: JSONOutput) {
    // NB: Views hold plain values (no non-finite numbers): encoding cannot fail.
    try? output.encode(view)
  }

  public static var viewsShowEveryChange: Bool { false }

  public static func gameNumber(of state: State) -> Int { 1 }

  public static func botsRace(in state: State) -> Bool { false }

  public static var startOptions: [GameStartOption] { [] }

  /// The mode named `name`, or the default mode for nil.
  public static func mode(named name: String?) -> GameMode? {
    guard let name else { return self.modes.first }
    return self.modes.first { $0.name == name }
  }

  /// The variant a state is played in.
  public static func variant(of state: State) -> GameVariant {
    GameVariant(game: self.id, mode: self.mode(of: state))
  }
}

extension Game where ClockEvent == Never {
  public static func clockEvent(of action: Action) -> Never? { nil }
  public static func action(for event: Never) -> Action {}
}

extension Game {
  /// The names of the game's bot levels.
  public static var botLevels: [String] { Bot.allCases.map(\.rawValue) }

  /// The name of the level bots play at when a server names none.
  public static var defaultBotLevel: String { Self.defaultBot.rawValue }
}
