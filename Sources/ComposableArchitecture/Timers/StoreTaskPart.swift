/// Work a send started without a task of its own (a ``ScheduledSend``), which its
/// ``StoreTask`` can still await and cancel.
///
/// A part can be armed again in place (a timer re-armed under the same ids), so each call names
/// the arming it is about: an earlier arming reads as cancelled and over.
@usableFromInline
protocol StoreTaskPart: AnyObject, Sendable {
  /// Cancels `arming`, if it is still the part's current one.
  func cancel(arming: UInt64)
  func isCancelled(arming: UInt64) -> Bool
  /// Returns once `arming` is over: sent, cancelled, or replaced by a later arming.
  func finished(arming: UInt64) async
}
