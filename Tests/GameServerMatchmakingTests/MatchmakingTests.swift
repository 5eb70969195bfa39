import ComposableArchitecture
import GameServerGame
import GameServerMatchmaking
import GameServerWire
import Testing

@MainActor
struct MatchmakingTests {
  let clock = SettlingTestClock()

  func makeStore(settings: Matchmaking.Settings = Matchmaking.Settings()) -> TestStoreOf<Matchmaking> {
    TestStore(initialState: Matchmaking.State(settings: settings)) {
      Matchmaking()
    } withDependencies: {
      $0.continuousClock = clock
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
    }
  }

  func ticket(_ player: PlayerID, _ rating: Int, at seconds: Int = 0) -> Matchmaking.Ticket {
    Matchmaking.Ticket(player: player, rating: rating, enqueuedAt: .seconds(seconds))
  }

  @Test func twoPlayersInOneQueueArePaired() async {
    let store = makeStore()
    await store.send(.enqueue("alice", .ticTacToe, rating: 1200)) {
      $0.queues[.ticTacToe] = [ticket("alice", 1200)]
      $0.isTicking = true
    }
    await store.send(.enqueue("bob", .ticTacToe, rating: 1250)) {
      $0.queues[.ticTacToe] = nil
      $0.isTicking = false
    }
    await store.receive(.delegate(.matched(.init(variant: .ticTacToe, players: ["alice", "bob"], bots: 0))))
  }

  @Test func queuesAreSeparatePerGameAndMode() async {
    let store = makeStore(settings: .init(botAfter: nil))
    await store.send(.enqueue("alice", .wordGridRace, rating: 1200)) {
      $0.queues[.wordGridRace] = [ticket("alice", 1200)]
      $0.isTicking = true
    }
    await store.send(.enqueue("bob", .wordGridTurns, rating: 1200)) {
      $0.queues[.wordGridTurns] = [ticket("bob", 1200)]
    }
    await store.send(.cancel("alice")) {
      $0.queues[.wordGridRace] = nil
    }
    await store.send(.cancel("bob")) {
      $0.queues[.wordGridTurns] = nil
      $0.isTicking = false
    }
  }

  @Test func firstComeFirstServedAmongClosePlayers() async {
    let store = makeStore(settings: .init(botAfter: nil))
    store.exhaustivity = .off
    await store.send(.enqueue("far", .ticTacToe, rating: 1800))
    await store.send(.enqueue("first", .ticTacToe, rating: 1200))
    await store.send(.enqueue("second", .ticTacToe, rating: 1210))
    await store.receive(.delegate(.matched(.init(variant: .ticTacToe, players: ["first", "second"], bots: 0))))
    #expect(store.state.queues[.ticTacToe]?.map(\.player) == ["far"])
    await store.send(.cancel("far"))
  }

  @Test func theAllowedGapWidensWithWaiting() async {
    let store = makeStore(settings: .init(baseRatingGap: 100, ratingGapPerSecond: 10, botAfter: nil))
    await store.send(.enqueue("alice", .ticTacToe, rating: 1200)) {
      $0.queues[.ticTacToe] = [ticket("alice", 1200)]
      $0.isTicking = true
    }
    await store.send(.enqueue("bob", .ticTacToe, rating: 1350)) {
      $0.queues[.ticTacToe] = [ticket("alice", 1200), ticket("bob", 1350)]
    }
    // A gap of 150 needs 5 seconds of waiting: 100 + 10 × 5.
    for second in 1...4 {
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.elapsed = .seconds(second) }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.elapsed = .seconds(5)
      $0.queues[.ticTacToe] = nil
      $0.isTicking = false
    }
    await store.receive(.delegate(.matched(.init(variant: .ticTacToe, players: ["alice", "bob"], bots: 0))))
  }

  @Test func aLonePlayerGetsABotAfterTheWait() async {
    let store = makeStore(settings: .init(botAfter: .seconds(3)))
    await store.send(.enqueue("alice", .wordGridTurns, rating: 1200)) {
      $0.queues[.wordGridTurns] = [ticket("alice", 1200)]
      $0.isTicking = true
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.elapsed = .seconds(1) }
    await store.receive(.tick) { $0.elapsed = .seconds(2) }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.elapsed = .seconds(3)
      $0.queues[.wordGridTurns] = nil
      $0.isTicking = false
    }
    await store.receive(.delegate(.matched(.init(variant: .wordGridTurns, players: ["alice"], bots: 1))))
  }

  @Test func playingABotStartsAtOnce() async {
    let store = makeStore()
    await store.send(.playBot("alice", .ticTacToe))
    await store.receive(.delegate(.matched(.init(variant: .ticTacToe, players: ["alice"], bots: 1))))
  }

  @Test func aPlayerWaitsInOneQueueAtATime() async {
    let store = makeStore()
    await store.send(.enqueue("alice", .ticTacToe, rating: 1200)) {
      $0.queues[.ticTacToe] = [ticket("alice", 1200)]
      $0.isTicking = true
    }
    await store.send(.enqueue("alice", .wordGridRace, rating: 1200))
    await store.receive(.delegate(.rejected("alice", .alreadyWaiting)))
    await store.send(.playBot("alice", .ticTacToe))
    await store.receive(.delegate(.rejected("alice", .alreadyWaiting)))
    await store.send(.createPrivateRoom("alice", .ticTacToe))
    await store.receive(.delegate(.rejected("alice", .alreadyWaiting)))
    await store.send(.cancel("alice")) {
      $0.queues[.ticTacToe] = nil
      $0.isTicking = false
    }
    await store.send(.cancel("alice"))
    await store.receive(.delegate(.rejected("alice", .notWaiting)))
  }

  @Test func privateRoomsPairTheHostWithTheFriendWhoHasTheCode() async {
    let store = makeStore()
    var generator = SeededRandomNumberGenerator(seed: 1)
    let code = InviteCode.make(using: &generator)
    await store.send(.createPrivateRoom("alice", .wordGridRace)) {
      $0.privateRooms[code] = .init(host: "alice", variant: .wordGridRace)
    }
    await store.receive(.delegate(.privateRoomCreated("alice", code: code, .wordGridRace)))
    await store.send(.joinPrivateRoom("alice", code: code))
    await store.receive(.delegate(.rejected("alice", .ownInviteCode)))
    await store.send(.joinPrivateRoom("bob", code: "NOPE9"))
    await store.receive(.delegate(.rejected("bob", .unknownInviteCode("NOPE9"))))
    await store.send(.joinPrivateRoom("bob", code: " \(code.lowercased()) ")) {
      $0.privateRooms = [:]
    }
    await store.receive(
      .delegate(.matched(.init(variant: .wordGridRace, players: ["alice", "bob"], bots: 0, isPrivate: true))))
  }

  @Test func cancellingClosesAPrivateRoom() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.createPrivateRoom("alice", .ticTacToe))
    await store.skipReceivedActions()
    await store.send(.cancel("alice")) {
      $0.privateRooms = [:]
    }
  }
}

struct InviteCodeTests {
  @Test func codesUseTheUnambiguousAlphabet() {
    var generator = SeededRandomNumberGenerator(seed: 4)
    for _ in 0..<200 {
      let code = InviteCode.make(using: &generator)
      #expect(code.count == 5)
      #expect(code.allSatisfy { InviteCode.alphabet.contains($0) && !"0O1I".contains($0) })
    }
  }
}
