import ComposableArchitecture

/// A game the server can host: a reducer, with what the server needs to seat, show, time and
/// score it without knowing which game it is.
///
/// The server's generic room runs the reducer through `Scope`; everything else it asks of the
/// game goes through these static requirements, through a witness the server makes once per
/// game type (``GameWitness``). A server hosts the games of its catalog
/// (`GameServerMain.run(games: GameCatalog([MyGame.self]))`).
///
/// A two-player game played in turns conforms to ``TwoPlayerTurnGame`` instead, which runs the
/// turns, resignation, rematch and move clock (``TwoPlayerTurns``) and gives most of the table
/// below.
///
/// | Requirement | What it is | Default |
/// |---|---|---|
/// | `State`, `Action`, `init()`, `body` | The rules: a reducer whose state is `Codable` | none |
/// | `Move` | A seated player's move, `Codable` | none |
/// | `View` | What one viewer sees: never the state itself | none |
/// | `Bot` | Bot levels, a `String` enum | none |
/// | `ClockEvent` | What the game's clocks do, logged by rooms | `Never` (no clock) |
/// | `id`, `title` | Wire name, name for people | none |
/// | `modes` | Ways to play, with their seat counts | none (two seats for ``TwoPlayerTurnGame``) |
/// | `setup(_:)` | A new game from the seated players, mode, seed, limits | none |
/// | `startAction` | Starts the game's clocks | none (``TwoPlayerTurnGame``: `.start`) |
/// | `mode(of:)` | The mode a state is played in | the first mode |
/// | `moveTypes` | The message types that are moves | none |
/// | `move(type:fields:)`, `message(for:)` | Moves on the wire | `Move`'s own `Codable` (``MoveEnvelope``) |
/// | `action(for:by:)` | The action a player's move is | none |
/// | `forfeit(_:)` | The action that gives up a seat | none (``TwoPlayerTurnGame``: resign) |
/// | `clockEvent(of:)`, `action(for:)` | Clock events to and from actions | none with a clock (``TwoPlayerTurnGame``: the move clock) |
/// | `signal(of:)` | A refusal or the end, told to the room | none (``TwoPlayerTurnGame``: its delegate) |
/// | `view(of:for:)` | The view of a seat or a spectator | none |
/// | `write(_:to:)` | A view's JSON, by hand, for speed | `View`'s `Encodable` |
/// | `viewsShowEveryChange` | Every change to the state changes every view | `false` |
/// | `isOver(_:)`, `result(of:)` | The end, and a ranking | none (``TwoPlayerTurnGame``: the outcome) |
/// | `gameNumber(of:)` | 1, then 2 after a rematch, ... | `1` (``TwoPlayerTurnGame``: kept) |
/// | `record(of:)` | The game's record (JSON) | none (``TwoPlayerTurnGame``: the moves) |
/// | `turn(in:)` | The players to move (one, or several at once), for bots | none (``TwoPlayerTurnGame``: the turn, the rematch) |
/// | `botsRace(in:)` | Bots move on their own clocks (a race) | `false` |
/// | `botDelay(_:)` | How long a bot waits to move | 600 ms |
/// | `botMove(_:for:in:using:)` | A bot's move, from its own seat's view | none |
/// | `defaultBot` | The level a server uses when none is named | none |
/// | `startOptions` | What the game reads when a server starts (`--dictionary`) | none |
/// | `secretVariants(of:keptBy:using:)` | States that differ only in a seat's secret, for the secrecy audit | none (no secrets) |
/// | `hiddenVariants(of:using:)` | States that differ only in what no seat knows (cards not dealt, a shuffle's seed), for the audit | none |
///
/// One more requirement, `_witness`, is made for every game by the seam (in the game's own
/// module, so that the server's calls into the game are specialized to it): leave it.
///
/// ```swift
/// extension ConnectFour: TwoPlayerTurnGame {
///   public enum Move: TwoPlayerMove { case drop(column: Int), resign, rematch }
///   public static let id = "connectfour"
///   public static let title = "Connect Four"
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

  /// The players to move, with a key that changes on every move (nil in a race): one in a game
  /// of turns, several where seats move at once (`GameTurn(players:key:)`, a round in which every
  /// seat chooses). The room schedules a move for each bot among them after `botDelay`; a bot
  /// still to move when another seat moves and the key stays keeps the move it has coming. Once
  /// the game is over it is the player whose answer is due (a rematch asked of them), or nil: a
  /// bot's answer is asked for (`botMove`) at once.
  static func turn(in state: State) -> GameTurn?
  /// Whether bots move on their own clocks instead of taking turns (a race).
  static func botsRace(in state: State) -> Bool
  /// How long a bot thinks before each move, on the game clock.
  static func botDelay(_ bot: Bot) -> Duration
  /// The bot's move for `player`, decided from `view`, the player's own view
  /// (`view(of: state, for: player)`): a bot sees what its seat sees, never the state, so it
  /// cannot use another seat's secrets. Nil when it has none to make (also once the game is over,
  /// where a bot answers what it is asked: a rematch). A ``TwoPlayerTurnGame``'s bots are asked
  /// only on their turn in a game not over: the turns piece answers rematches itself.
  static func botMove(
    _ bot: Bot, for player: PlayerID, in view: View, using generator: inout some RandomNumberGenerator
  ) -> Move?
  /// The level a bot plays at when a server names none.
  static var defaultBot: Bot { get }

  /// What the game needs read when a server starts, each with its `serve` option (a word list).
  /// The default is none.
  static var startOptions: [GameStartOption] { get }

  /// States that differ from `state` only in what `player` keeps from the others until it is
  /// revealed (a choice not yet shown, their ships): what `GameServerTesting`'s `SecrecyAudit`
  /// checks no other viewer can tell apart. The default is none: a game with no secrets.
  static func secretVariants(
    of state: State, keptBy player: PlayerID, using generator: inout some RandomNumberGenerator
  ) -> [State]

  /// States that differ from `state` only in what no seat knows yet, the secrets held by nobody
  /// (the cards not dealt, the order of the deck, a seed that decides what comes): what
  /// `SecrecyAudit` checks that no viewer, seated or watching, can tell apart. The default is
  /// none.
  static func hiddenVariants(of state: State, using generator: inout some RandomNumberGenerator) -> [State]

  /// The game's ``GameWitness``, made in the game's own module so that the room's calls into the
  /// game are code specialized to it. Made for every game: do not implement.
  static var _witness: GameWitness { get }
}

