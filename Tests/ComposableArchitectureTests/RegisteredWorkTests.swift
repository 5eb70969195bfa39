import Testing

@testable import ComposableArchitecture

struct RegisteredWorkTests {
  private func tokens(_ work: RegisteredWork, _ handles: [UInt64: CancellationHandle]) -> Set<UInt64> {
    Set(work.handles.map { handle in handles.first { $0.value === handle }!.key })
  }

  @Test func keepsEveryHandleUntilItsTokenIsRemoved() {
    let handles: [UInt64: CancellationHandle] = [1: .init(), 2: .init(), 3: .init()]
    var work = RegisteredWork()
    #expect(work.isEmpty)
    for token in [1, 2, 3] as [UInt64] { work.insert(handles[token]!, token: token) }
    #expect(self.tokens(work, handles) == [1, 2, 3])
    // The inline one goes first: another takes its place.
    work.remove(token: 1)
    #expect(self.tokens(work, handles) == [2, 3])
    work.remove(token: 7)
    #expect(self.tokens(work, handles) == [2, 3])
    work.remove(token: 3)
    #expect(self.tokens(work, handles) == [2])
    #expect(!work.isEmpty)
    work.remove(token: 2)
    #expect(work.isEmpty)
    #expect(work.handles.isEmpty)
  }

  @Test func cancellingAnIDCancelsAllItsWork() {
    let registry = CancellationRegistry()
    let id = EffectID(ErasedID("search"))
    let other = EffectID(ErasedID("timer"))
    let first = CancellationHandle()
    let second = CancellationHandle()
    let third = CancellationHandle()
    let cancelled = LockIsolated(0)
    for handle in [first, second, third] { handle.attach { cancelled.withValue { $0 += 1 } } }
    registry.insert(first, ids: [id])
    registry.insert(second, ids: [id, other])
    registry.insert(third, ids: [other])
    registry.remove(second)
    registry.cancel(id: id)
    #expect(cancelled.value == 1)
    registry.cancel(id: other)
    #expect(cancelled.value == 2)
  }

  @Test func workCancelledByOneIDIsNoLongerUnderItsOthers() {
    let registry = CancellationRegistry()
    let id = EffectID(ErasedID("search"))
    let other = EffectID(ErasedID("timer"))
    let both = CancellationHandle()
    let cancelled = LockIsolated(0)
    both.attach { cancelled.withValue { $0 += 1 } }
    registry.insert(both, ids: [id, other])
    registry.cancel(id: id)
    #expect(cancelled.value == 1)
    #expect(both.registration == nil)
    // Nothing is left under the other id: removing the work again, or cancelling that id,
    // finds nothing.
    registry.remove(both)
    let later = CancellationHandle()
    later.attach { cancelled.withValue { $0 += 10 } }
    registry.insert(later, ids: [other])
    registry.cancel(id: other)
    #expect(cancelled.value == 11)
  }
}
