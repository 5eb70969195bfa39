import ComposableArchitecture
import GameServerGame
import GameServerMatchmaking
import GameServerWire
import Testing

/// A queue that servers share: tickets are kept here but paired by whoever pairs the shared
/// queue, with the same rules (``Matchmaking/groups(of:_:settings:)``).
@MainActor
struct SharedQueueTests {
  func makeStore() -> TestStoreOf<Matchmaking> {
    TestStore(initialState: Matchmaking.State()) {
      Matchmaking()
    } withDependencies: {
      $0.continuousClock = SettlingTestClock()
    }
  }

  func ticket(_ player: PlayerID, _ rating: Int, seats: Int = 2, fewest: Int = 2) -> Matchmaking.Ticket {
    Matchmaking.Ticket(player: player, rating: rating, enqueuedAt: .zero, seats: seats, fewest: fewest)
  }

  @Test func aSharedTicketWaitsHereButIsNotPairedHere() async {
    let store = makeStore()
    await store.send(.wait("alice", .ticTacToe, rating: 1200)) {
      $0.sharedQueues[.ticTacToe] = [ticket("alice", 1200)]
    }
    // NB: No tick starts and nothing pairs: the shared queue does that.
    await store.send(.wait("bob", .ticTacToe, rating: 1200)) {
      $0.sharedQueues[.ticTacToe] = [ticket("alice", 1200), ticket("bob", 1200)]
    }
    await store.send(.wait("alice", .ticTacToe, rating: 1200))
    await store.receive(.delegate(.rejected("alice", .alreadyWaiting)))
    await store.send(.paired(["alice"])) {
      $0.sharedQueues[.ticTacToe] = [ticket("bob", 1200)]
    }
    await store.send(.cancel("bob")) {
      $0.sharedQueues = [:]
    }
  }

  @Test func groupsFollowTheQueuesRules() {
    let settings = Matchmaking.Settings()
    // Too far apart when new; close enough once the older has waited 20 s (100 + 10 per second).
    let waiting = [(ticket("ann", 1200), Duration.seconds(20)), (ticket("ben", 1490), Duration.seconds(1))]
    #expect(Matchmaking.groups(of: .ticTacToe, waiting.map { ($0.0, .seconds(1)) }, settings: settings).isEmpty)
    #expect(
      Matchmaking.groups(of: .ticTacToe, waiting, settings: settings)
        == [Matchmaking.Match(variant: .ticTacToe, players: ["ann", "ben"], bots: 0)])
    // Alone for 30 s: a bot.
    #expect(
      Matchmaking.groups(of: .ticTacToe, [(ticket("cid", 1200), .seconds(30))], settings: settings)
        == [Matchmaking.Match(variant: .ticTacToe, players: ["cid"], bots: 1)])
    // Only tickets asking for as many seats are grouped.
    #expect(
      Matchmaking.groups(
        of: .ticTacToe, [(ticket("dan", 1200, seats: 3), .zero), (ticket("eve", 1200), .zero)], settings: settings
      ).isEmpty)
  }

  /// A shared queue keeps a game's fewest as a node's does: two tickets for a game of three or
  /// more start nothing after the gather time, and get a bot for the seat left after `botAfter`.
  @Test func aSharedQueueKeepsTheGamesFewest() {
    let settings = Matchmaking.Settings()
    let pair = { (waited: Duration) in
      Matchmaking.groups(
        of: .ticTacToe,
        [(ticket("fay", 1200, seats: 3, fewest: 3), waited), (ticket("gus", 1200, seats: 3, fewest: 3), waited)],
        settings: settings)
    }
    #expect(pair(.seconds(20)).isEmpty)
    #expect(pair(.seconds(30)) == [Matchmaking.Match(variant: .ticTacToe, players: ["fay", "gus"], bots: 1)])
  }
}
