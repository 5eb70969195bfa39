/// Where a ``ScheduledSend`` stands: its phase, its current arming, and those waiting for that
/// arming to end.
///
/// Not nested in the generic timer class: a type nested there is generic too, and every lock of
/// it would look up its metadata at run time (2% of a re-arm).
///
/// ```swift
/// var progress = ScheduledSendProgress()
/// progress.phase = .waiting(clockID: 7)
/// progress.arming &+= 1   // re-armed: the sends that armed it before see theirs cancelled
/// ```
struct ScheduledSendProgress {
  enum Phase {
    /// Registered, but not yet in the clock.
    case arming
    case waiting(clockID: UInt64)
    /// Sent or cancelled.
    case done

    var isDone: Bool {
      if case .done = self { return true }
      return false
    }
  }

  var phase = Phase.arming
  /// The current arming; earlier ones were replaced.
  var arming: UInt64 = 0
  /// Those waiting for the current arming to end.
  var waiters: [UnsafeContinuation<Void, Never>] = []
  var isCancelled = false
}
