import Foundation
import GameServerBattleship
import GameServerSelfPlay
import GameServerTesting
import Testing

/// Battleship through the seam and the server, as a game from outside: its bots, the secrecy
/// audit, and two players over the wire.
struct BattleshipGameTests {
  /// The hunter beats the random bot in at least 95% of 200 seeded games, changing seats.
  @Test func theHunterBeatsTheRandomBot() {
    let report = GameSelfPlay.run(Battleship.self, bots: [.hunter, .random], games: 200, seed: 1)
    #expect(report.unfinished == 0)
    #expect(report.wins[0] + report.wins[1] + report.draws == 200)
    #expect(report.wins[0] >= 190, "the hunter won \(report.wins[0]) of 200")
    // Two hunters are a fair match: each seat wins some.
    let even = GameSelfPlay.run(Battleship.self, bots: [.hunter, .hunter], games: 40, seed: 1)
    #expect(even.wins.allSatisfy { $0 > 5 })
  }

  /// The hunter fires along a line of hits it sees, and beside a lone hit.
  @Test func theHunterTargetsWhatItHit() {
    var generator = SeededRandomNumberGenerator(seed: 2)
    var state = Battleship.State(first: "ada", second: "bot")
    state.fleets = [.first: topFleet, .second: leftFleet]
    state.moveNumber = 1
    state.turn = .second
    state.shots = [
      Shot(by: .second, square: Square(row: 0, column: 9)), Shot(by: .second, square: Square(row: 1, column: 9)),
    ]
    let view = Battleship.view(of: state, for: "bot")
    for _ in 0..<20 {
      let move = Battleship.botMove(.hunter, for: "bot", in: view, using: &generator)
      #expect(move == .fire(row: 2, column: 9))
    }
    state.shots = [Shot(by: .second, square: Square(row: 4, column: 9))]
    let beside = Set(Square(row: 4, column: 9).neighbours.map { Battleship.Move.fire(row: $0.row, column: $0.column) })
    for _ in 0..<20 {
      #expect(
        Battleship.botMove(.hunter, for: "bot", in: Battleship.view(of: state, for: "bot"), using: &generator).map(
          beside.contains) == true)
    }
  }

  /// No viewer can tell where an opponent's unhit ships are, nor the record before the end:
  /// 200 games of random play, every position checked against a moved ship of each fleet.
  @Test func theFleetsStaySecret() {
    let leaks = SecrecyAudit.run(Battleship.self, games: 200, seed: 1, bot: .random)
    let found = leaks.count
    #expect(found == 0, "first: \(leaks.prefix(3))")
  }

  /// Two players over the wire: fleets placed at once (each told only that the other placed),
  /// shots, a refusal with its reason, and the end.
  @MainActor @Test func twoPlayersPlayOverTheWire() async throws {
    let server = TestGameServer(games: GameCatalog([Battleship.self]))
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    _ = try await ada.receive(\.welcome)
    _ = try await bob.receive(\.welcome)
    await ada.send(.queue(GameChoice(game: "battleship")))
    await bob.send(.queue(GameChoice(game: "battleship")))
    let first = try await ada.view(BattleshipView.self)
    #expect(first.phase == .placing)
    let (a, b) = first.you == 0 ? (ada, bob) : (bob, ada)

    await a.send(json: #"{"v":1,"type":"place","ships":[{"row":0,"column":0,"length":5,"vertical":false}]}"#)
    let refusal = try await a.receive(\.error)
    #expect(refusal.code == "bad_fleet")
    await a.send(json: #"{"v":1,"type":"place","ships":[{"row":"A","column":0,"length":5,"vertical":false}]}"#)
    #expect(try await a.receive(\.error).message.contains("ships[0].row"))
    await a.send(.move(Battleship.self, .place(ships: leftFleet)))
    let told = try await b.view(BattleshipView.self) { $0.placed == [true, false] || $0.placed == [false, true] }
    #expect(told.waters.allSatisfy { !$0.rows.joined().contains("S") })
    await b.send(.move(Battleship.self, .place(ships: topFleet)))
    _ = try await a.view(BattleshipView.self) { $0.phase == .firing }

    // The first seat sinks the second's fleet; the second misses every time.
    let misses = Square.all.filter { !leftFleet.flatMap(\.squares).contains($0) }
    for (index, target) in topFleet.flatMap(\.squares).enumerated() {
      await a.send(.move(Battleship.self, .fire(row: target.row, column: target.column)))
      let seen = try await b.view(BattleshipView.self) {
        $0.lastShot?.row == target.row && $0.lastShot?.column == target.column
      }
      if seen.phase == .over { break }
      if index == 0 {
        await a.send(.move(Battleship.self, .fire(row: 9, column: 0)))
        #expect(try await a.receive(\.error).code == "not_your_turn")
      }
      await b.send(.move(Battleship.self, .fire(row: misses[index].row, column: misses[index].column)))
      _ = try await a.view(BattleshipView.self) { $0.turn == 0 && $0.lastShot?.seat == 1 }
    }
    let end = try await a.view(BattleshipView.self) { $0.phase == .over }
    #expect(end.outcome == .sankTheFleet(winner: .first))
    #expect(end.waters[1].fleet == topFleet)
    await server.stop()
  }
}
