import Foundation
import Synchronization

/// lws's log lines, to standard error, at most ``LibWebSocketsLog/linesPerSecond`` a second:
/// a peer can make lws log (a request with too many headers is one line each), so the rest of
/// a second's lines are counted and reported in one line.
enum LibWebSocketsLog {
  static let linesPerSecond = 10
  /// The current second, the lines written in it, and the lines left out.
  static let window = Mutex((second: 0, written: 0, skipped: 0))

  static func emit(_ line: String) {
    let second = Int(ProcessInfo.processInfo.systemUptime)
    let (write, skipped) = self.window.withLock { window -> (Bool, Int) in
      var skipped = 0
      if window.second != second {
        skipped = window.skipped
        window = (second, 0, 0)
      }
      guard window.written < self.linesPerSecond else {
        window.skipped += 1
        return (false, skipped)
      }
      window.written += 1
      return (true, skipped)
    }
    var text = ""
    if skipped > 0 { text += "libwebsockets: \(skipped) more log lines left out\n" }
    if write { text += "libwebsockets: " + line.trimmingCharacters(in: .whitespacesAndNewlines) + "\n" }
    if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
  }
}

/// The log function handed to lws (C, so it cannot capture).
let emitLibWebSocketsLog: @convention(c) (Int32, UnsafePointer<CChar>?) -> Void = { _, line in
  guard let line else { return }
  LibWebSocketsLog.emit(String(cString: line))
}
