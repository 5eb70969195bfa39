import ComposableArchitecture
import Foundation
import GameServerBattleship
import GameServerGame
import Testing

/// A fleet for tests: each ship on a row of its own, from the left edge (rows A, C, E, G, I).
let leftFleet = zip([0, 2, 4, 6, 8], Fleet.lengths).map { Ship(row: $0.0, column: 0, length: $0.1, vertical: false) }
/// Another: each ship down a column of its own, from the top (columns 10, 8, 6, 4, 2).
let topFleet = zip([9, 7, 5, 3, 1], Fleet.lengths).map { Ship(row: 0, column: $0.0, length: $0.1, vertical: true) }

@MainActor
struct BattleshipRulesTests {
  let clock = SettlingTestClock()

  func makeStore(_ state: Battleship.State = Battleship.State(first: "ada", second: "bob")) -> TestStoreOf<Battleship> {
    TestStore(initialState: state) {
      Battleship()
    } withDependencies: {
      $0.continuousClock = self.clock
      $0.date = .constant(Date(timeIntervalSince1970: 1_000_000))
    }
  }

  @Test func aFleetIsFiveShipsOnTheSeaThatShareNoSquare() {
    #expect(Fleet.problem(with: leftFleet) == nil)
    #expect(Fleet.problem(with: topFleet) == nil)
    #expect(Fleet.problem(with: Array(leftFleet.dropLast()))?.contains("five ships") == true)
    var offTheSea = leftFleet
    offTheSea[0].column = 6
    #expect(Fleet.problem(with: offTheSea) == "The carrier at A7 goes off the sea.")
    var sharing = leftFleet
    sharing[1] = Ship(row: 0, column: 2, length: 4, vertical: true)
    #expect(Fleet.problem(with: sharing) == "Two ships share A3 (the battleship from A3 to D3).")
    var hostile = leftFleet
    hostile[0] = Ship(row: 999_999, column: -999_999, length: 5, vertical: true)
    #expect(Fleet.problem(with: hostile) != nil)
    var generator = SeededRandomNumberGenerator(seed: 1)
    for _ in 0..<200 { #expect(Fleet.problem(with: Fleet.random(using: &generator)) == nil) }
  }

  /// Both place at once; nobody fires before both fleets are out; the first seat fires first,
  /// with the shot's clock.
  @Test func theFleetsArePlacedThenTheShootingStarts() async {
    let store = makeStore()
    await store.send(.start) { $0.moveEndsAt = Date(timeIntervalSince1970: 1_000_090) }
    await store.send(.fire("ada", at: Square(row: 0, column: 0)))
    await store.receive(\.delegate.rejected)
    await store.send(.place("bob", ships: topFleet)) { $0.fleets[.second] = topFleet }
    await store.send(.place("bob", ships: leftFleet))
    await store.receive(.delegate(.rejected("bob", .alreadyPlaced)))
    await store.send(.place("ada", ships: Array(leftFleet.dropLast())))
    await store.receive(\.delegate.rejected)
    await store.send(.place("carol", ships: leftFleet))
    await store.receive(.delegate(.rejected("carol", .notSeated)))
    await store.send(.place("ada", ships: leftFleet)) {
      $0.fleets[.first] = leftFleet
      $0.moveNumber = 1
      $0.moveEndsAt = Date(timeIntervalSince1970: 1_000_030)
    }
    await store.send(.fire("bob", at: Square(row: 0, column: 0)))
    await store.receive(.delegate(.rejected("bob", .notYourTurn)))
    await store.send(.fire("ada", at: Square(row: 0, column: 10)))
    await store.receive(.delegate(.rejected("ada", .offTheSea(Square(row: 0, column: 10)))))
    await store.send(.fire("ada", at: Square(row: 0, column: 9))) {
      $0.shots = [Shot(by: .first, square: Square(row: 0, column: 9))]
      $0.moveNumber = 2
      $0.turn = .second
    }
    await store.send(.fire("bob", at: Square(row: 0, column: 0))) {
      $0.shots.append(Shot(by: .second, square: Square(row: 0, column: 0)))
      $0.moveNumber = 3
      $0.turn = .first
    }
    await store.send(.fire("ada", at: Square(row: 0, column: 9)))
    await store.receive(.delegate(.rejected("ada", .alreadyFired(Square(row: 0, column: 9)))))
    await clock.advance(by: .seconds(30))
    await store.receive(.moveTimeExpired(moveNumber: 3)) { $0.outcome = .timeout(winner: .second) }
    await store.receive(.delegate(.ended(.timeout(winner: .second))))
  }

  /// The placing round's clock: whoever has not placed loses; if neither has, a draw.
  @Test(arguments: [true, false])
  func placingTooLateLoses(onePlaced: Bool) async {
    let store = makeStore()
    await store.send(.start) { $0.moveEndsAt = Date(timeIntervalSince1970: 1_000_090) }
    if onePlaced { await store.send(.place("bob", ships: topFleet)) { $0.fleets[.second] = topFleet } }
    await clock.advance(by: .seconds(90))
    let outcome: BattleshipOutcome = onePlaced ? .timeout(winner: .second) : .nobodyPlaced
    await store.receive(.moveTimeExpired(moveNumber: 0)) { $0.outcome = outcome }
    await store.receive(.delegate(.ended(outcome)))
    #expect(
      Battleship.result(of: store.state)
        == GameResult(ranking: onePlaced ? [["bob"], ["ada"]] : [["ada", "bob"]], reason: onePlaced ? .time : .draw))
  }

