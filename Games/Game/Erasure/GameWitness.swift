import ComposableArchitecture
import Synchronization

/// What a room asks of a game it holds without naming it, made once per game type: closures
/// into the game's own code over its state in a ``GameStateStorage``. None of it is the game
/// author's: a game is a `Game`, and the server makes its witness (`GameWitness.of(MyGame.self)`).
///
/// ```swift
/// let witness = GameWitness.of(TicTacToe.self)
/// var storage = witness.makeStorage(GameSetup(players: ["ada", "bob"], seed: 1))
/// _ = witness.reduce(&storage, .start)
/// witness.isOver(storage)  // false
/// ```
public final class GameWitness: Sendable {
  /// The game.
  public let type: any Game.Type
  public let makeStorage: @Sendable (GameSetup) -> AnyObject
  /// Whether two storages hold equal states (the second of any game).
  public let isEqual: @Sendable (AnyObject, AnyObject) -> Bool
  /// Runs one input through the game's reducer, copying the storage first when it is shared.
  public let reduce: @Sendable (inout AnyObject, GameInput) -> Effect<GameInput>
  public let variant: @Sendable (AnyObject) -> GameVariant
  public let isOver: @Sendable (AnyObject) -> Bool
  public let gameNumber: @Sendable (AnyObject) -> Int
  public let result: @Sendable (AnyObject) -> GameResult?
  public let record: @Sendable (AnyObject) -> String
  /// The clock event an action of the game is, if it is one (to log it).
  public let clockEvent: @Sendable (AnyGameAction) -> AnyClockEvent?
  public let signal: @Sendable (AnyGameAction) -> GameSignal?
  /// Writes the view of a viewer through `write` (its mode, and what writes its object), unless
  /// it is the same in the other storage given; says whether it wrote.
  public let writeView:
    @Sendable (
      _ storage: AnyObject, _ viewer: PlayerID?, _ unlessSameIn: AnyObject?,
      _ write: (_ mode: String?, _ body: (JSONOutput) -> Void) -> Void
    ) -> Bool
  /// The move a client message is, or nil when the game has no move of that type.
  public let move: @Sendable (_ type: String, _ fields: MessageFields) throws(ProtocolError) -> AnyMove?
  public let decodeStorage: @Sendable (any Decoder) throws -> AnyObject
  public let encode: @Sendable (AnyObject, any Encoder) throws -> Void
  public let decodeMove: @Sendable (any Decoder) throws -> AnyMove
  public let decodeClockEvent: @Sendable (any Decoder) throws -> AnyClockEvent
  public let turn: @Sendable (AnyObject) -> GameTurn?
  public let botsRace: @Sendable (AnyObject) -> Bool
  /// The delay of a bot of this level, or nil for a level the game does not have.
  public let botDelay: @Sendable (String) -> Duration?
  public let botMove:
    @Sendable (
      _ storage: AnyObject, _ bot: String, _ player: PlayerID, _ generator: inout any RandomNumberGenerator & Sendable
    ) -> AnyMove?

  /// The witness of `G`: made by `Game._witness` in the game's own module, where its closures
  /// are code specialized to the game. `botMove` replaces the game's own way to ask a bot
  /// (the turns piece asks on the bot's turn only, and answers rematches itself).
  @inlinable
  public init<G: Game>(
    _ game: G.Type,
    botMove: (
      @Sendable (
        _ storage: AnyObject, _ bot: String, _ player: PlayerID, _ generator: inout any RandomNumberGenerator & Sendable
      ) -> AnyMove?
    )? = nil
  ) {
    self.type = game
    self.makeStorage = { G._makeStorage($0) }
    self.isEqual = { G._isEqual($0, $1) }
    self.reduce = { G._reduce(&$0, $1) }
    self.variant = { G._variant($0) }
    self.isOver = { G._isOver($0) }
    self.gameNumber = { G._gameNumber($0) }
    self.result = { G._result($0) }
    self.record = { G._record($0) }
    self.clockEvent = { G._clockEvent(of: $0) }
    self.signal = { G._signal(of: $0) }
    self.writeView = { G._writeView($0, for: $1, unlessSameIn: $2, $3) }
    self.move = { (type, fields) throws(ProtocolError) in try G._move(type: type, fields: fields) }
    self.decodeStorage = { try G._decodeStorage(from: $0) }
    self.encode = { try G._encode($0, to: $1) }
    self.decodeMove = { try G._decodeMove(from: $0) }
    self.decodeClockEvent = { try G._decodeClockEvent(from: $0) }
    self.turn = { G._turn($0) }
    self.botsRace = { G._botsRace($0) }
    self.botDelay = { G._botDelay($0) }
    self.botMove = botMove ?? { G._botMove($0, $1, for: $2, using: &$3) }
  }

  /// A storage holding `state`.
  public static func storage<G: Game>(of state: G.State, in game: G.Type) -> AnyObject { G._storage(of: state) }

  private static let made = Mutex<[ObjectIdentifier: GameWitness]>([:])

  /// The witness of `game`, made on its first use and kept.
  public static func of(_ game: any Game.Type) -> GameWitness {
    Self.made.withLock { made in
      if let witness = made[ObjectIdentifier(game)] { return witness }
      let witness = game._witness
      made[ObjectIdentifier(game)] = witness
      return witness
    }
  }
}
