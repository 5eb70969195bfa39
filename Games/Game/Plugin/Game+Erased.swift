import ComposableArchitecture

// NB: What a room asks of a game it holds only as a `GameWitness` and a `GameStateStorage`:
// the witness's closures call these, made once per game type (`GameWitness.of`).

extension Game {
  // NB: Inlinable (and usable from inline), so that a game's witness, made by its conformance in
  //     its own module (`_witness`), is code specialized to the game.
  @inlinable
  static func _state(_ storage: AnyObject) -> State {
    unsafeDowncast(storage, to: GameStateStorage<State>.self).state
  }

  @inlinable
  static func _storage(of state: State) -> AnyObject { GameStateStorage(state) }

  @inlinable
  static func _makeStorage(_ setup: GameSetup) -> AnyObject { GameStateStorage(Self.setup(setup)) }

  @inlinable
  static func _holds(_ storage: AnyObject) -> Bool { type(of: storage) == GameStateStorage<State>.self }

  @inlinable
  static func _isEqual(_ lhs: AnyObject, _ rhs: AnyObject) -> Bool {
    lhs === rhs || (Self._holds(rhs) && Self._state(lhs) == Self._state(rhs))
  }

  @inlinable
  static func _reduce(_ storage: inout AnyObject, _ input: GameInput) -> Effect<GameInput> {
    let action: Action
    switch input {
    case .start: action = Self.startAction
    case let .move(player, move):
      guard let move = move.as(Move.self) else { return .none }
      action = Self.action(for: move, by: player)
    case let .clock(event):
      guard let event = event.as(ClockEvent.self) else { return .none }
      action = Self.action(for: event)
    case let .forfeit(player): action = Self.forfeit(player)
    case let .action(erased):
      guard let typed = erased.as(Action.self) else { return .none }
      action = typed
    }
    if !isKnownUniquelyReferenced(&storage) {
      storage = unsafeDowncast(storage, to: GameStateStorage<State>.self).copiedForWriting()
    }
    let box = unsafeDowncast(storage, to: GameStateStorage<State>.self)
    let reducer: Self
    if let kept = box.reducer {
      // NB: Only this game writes it, and always a `CachedGameReducer<Self>`: no dynamic cast.
      reducer = unsafeDowncast(kept, to: CachedGameReducer<Self>.self).reducer
    } else {
      reducer = Self()
      box.reducer = CachedGameReducer(reducer)
    }
    return reducer.reduce(into: &box.state, action: action).map { GameInput.action(AnyGameAction($0)) }
  }

  @inlinable
  static func _variant(_ storage: AnyObject) -> GameVariant { Self.variant(of: Self._state(storage)) }

  @inlinable
  static func _isOver(_ storage: AnyObject) -> Bool { Self.isOver(Self._state(storage)) }

  @inlinable
  static func _gameNumber(_ storage: AnyObject) -> Int { Self.gameNumber(of: Self._state(storage)) }

  @inlinable
  static func _result(_ storage: AnyObject) -> GameResult? { Self.result(of: Self._state(storage)) }

  @inlinable
  static func _record(_ storage: AnyObject) -> String { Self.record(of: Self._state(storage)) }

  @inlinable
  static func _clockEvent(of action: AnyGameAction) -> AnyClockEvent? {
    action.as(Action.self).flatMap(Self.clockEvent(of:)).map(AnyClockEvent.init)
  }

  @inlinable
  static func _signal(of action: AnyGameAction) -> GameSignal? {
    action.as(Action.self).flatMap(Self.signal(of:))
  }

  /// Writes the view of `viewer` through `write` (its mode, and what writes its object), unless
  /// it is the same in `other`; says whether it wrote.
  @inlinable
  static func _writeView(
    _ storage: AnyObject, for viewer: PlayerID?, unlessSameIn other: AnyObject?,
    _ write: (_ mode: String?, _ body: (JSONOutput) -> Void) -> Void
  ) -> Bool {
    if let other, Self.viewsShowEveryChange, Self._isEqual(storage, other) { return false }
    let state = Self._state(storage)
    let view = Self.view(of: state, for: viewer)
    if let other, !Self.viewsShowEveryChange, Self._holds(other), Self.view(of: Self._state(other), for: viewer) == view
    {
      return false
    }
    write(Self.modes.count > 1 ? Self.mode(of: state) : nil) { output in Self.write(view, to: output) }
    return true
  }

  @inlinable
  static func _move(type: String, fields: MessageFields) throws(ProtocolError) -> AnyMove? {
    guard Self.moveTypes.contains(type) else { return nil }
    return AnyMove(try Self.move(type: type, fields: fields))
  }

  @inlinable
  static func _decodeStorage(from decoder: any Decoder) throws -> AnyObject {
    GameStateStorage(try State(from: decoder))
  }

  @inlinable
  static func _encode(_ storage: AnyObject, to encoder: any Encoder) throws {
    try Self._state(storage).encode(to: encoder)
  }

  @inlinable
  static func _decodeMove(from decoder: any Decoder) throws -> AnyMove { AnyMove(try Move(from: decoder)) }

  @inlinable
  static func _decodeClockEvent(from decoder: any Decoder) throws -> AnyClockEvent {
    AnyClockEvent(try ClockEvent(from: decoder))
  }

  @inlinable
  static func _turn(_ storage: AnyObject) -> GameTurn? { Self.turn(in: Self._state(storage)) }

  @inlinable
  static func _botsRace(_ storage: AnyObject) -> Bool { Self.botsRace(in: Self._state(storage)) }

  @inlinable
  static func _botDelay(_ bot: String) -> Duration? { Bot(rawValue: bot).map(Self.botDelay) }

  @inlinable
  static func _botMove(
    _ storage: AnyObject, _ bot: String, for player: PlayerID, using generator: inout some RandomNumberGenerator
  ) -> AnyMove? {
    guard let bot = Bot(rawValue: bot) else { return nil }
    let view = Self.view(of: Self._state(storage), for: player)
    return Self.botMove(bot, for: player, in: view, using: &generator).map(AnyMove.init)
  }
}
