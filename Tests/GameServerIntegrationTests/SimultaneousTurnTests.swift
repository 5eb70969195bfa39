import ComposableArchitecture
import Foundation
import GameServerGame
import GameServerRoom
import GameServerTesting
import Testing

/// A round in which both seats choose a number at once: the higher wins (a tie is a draw). A
/// game of these tests only: the room moving several bots at once, and the secrecy audit (its
/// mode `leaky` shows picks before the end, on purpose; its mode `peek` shows the next round's
/// number, which nobody is to know).
@Reducer
struct HighCard: Sendable {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var players: [PlayerID]
    var picks: [PlayerID: Int] = [:]
    /// Shows every pick at once (the mode `leaky`): the secrecy audit must find it.
    var leaksPicks = false
    /// The number the next round would be played for: drawn at setup, shown to nobody (but in the
    /// mode `peek`, where the audit must find it).
    var nextRound = 0
    var peeks = false
    var isOver: Bool { self.picks.count == self.players.count }
  }

  enum Action: Equatable, Sendable {
    case start
    case pick(PlayerID, Int)
    case resign(PlayerID)
    case rejected(PlayerID)
    case ended
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .pick(player, number):
        guard state.players.contains(player), state.picks[player] == nil else { return .send(.rejected(player)) }
        state.picks[player] = number
        return state.isOver ? .send(.ended) : .none
      case let .resign(player):
        // NB: A seat that picked has nothing to give up: refused, as a racer who finished is.
        guard state.picks[player] == nil else { return .send(.rejected(player)) }
        for other in state.players where state.picks[other] == nil { state.picks[other] = other == player ? 0 : 1 }
        return .send(.ended)
      case .start, .rejected, .ended:
        return .none
      }
    }
  }
}

extension HighCard: Game {
  enum Move: Hashable, Codable, Sendable { case pick(number: Int) }
  enum Bot: String, Hashable, Codable, Sendable, CaseIterable { case seatNumber }
  struct View: Codable, Equatable, Sendable {
    /// The viewer's seat (0 or 1), nil for a spectator.
    var seat: Int?
    var mine: Int?
    var chosen: Int
    var picks: [String: Int]?
    var nextRound: Int?
  }

  static let id = "highcard"
  static let title = "High card"
  static let modes = [
    GameMode(seats: 2...2), GameMode(name: "leaky", seats: 2...2), GameMode(name: "peek", seats: 2...2),
  ]
  static let moveTypes: Set<String> = ["pick"]
  static let startAction = Action.start
  static let defaultBot = Bot.seatNumber

  static func setup(_ setup: GameSetup) -> State {
    State(
      players: setup.players, leaksPicks: setup.mode == "leaky", nextRound: Int(setup.seed % 10),
      peeks: setup.mode == "peek")
  }
  static func mode(of state: State) -> String {
    state.leaksPicks ? "leaky" : state.peeks ? "peek" : GameVariant.standardMode
  }
  static func action(for move: Move, by player: PlayerID) -> Action {
    guard case let .pick(number) = move else { return .start }
    return .pick(player, number)
  }
  static func forfeit(_ player: PlayerID) -> Action { .resign(player) }
  static func signal(of action: Action) -> GameSignal? {
    switch action {
    case let .rejected(player): .rejected(player, code: "already_picked", message: "You picked already.")
    case .ended: .ended
    default: nil
    }
  }
  /// Nobody sees another's pick before the end.
  static func view(of state: State, for viewer: PlayerID?) -> View {
    View(
      seat: viewer.flatMap(state.players.firstIndex(of:)), mine: viewer.flatMap { state.picks[$0] },
      chosen: state.picks.count,
      picks: state.isOver || state.leaksPicks
        ? Dictionary(uniqueKeysWithValues: state.picks.map { ($0.key.rawValue, $0.value) }) : nil,
      nextRound: state.peeks ? state.nextRound : nil)
  }
  static func isOver(_ state: State) -> Bool { state.isOver }
  static func result(of state: State) -> GameResult? {
    guard state.isOver else { return nil }
    let (a, b) = (state.players[0], state.players[1])
    let (x, y) = (state.picks[a]!, state.picks[b]!)
    return GameResult(ranking: x == y ? [[a, b]] : x > y ? [[a], [b]] : [[b], [a]])
  }
  static func record(of state: State) -> String { "\(state.picks.count)" }
  /// Every seat that has not picked, at once.
  static func turn(in state: State) -> GameTurn? {
    let waiting = state.players.filter { state.picks[$0] == nil }
    return waiting.isEmpty ? nil : GameTurn(players: waiting, key: [0])
  }
  static func botMove(
    _ bot: Bot, for player: PlayerID, in view: View, using generator: inout some RandomNumberGenerator
  ) -> Move? {
    guard view.mine == nil, let seat = view.seat else { return nil }
    return .pick(number: seat + 1)
  }
  /// The next round's number, which nobody knows: any other.
  static func hiddenVariants(of state: State, using generator: inout some RandomNumberGenerator) -> [State] {
    (0..<3).filter { $0 != state.nextRound }.map { other in
      var variant = state
      variant.nextRound = other
      return variant
    }
  }
  /// A pick made and not yet shown: any other number.
  static func secretVariants(
    of state: State, keptBy player: PlayerID, using generator: inout some RandomNumberGenerator
  ) -> [State] {
    guard !state.isOver, let pick = state.picks[player] else { return [] }
    return (1...3).filter { $0 != pick }.map { other in
      var variant = state
      variant.picks[player] = other
      return variant
    }
  }
}

