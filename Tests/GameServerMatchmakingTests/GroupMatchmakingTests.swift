import ComposableArchitecture
import GameServerGame
import GameServerMatchmaking
import GameServerWire
import Testing

/// Games for more than two: queues that gather players, and private rooms that fill or that
/// their host starts.
@MainActor
struct GroupMatchmakingTests {
  let clock = SettlingTestClock()

  func makeStore(settings: Matchmaking.Settings = Matchmaking.Settings(botAfter: nil)) -> TestStoreOf<Matchmaking> {
    TestStore(initialState: Matchmaking.State(settings: settings)) {
      Matchmaking()
    } withDependencies: {
      $0.continuousClock = clock
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
    }
  }

  func code() -> String {
    var generator = SeededRandomNumberGenerator(seed: 1)
    return InviteCode.make(using: &generator)
  }

  @Test func aQueueForFourStartsWhenFourAreThere() async {
    let store = makeStore()
    store.exhaustivity = .off
    for player: PlayerID in ["a", "b", "c"] {
      await store.send(.enqueue(player, .wordGridRace, seats: 4, rating: 1200))
    }
    #expect(store.state.queues[.wordGridRace]?.count == 3)
    await store.send(.enqueue("d", .wordGridRace, seats: 4, rating: 1210)) {
      $0.queues = [:]
      $0.isTicking = false
    }
    await store.receive(.delegate(.matched(.init(variant: .wordGridRace, players: ["a", "b", "c", "d"], bots: 0))))
  }

  @Test func aGroupThatDoesNotFillStartsAfterTheGatherWaitWithTheOnesFound() async {
    let store = makeStore(settings: .init(botAfter: nil, gatherWait: .seconds(5)))
    store.exhaustivity = .off
    await store.send(.enqueue("a", .wordGridRace, seats: 4, rating: 1200))
    await store.send(.enqueue("b", .wordGridRace, seats: 4, rating: 1200))
    await store.send(.enqueue("c", .wordGridRace, seats: 4, rating: 1200))
    // Someone asking for two is not part of a group of four.
    await store.send(.enqueue("pair", .wordGridRace, rating: 1200))
    await clock.advance(by: .seconds(4))
    #expect(store.state.queues[.wordGridRace]?.map(\.player) == ["a", "b", "c", "pair"])
    await store.skipReceivedActions()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick)
    await store.receive(.delegate(.matched(.init(variant: .wordGridRace, players: ["a", "b", "c"], bots: 0))))
    #expect(store.state.queues[.wordGridRace]?.map(\.player) == ["pair"])
    await store.send(.cancel("pair"))
  }

  @Test func aLoneTicketDoesNotStartAfterTheGatherWait() async {
    let store = makeStore(settings: .init(botAfter: .seconds(8), gatherWait: .seconds(2)))
    store.exhaustivity = .off
    await store.send(.enqueue("a", .wordGridRace, seats: 3, rating: 1200))
    // A far rating: not in a's group.
    await store.send(.enqueue("far", .wordGridRace, seats: 3, rating: 2400))
    await clock.advance(by: .seconds(7))
    await store.skipReceivedActions()
    #expect(store.state.queues[.wordGridRace]?.count == 2)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick)
    // Alone for botAfter: bots fill the seats asked for.
    await store.receive(.delegate(.matched(.init(variant: .wordGridRace, players: ["a"], bots: 2))))
    await store.receive(.delegate(.matched(.init(variant: .wordGridRace, players: ["far"], bots: 2))))
    #expect(store.state.queues.isEmpty)
  }

  @Test func everyoneInAGroupIsCloseInRatingToEveryoneElse() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.enqueue("low", .wordGridRace, seats: 3, rating: 1100))
    await store.send(.enqueue("mid", .wordGridRace, seats: 3, rating: 1190))
    // Close to mid, too far from low.
    await store.send(.enqueue("high", .wordGridRace, seats: 3, rating: 1280))
    await store.send(.enqueue("low2", .wordGridRace, seats: 3, rating: 1150))
    await store.receive(.delegate(.matched(.init(variant: .wordGridRace, players: ["low", "mid", "low2"], bots: 0))))
    #expect(store.state.queues[.wordGridRace]?.map(\.player) == ["high"])
    await store.send(.cancel("high"))
  }

  @Test func playingBotsSeatsAsManyBotsAsAsked() async {
    let store = makeStore()
    await store.send(.playBot("a", .wordGridRace, seats: 4))
    await store.receive(.delegate(.matched(.init(variant: .wordGridRace, players: ["a"], bots: 3))))
  }

  @Test func aPrivateRoomForThreeStartsWhenFull() async {
    let store = makeStore()
    let code = code()
    await store.send(.createPrivateRoom("host", .wordGridRace, seats: 3)) {
      $0.privateRooms[code] = .init(host: "host", variant: .wordGridRace, seats: 3)
    }
    await store.receive(.delegate(.privateRoomCreated("host", code: code, .wordGridRace)))
    await store.send(.joinPrivateRoom("b", code: code)) {
      $0.privateRooms[code]?.guests = ["b"]
    }
    let waiting = Matchmaking.PrivateRoom(host: "host", variant: .wordGridRace, seats: 3, guests: ["b"])
    await store.receive(.delegate(.privateRoomChanged(code: code, waiting, by: "b")))
    #expect(store.state.isWaiting("b"))
    await store.send(.joinPrivateRoom("b", code: code))
    await store.receive(.delegate(.rejected("b", .alreadyWaiting)))
    await store.send(.joinPrivateRoom("c", code: code)) {
      $0.privateRooms = [:]
    }
    await store.receive(
      .delegate(.matched(.init(variant: .wordGridRace, players: ["host", "b", "c"], bots: 0, isPrivate: true))))
  }

  @Test func theHostStartsAPrivateRoomWithTheFriendsWhoCame() async {
    let store = makeStore()
    store.exhaustivity = .off
    let code = code()
    await store.send(.createPrivateRoom("host", .wordGridRace, seats: 4))
    await store.send(.startPrivateRoom("host"))
    await store.receive(.delegate(.rejected("host", .tooFewPlayers(fewest: 2))))
    await store.send(.joinPrivateRoom("b", code: code))
    await store.send(.startPrivateRoom("b"))
    await store.receive(.delegate(.rejected("b", .notHost)))
    await store.send(.startPrivateRoom("host")) {
      $0.privateRooms = [:]
    }
    await store.receive(
      .delegate(.matched(.init(variant: .wordGridRace, players: ["host", "b"], bots: 0, isPrivate: true))))
  }

  @Test func leavingALobbyTellsTheOthersAndTheHostLeavingClosesIt() async {
    let store = makeStore()
    store.exhaustivity = .off
    let code = code()
    await store.send(.createPrivateRoom("host", .wordGridRace, seats: 4))
    await store.send(.joinPrivateRoom("b", code: code))
    await store.send(.joinPrivateRoom("c", code: code))
    await store.skipReceivedActions()
    await store.send(.cancel("b")) {
      $0.privateRooms[code]?.guests = ["c"]
    }
    let left = Matchmaking.PrivateRoom(host: "host", variant: .wordGridRace, seats: 4, guests: ["c"])
    await store.receive(.delegate(.privateRoomChanged(code: code, left, by: "b")))
    await store.send(.cancel("host")) {
      $0.privateRooms = [:]
    }
    await store.receive(.delegate(.privateRoomClosed(code: code, guests: ["c"])))
    #expect(!store.state.isWaiting("c"))
  }
}
