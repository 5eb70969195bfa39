import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerWire

/// The game a room plays, of whichever game it is: its type, and its state in a
/// ``GameStateStorage``.
///
/// The room runs it through ``RoomGameReducer`` (in a `Scope`) and asks it what the server
/// needs: views, the result, bots' moves. Each question goes to the game's own specialized code
/// (its ``GameWitness``). Encoded as `{"game": "tictactoe", "state": {...}}`; decoding finds the
/// game in a decoder's ``CodingUserInfoKey/games`` or the `games` dependency.
///
/// ```swift
/// let game = RoomGame(TicTacToe.self, TicTacToe.State(x: "alice", o: "bob"))
/// game.variant  // tictactoe
/// ```
public struct RoomGame: Equatable, Sendable, Codable {
  /// What the room asks of the game: made once per game type.
  public let witness: GameWitness
  // NB: Copied on write by the witness's `reduce`; never mutated in place while shared.
  nonisolated(unsafe) var storage: AnyObject

  /// The game's type.
  public var game: any Game.Type { self.witness.type }

  /// A game in a state.
  public init<G: Game>(_ game: G.Type, _ state: G.State) {
    self.witness = GameWitness.of(game)
    self.storage = GameWitness.storage(of: state, in: game)
  }

  /// A new game of `game` from `setup`.
  public init(_ game: any Game.Type, setup: GameSetup) {
    self.witness = GameWitness.of(game)
    self.storage = self.witness.makeStorage(setup)
  }

  /// The state, if the game is `G`.
  public func state<G: Game>(of game: G.Type) -> G.State? {
    (self.storage as? GameStateStorage<G.State>)?.state
  }

  public var variant: GameVariant { self.witness.variant(self.storage) }
  public var isOver: Bool { self.witness.isOver(self.storage) }
  public var gameNumber: Int { self.witness.gameNumber(self.storage) }
  public var result: GameResult? { self.witness.result(self.storage) }
  public var record: String { self.witness.record(self.storage) }

  mutating func reduce(_ input: GameInput) -> Effect<GameInput> {
    self.witness.reduce(&self.storage, input)
  }

  /// The room message that shows this game to `viewer`, unless it is the same in `other`;
  /// written as the answer to `replyTo`, if given.
  func view(
    for viewer: PlayerID?, in room: RoomID, seats: ((JSONOutput) -> Void)?, status: @autoclosure () -> RoomStatus?,
    unlessSameIn other: RoomGame?, replyTo: String? = nil
  ) -> RoomView? {
    var view: RoomView?
    _ = self.witness.writeView(self.storage, viewer, other?.storage) { mode, body in
      if let seats {
        view = RoomView(
          room: room, game: self.game.id, mode: mode, status: status(), replyTo: replyTo, writeSeats: seats,
          writeView: body)
      } else {
        view = RoomView(room: room, game: self.game.id, mode: mode, status: status(), replyTo: replyTo, writeView: body)
      }
    }
    return view
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.witness.isEqual(lhs.storage, rhs.storage) }

  private enum CodingKeys: String, CodingKey { case game, state }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .game)
    @Dependency(\.games) var games
    let catalog = decoder.userInfo[.games] as? GameCatalog ?? games
    guard let game = catalog.game(id) else {
      throw DecodingError.dataCorruptedError(
        forKey: .game, in: container, debugDescription: "No game \"\(id)\" is installed.")
    }
    self.witness = GameWitness.of(game)
    self.storage = try self.witness.decodeStorage(try container.superDecoder(forKey: .state))
  }

  /// Reads a game as a server wrote it before games were plug-ins: `{"ticTacToe":{"_0":{...}}}`,
  /// the case named after the game (its id, lowercased) holding its state.
  public init(legacyFrom decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    guard let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "No game."))
    }
    @Dependency(\.games) var games
    let catalog = decoder.userInfo[.games] as? GameCatalog ?? games
    guard let game = catalog.game(key.stringValue.lowercased()) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "No game \"\(key.stringValue)\" is installed.")
    }
    let payload = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
    self.witness = GameWitness.of(game)
    self.storage = try self.witness.decodeStorage(try payload.superDecoder(forKey: AnyCodingKey("_0")))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.game.id, forKey: .game)
    try self.witness.encode(self.storage, container.superEncoder(forKey: .state))
  }
}

extension CodingUserInfoKey {
  /// The ``GameCatalog`` a room's game is decoded with (the `games` dependency without it).
  public static let games = CodingUserInfoKey(rawValue: "games")!
}

/// Any key of a JSON object.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ key: String) { self.stringValue = key }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
