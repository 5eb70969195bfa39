/// Work a send started without a task of its own (a ``ScheduledSend``), which its
/// ``StoreTask`` can still await and cancel.
@usableFromInline
protocol StoreTaskPart: AnyObject, Sendable {
  func cancel()
  var isCancelled: Bool { get }
  /// Returns once the work is over, sent or cancelled.
  func finished() async
}