@MainActor
struct SimultaneousTurnTests {
  let clock = SettlingTestClock()

  func makeStore(seats: [Seat]) -> TestStoreOf<Room> {
    let state = Room.State(
      id: RoomID(rawValue: "room-1"), seats: seats,
      game: RoomGame(HighCard.self, HighCard.State(players: seats.map(\.player))))
    return TestStore(initialState: state) {
      Room()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
    }
  }

  func picks(_ store: TestStoreOf<Room>) -> [PlayerID: Int] { store.state.game.state(of: HighCard.self)!.picks }

  /// Both seats are to move at once: each bot's move is scheduled, and both come after their
  /// delay, in the same round.
  @Test func everyBotAmongThoseToMoveMoves() async {
    let store = makeStore(seats: [
      Seat(player: "bot-1", name: "One", bot: "seatNumber"), Seat(player: "bot-2", name: "Two", bot: "seatNumber"),
    ])
    store.exhaustivity = .off
    #expect(store.state.botTurn?.players == ["bot-1", "bot-2"])
    await store.send(.start)
    await clock.advance(by: HighCard.botDelay(.seatNumber))
    await store.receive(\.delegate.finished)
    #expect(picks(store) == ["bot-1": 1, "bot-2": 2])
  }

  /// A person and a bot choose at once: the bot moves on its own clock, and a person's pick
  /// does not put the bot's move off.
  @Test func aPersonsPickDoesNotPutTheBotsMoveOff() async {
    let store = makeStore(seats: [
      Seat(player: "ada", name: "Ada"), Seat(player: "bot-2", name: "Two", bot: "seatNumber"),
    ])
    store.exhaustivity = .off
    await store.send(.start)
    await clock.advance(by: HighCard.botDelay(.seatNumber) / 2)
    await store.send(.game(.move("ada", AnyMove(HighCard.Move.pick(number: 3)))))
    #expect(store.state.botTurn?.players == ["bot-2"])
    await clock.advance(by: HighCard.botDelay(.seatNumber) / 2)
    await store.receive(.botThink("bot-2"))
    await store.receive(\.delegate.finished)
    #expect(picks(store) == ["ada": 3, "bot-2": 2])
  }

  /// Until the round resolves, nobody sees another seat's pick.
  @Test func aPickIsHiddenUntilTheEnd() {
    var state = HighCard.State(players: ["ada", "bob"])
    state.picks["ada"] = 3
    #expect(HighCard.view(of: state, for: "bob") == HighCard.View(seat: 1, mine: nil, chosen: 1, picks: nil))
    #expect(HighCard.view(of: state, for: nil) == HighCard.View(seat: nil, mine: nil, chosen: 1, picks: nil))
    #expect(HighCard.view(of: state, for: "ada") == HighCard.View(seat: 0, mine: 3, chosen: 1, picks: nil))
    state.picks["bob"] = 1
    #expect(HighCard.view(of: state, for: "bob").picks == ["ada": 3, "bob": 1])
  }
}

/// The secrecy audit on a game with a secret: it finds nothing where picks stay hidden until the
/// end, and finds the leak of a mode that shows them early.
struct SecrecyAuditTests {
  @Test func aGameThatKeepsItsSecretsPasses() {
    #expect(SecrecyAudit.run(HighCard.self, games: 50, seed: 1).isEmpty)
  }

  /// A secret nobody holds (the next round's number) shown to every seat is found, as seen by
  /// each seat and the spectator, and no seat's secret is blamed.
  @Test func aGameThatShowsASecretNobodyHoldsFails() {
    let leaks = SecrecyAudit.run(HighCard.self, games: 5, seed: 1, mode: "peek")
    #expect(!leaks.isEmpty)
    #expect(leaks.allSatisfy { $0.keptBy == nil })
    #expect(Set(leaks.map(\.seenBy)) == ["seat-1", "seat-2", "a spectator"])
  }

  @Test func aGameThatShowsASecretFails() {
    let leaks = SecrecyAudit.run(HighCard.self, games: 5, seed: 1, mode: "leaky")
    #expect(!leaks.isEmpty)
    #expect(leaks.allSatisfy { $0.seenBy != $0.keptBy?.rawValue })
    #expect(leaks.contains { $0.seenBy == "a spectator" })
  }
}
