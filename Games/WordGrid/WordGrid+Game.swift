import ComposableArchitecture
import GameServerGame

extension WordGrid: Game {
  /// What a seated player does in the word grid.
  public enum Move: Hashable, Codable, Sendable {
    /// Trace a word: `{"type": "word", "path": [{"x": 0, "y": 2, "z": 2, "face": "top"}, ...]}`.
    case word([FacePosition])
    /// Remove a cube by hand: `{"type": "removeCube", "cube": {"x": 0, "y": 2, "z": 2}}`.
    case removeCube(CubeIndex)
    /// Pass the turn (turns games): `{"type": "pass"}`.
    case pass
    /// Give up: `{"type": "resign"}`.
    case resign
  }

  /// The word grid's clocks: the race clock ran out, or a turn's clock did.
  public enum ClockEvent: Hashable, Codable, Sendable {
    case raceTimeUp
    case turnTimeUp(turn: Int)
  }

  public static let id = "wordgrid"
  public static let title = "Word grid"
  public static let modes = [
    GameMode(name: Mode.race.rawValue, seats: 2...4), GameMode(name: Mode.turns.rawValue, seats: 2...2),
  ]
  public static let moveTypes: Set<String> = ["word", "removeCube", "pass", "resign"]
  public static let startAction = Action.start
  public static let defaultBot = WordGridBot.easy
  /// The most faces in a word's path.
  public static let longestPath = 27

  public static func setup(_ setup: GameSetup) -> State {
    @Dependency(\.wordDictionary) var dictionary
    var generator = SeededRandomNumberGenerator(seed: setup.seed)
    let puzzle = Puzzle.generate(using: &generator, dictionary: dictionary)
    return State(
      mode: Mode(rawValue: setup.mode) ?? .race, players: setup.players, puzzle: puzzle, seed: setup.seed,
      settings: Settings(
        raceDuration: setup.limits.raceDuration, turnLimit: setup.limits.turnLimit,
        turnTimeLimit: setup.limits.turnTimeLimit))
  }

  public static func mode(of state: State) -> String { state.mode.rawValue }

  public static func move(type: String, fields: MessageFields) throws(ProtocolError) -> Move {
    switch type {
    case "word":
      var faces: [FacePosition] = []
      for face in try fields.objects("path", limit: Self.longestPath) {
        let name = try face.string("face", limit: 8)
        guard let side = Side(rawValue: name) else {
          throw .invalidValue(face.prefix + "face", "must be right, top or left", requestID: face.requestID)
        }
        faces.append(FacePosition(x: try face.int("x"), y: try face.int("y"), z: try face.int("z"), side: side))
      }
      return .word(faces)
    case "removeCube":
      let cube = try fields.object("cube")
      return .removeCube(CubeIndex(x: try cube.int("x"), y: try cube.int("y"), z: try cube.int("z")))
    case "pass": return .pass
    default: return .resign
    }
  }

  public static func message(for move: Move) -> (type: String, fields: [String: JSONValue]) {
    func cube(_ x: Int, _ y: Int, _ z: Int) -> [String: JSONValue] {
      ["x": JSONValue(x), "y": JSONValue(y), "z": JSONValue(z)]
    }
    switch move {
    case let .word(path):
      return (
        "word",
        [
          "path": .array(
            path.map { face in
              var fields = cube(face.cube.x, face.cube.y, face.cube.z)
              fields["face"] = .string(face.side.rawValue)
              return .object(fields)
            })
        ]
      )
    case let .removeCube(index): return ("removeCube", ["cube": .object(cube(index.x, index.y, index.z))])
    case .pass: return ("pass", [:])
    case .resign: return ("resign", [:])
    }
  }

  public static func action(for move: Move, by player: PlayerID) -> Action {
    switch move {
    case let .word(path): .submitWord(player, path)
    case let .removeCube(cube): .removeCube(player, cube)
    case .pass: .pass(player)
    case .resign: .resign(player)
    }
  }