  /// Sinking every ship wins; a hit says so, a sunk ship is shown whole.
  @Test func sinkingTheFleetWins() {
    var state = Battleship.State(first: "ada", second: "bob")
    state.fleets = [.first: leftFleet, .second: topFleet]
    state.moveNumber = 1
    let reducer = Battleship()
    let targets = topFleet.flatMap(\.squares)
    let misses = Square.all.filter { !leftFleet.flatMap(\.squares).contains($0) }
    withDependencies {
      $0.continuousClock = ImmediateClock()
      $0.date = .constant(Date(timeIntervalSince1970: 1_000_000))
    } operation: {
      for (index, target) in targets.enumerated() {
        _ = reducer.reduce(into: &state, action: .fire("ada", at: target))
        let view = state.view(for: "ada")
        #expect(
          view.lastShot?.result
            == (index == 4 || index == 8 || index == 11 || index == 14 || index == 16 ? "sunk" : "hit"))
        if state.outcome != nil { break }
        _ = reducer.reduce(into: &state, action: .fire("bob", at: misses[index]))
        #expect(state.view(for: "bob").lastShot?.result == "miss")
      }
    }
    #expect(state.outcome == .sankTheFleet(winner: .first))
    #expect(state.view(for: nil).waters[1].rows[0] == ".#.#.#.#.#")
    #expect(state.view(for: nil).waters[1].afloat == 0)
    #expect(Battleship.result(of: state) == GameResult(ranking: [["ada"], ["bob"]], reason: .win))
  }

  /// What each viewer sees: their own fleet, the shots at both, never the opponent's ships
  /// before they sink or the game ends; the record keeps the fleets out until the end.
  @Test func nobodySeesTheOpponentsShipsBeforeTheEnd() {
    var state = Battleship.State(first: "ada", second: "bob")
    state.fleets = [.first: leftFleet, .second: topFleet]
    state.moveNumber = 1
    state.shots = [
      Shot(by: .first, square: Square(row: 0, column: 9)), Shot(by: .second, square: Square(row: 9, column: 9)),
    ]
    let ada = state.view(for: "ada")
    #expect(ada.you == 0)
    #expect(ada.waters[0].fleet == leftFleet)
    #expect(ada.waters[0].rows[0] == "SSSSS....." && ada.waters[0].rows[9] == ".........o")
    #expect(ada.waters[1].fleet == nil)
    #expect(ada.waters[1].rows == [".........x"] + Array(repeating: "..........", count: 9))
    let watcher = state.view(for: nil)
    #expect(watcher.waters.allSatisfy { $0.fleet == nil && !$0.rows.joined().contains("S") })
    #expect(Battleship.record(of: state) == #"{"shots":[[0,9],[9,9]]}"#)
    state.outcome = .resignation(winner: .first)
    #expect(state.view(for: "bob").waters[0].fleet == leftFleet)
    #expect(Battleship.record(of: state).hasPrefix(#"{"fleets":[[{"#))
  }

  /// A rematch clears the sea, swaps the seats and starts a new placing round.
  @Test func aRematchStartsANewPlacingRound() async {
    var state = Battleship.State(first: "ada", second: "bob")
    state.fleets = [.first: leftFleet, .second: topFleet]
    state.outcome = .resignation(winner: .first)
    state.moveNumber = 4
    state.shots = [Shot(by: .first, square: Square(row: 0, column: 9))]
    let store = makeStore(state)
    await store.send(.requestRematch("ada")) { $0.rematchRequests = [.first] }
    await store.send(.requestRematch("bob")) {
      $0.seats = [.first: "bob", .second: "ada"]
      $0.fleets = [:]
      $0.shots = []
      $0.outcome = nil
      $0.moveNumber = 0
      $0.rematchRequests = []
      $0.gameNumber = 2
      $0.moveEndsAt = Date(timeIntervalSince1970: 1_000_090)
    }
    #expect(Battleship.turn(in: store.state) == GameTurn(players: ["bob", "ada"], key: [2, 0]))
    await store.send(.resign("ada")) { $0.outcome = .resignation(winner: .first) }
    await store.receive(\.delegate.ended)
  }
}
