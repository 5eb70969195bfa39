/// One arming of a timer that a send started without a task (a ``StoreTaskPart``): what that
/// send's ``StoreTask`` awaits and cancels.
///
/// A timer re-armed in place under the same ids is a new arming of the same part, so the send
/// that armed it before sees its own arming cancelled, as if its timer had been replaced.
@usableFromInline
struct TimerArming: Sendable {
  let part: any StoreTaskPart
  let arming: UInt64

  @usableFromInline
  init(part: any StoreTaskPart, arming: UInt64) {
    self.part = part
    self.arming = arming
  }

  func cancel() { self.part.cancel(arming: self.arming) }

  var isCancelled: Bool { self.part.isCancelled(arming: self.arming) }

  func finished() async { await self.part.finished(arming: self.arming) }

  /// The same arming of the same part.
  func isSame(as other: Self) -> Bool {
    self.part === other.part && self.arming == other.arming
  }
}