extension Game {
  @inlinable
  public static var _witness: GameWitness { GameWitness(Self.self) }

  /// By default, the move of `Move`'s own `Codable` through ``MoveEnvelope``: the message's type
  /// is the case's name, its fields the case's labelled values (`{"type":"drop","column":3}` is
  /// `.drop(column: 3)`).
  public static func move(type: String, fields: MessageFields) throws(ProtocolError) -> Move {
    try MoveEnvelope.decode(Move.self, type: type, fields: fields)
  }

  /// By default, the move through `Move`'s own `Codable` and ``MoveEnvelope``.
  public static func message(for move: Move) -> (type: String, fields: [String: JSONValue]) {
    MoveEnvelope.message(for: move)
  }

  /// By default, the first mode's name: right for a game of one mode.
  public static func mode(of state: State) -> String { Self.modes.first?.name ?? GameVariant.standardMode }

  public static func write(_ view: View, to output: JSONOutput) {
    // NB: Views hold plain values (no non-finite numbers): encoding cannot fail.
    try? output.encode(view)
  }

  public static var viewsShowEveryChange: Bool { false }

  public static func gameNumber(of state: State) -> Int { 1 }

  public static func botsRace(in state: State) -> Bool { false }

  /// By default, 600 ms: about a person's pace for a quick move.
  public static func botDelay(_ bot: Bot) -> Duration { .milliseconds(600) }

  public static var startOptions: [GameStartOption] { [] }

  public static func secretVariants(
    of state: State, keptBy player: PlayerID, using generator: inout some RandomNumberGenerator
  ) -> [State] { [] }

  public static func hiddenVariants(of state: State, using generator: inout some RandomNumberGenerator) -> [State] {
    []
  }

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
