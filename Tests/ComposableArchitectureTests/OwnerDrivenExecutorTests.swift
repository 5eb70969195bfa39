import ComposableArchitecture
import Foundation
import Testing

@Reducer
private struct PingPong {
  struct State: Equatable { var pongs = 0 }
  enum Action: Equatable { case ping, pong }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .ping: return .run { send in await send(.pong) }
      case .pong:
        state.pongs += 1
        return .none
      }
    }
  }
}

/// A loop of our own drives the executor, as the websocket service thread does: it sleeps
/// until woken, then runs what is pending.
struct OwnerDrivenExecutorTests {
  @Test(.timeLimit(.minutes(1)))
  func effectsWakeTheOwnerAndRunOnItsThread() async {
    let wakeUp = DispatchSemaphore(value: 0)
    let executor = StoreExecutor(wakingWith: { wakeUp.signal() })
    let stop = LockIsolated(false)
    let thread = Thread {
      while !stop.value {
        executor.runPending()
        wakeUp.wait()
      }
    }
    thread.start()
    let actor = StoreActor(executor: executor)
    let pongs = await actor.run { _ in
      let store = Store(initialState: PingPong.State()) { PingPong() }
      for _ in 0..<100 { await store.send(.ping).finish() }
      #expect(executor.isCurrent)
      return store.withState(\.pongs)
    }
    #expect(pongs == 100)
    stop.setValue(true)
    wakeUp.signal()
  }
}
