import Dispatch
import Foundation
import Synchronization

/// Waits for a process signal without a handler on the main actor.
enum SignalWaiter {
  static func wait(for signals: [Int32]) async {
    let queue = DispatchQueue(label: "signals")
    let resumed = Mutex(false)
    var sources: [any DispatchSourceSignal] = []
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      for number in signals {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler {
          let first = resumed.withLock { resumed in
            defer { resumed = true }
            return !resumed
          }
          if first { continuation.resume() }
        }
        source.resume()
        sources.append(source)
      }
    }
    for source in sources { source.cancel() }
  }
}
