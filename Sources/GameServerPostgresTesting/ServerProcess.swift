import Foundation
import Synchronization

/// A server started as a child process by a thread of its own, which stays until the child
/// exits: the kernel's parent-death signal (`setpriv --pdeathsig`) is tied to the thread that
/// started the child, so a thread of a pool that may end would stop the server early.
///
/// The child's standard error goes to a log file; ``start(_:_:log:ready:)`` returns once a line
/// says it is ready, and throws with the log's end if it exits first.
///
/// ```swift
/// let server = try await ServerProcess.start("/usr/bin/setpriv", ["--pdeathsig", "INT", "postgres", ...], log: path)
/// await server.stop()
/// ```
final class ServerProcess: Sendable {
  private struct State {
    var pid: pid_t = 0
    var started: CheckedContinuation<Void, any Error>?
    var exited = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  var pid: pid_t { self.state.withLock { $0.pid } }

  static func start(
    _ executable: String, _ arguments: [String], log: String,
    ready: String = "database system is ready to accept connections"
  ) async throws -> ServerProcess {
    let server = ServerProcess()
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      server.state.withLock { $0.started = continuation }
      let thread = Thread { server.run(executable, arguments, log: log, ready: ready) }
      thread.name = "scratch-postgres"
      thread.start()
    }
    return server
  }

  /// Sends SIGINT and returns once the process has exited.
  func stop() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let pid = self.state.withLock { state -> pid_t? in
        if state.exited { return nil }
        state.waiting.append(continuation)
        return state.pid
      }
      guard let pid else { return continuation.resume() }
      kill(pid, SIGINT)
    }
  }

  /// The thread's life: start the child, copy its output to the log (telling the starter when
  /// it is ready), then wait for it to exit.
  private func run(_ executable: String, _ arguments: [String], log: String, ready: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: "/")
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let file = FileHandle(forWritingAtPath: log)
    do {
      try process.run()
    } catch {
      self.finishStarting(throwing: error)
      return
    }
    self.state.withLock { $0.pid = process.processIdentifier }
    try? pipe.fileHandleForWriting.close()
    var output = Data()
    var isReady = false
    while true {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      file?.write(chunk)
      if !isReady {
        output.append(chunk)
        if String(decoding: output, as: UTF8.self).contains(ready) {
          isReady = true
          output = Data()
          self.finishStarting(throwing: nil)
        }
      }
    }
    process.waitUntilExit()
    if !isReady {
      let text = String(decoding: output.suffix(800), as: UTF8.self)
      self.finishStarting(throwing: ScratchPostgresError("the server exited before it was ready: \(text)"))
    }
    let waiting = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.exited = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  private func finishStarting(throwing error: (any Error)?) {
    let continuation = self.state.withLock { state in
      defer { state.started = nil }
      return state.started
    }
    if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
  }
}
