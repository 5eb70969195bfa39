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
    for token in [1, 2, 3] as [UInt64] {
      let registration = CancellationHandle.Registration(token: token, ids: [])
      registration.handle = handles[token]
      work.insert(registration)
    }
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

  @Test func workStartedAgainUnderTheSameIDsTakesOverTheRegistration() throws {
    let registry = CancellationRegistry()
    let ids = [EffectID(ErasedID("timer")), EffectID(ErasedID("all"))]
    let cancelled = LockIsolated<[String]>([])
    let first = CancellationHandle()
    first.attach { cancelled.withValue { $0.append("first") } }
    registry.insert(first, ids: ids)
    let registration = try #require(first.registration)
    registry.cancel(id: ids[0])
    #expect(first.registration == nil)
    let second = CancellationHandle()
    second.attach { cancelled.withValue { $0.append("second") } }
    registry.insert(second, ids: ids)
    #expect(second.registration === registration)
    #expect(registry.filedIDCount == 2)
    // Cancelled by the other id, once; the first is not cancelled again.
    registry.cancel(id: ids[1])
    #expect(cancelled.value == ["first", "second"])
  }

  @Test func vacatedRegistrationsAreFiledOutAndStayBounded() {
    let registry = CancellationRegistry()
    // Work that ends, each under an id of its own: the next insert files the last one out.
    for index in 0..<100 {
      let handle = CancellationHandle()
      registry.insert(handle, ids: [EffectID(ErasedID(index))])
      registry.remove(handle)
    }
    #expect(registry.filedIDCount <= 2)
    // Cancellations with no insert after them are filed out in batches.
    let handles = (0..<100).map { _ in CancellationHandle() }
    for (index, handle) in handles.enumerated() { registry.insert(handle, ids: [EffectID(ErasedID(1_000 + index))]) }
    for index in 0..<100 { registry.cancel(id: EffectID(ErasedID(1_000 + index))) }
    #expect(registry.filedIDCount <= 17)
  }
}