  public static func forfeit(_ player: PlayerID) -> Action { .resign(player) }

  public static func clockEvent(of action: Action) -> ClockEvent? {
    switch action {
    case .timeUp: .raceTimeUp
    case let .turnTimeUp(turn): .turnTimeUp(turn: turn)
    default: nil
    }
  }

  public static func action(for event: ClockEvent) -> Action {
    switch event {
    case .raceTimeUp: .timeUp
    case let .turnTimeUp(turn): .turnTimeUp(turn: turn)
    }
  }

  public static func signal(of action: Action) -> GameSignal? {
    switch action {
    case let .delegate(.rejected(player, error)): .rejected(player, code: error.code, message: error.message)
    case .delegate(.ended): .ended
    default: nil
    }
  }

  public static func view(of state: State, for viewer: PlayerID?) -> WordGridView {
    state.view(for: viewer)
  }

  public static func write(_ view: WordGridView, to output: JSONOutput) {
    output.writeWordGridView(view)
  }

  public static func isOver(_ state: State) -> Bool { state.status != .playing }

  /// The winners first (the best score, or everyone but a player who resigned a turns game),
  /// then the others by score.
  public static func result(of state: State) -> GameResult? {
    guard state.status != .playing else { return nil }
    let winners = state.winners
    let others = state.players.filter { !winners.contains($0.id) }
    let rest = GameResult.byScore(others.map { ($0.id, $0.score) }).ranking
    let reason: GameEndReason =
      if case .ended(.resigned) = state.status {
        .resignation
      } else if state.players.count > 1, winners.count == state.players.count { .draw } else { .score }
    return GameResult(
      ranking: [winners] + rest,
      scores: Dictionary(state.players.map { ($0.id, $0.score) }, uniquingKeysWith: { first, _ in first }),
      reason: reason)
  }

  /// Each player's words: `[{"player":"alice","words":"cab cabs"}]`.
  public static func record(of state: State) -> String {
    (try? JSONStreamEncoder.string(
      state.players.map { RecordedWords(player: $0.id.rawValue, words: $0.words.map(\.word).joined(separator: " ")) }))
      ?? "[]"
  }

  public static func turn(in state: State) -> GameTurn? {
    guard state.mode == .turns, state.status == .playing else { return nil }
    return GameTurn(player: state.players[state.turn].id, key: [state.turnsTaken, state.removalsThisTurn])
  }

  public static func botsRace(in state: State) -> Bool { state.mode == .race && state.status == .playing }

  public static func botDelay(_ bot: WordGridBot) -> Duration { bot.thinkingTime }

  /// The bot plays on the puzzle its view shows, and knows the words its view shows (its own in
  /// a race, everyone's in turns): what its seat knows.
  public static func botMove(
    _ bot: WordGridBot, for player: PlayerID, in view: WordGridView, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    @Dependency(\.wordDictionary) var dictionary
    guard view.ended == nil, view.you == player, let seat = view.players.first(where: { $0.id == player }),
      !seat.finished
    else { return nil }
    if view.mode == .turns, view.turn != player { return nil }
    let played = Set(view.players.flatMap { $0.words ?? [] }.map(\.word))
    switch bot.move(on: view.puzzle, dictionary: dictionary, played: played, using: &generator) {
    case let .word(word): return .word(word.path)
    case let .removeCube(cube): return .removeCube(cube)
    case .pass: return view.mode == .turns ? .pass : .resign
    }
  }
}

/// A player's words in a game's record (sorted keys, as the record always had them).
private struct RecordedWords: Encodable {
  var player: String
  var words: String
}

extension GameVariant {
  /// The word-grid race (`wordgrid-race`).
  public static let wordGridRace = GameVariant(game: WordGrid.id, mode: WordGrid.Mode.race.rawValue)
  /// The word grid in turns (`wordgrid-turns`).
  public static let wordGridTurns = GameVariant(game: WordGrid.id, mode: WordGrid.Mode.turns.rawValue)
}
