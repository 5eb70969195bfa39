import Synchronization

extension JSONOutput {
  /// Runs `body` with an empty output taken from a small shared pool, which takes it back after:
  /// for JSON written once and copied out to fit (``copiedBytes()``), so that each message
  /// costs its bytes and not also an output object and a buffer sized by guess.
  ///
  /// ```swift
  /// let json = JSONOutput.withPooled { output in
  ///   output.raw(#"{"ok":true}"#)
  ///   return output.copiedBytes()
  /// }
  /// ```
  ///
  /// `body` must not keep the output: it is handed to the next caller.
  public static func withPooled<Result>(_ body: (JSONOutput) throws -> Result) rethrows -> Result {
    let output = pooledOutputs.take() ?? JSONOutput(capacity: 512)
    defer {
      output.reset()
      pooledOutputs.give(output)
    }
    return try body(output)
  }

  /// The bytes written so far, in a new array of their size. (`Array(output.bytes)` would
  /// share the output's buffer, which the pool then has to replace.)
  public func copiedBytes() -> [UInt8] {
    self.bytes.withUnsafeBufferPointer { written in
      [UInt8](unsafeUninitializedCapacity: written.count) { copy, count in
        count = written.count
        guard let base = written.baseAddress, count > 0 else { return }
        copy.baseAddress!.initialize(from: base, count: count)
      }
    }
  }
}

/// The outputs ``JSONOutput/withPooled(_:)`` lends: a few, each of bounded size, so that a huge
/// message once does not keep its buffer for ever.
private let pooledOutputs = PooledOutputs()

private final class PooledOutputs: @unchecked Sendable {
  // NB: Unchecked: an output is only ever in the list or with one caller, never both.
  private let outputs = Mutex<[JSONOutput]>([])

  func take() -> JSONOutput? {
    self.outputs.withLock { outputs in outputs.popLast().map(Unshared.init) }?.output
  }

  func give(_ output: JSONOutput) {
    guard output.bytes.capacity <= Self.largestKept else { return }
    let unshared = Unshared(output)
    self.outputs.withLock { outputs in
      if outputs.count < Self.countKept { outputs.append(unshared.output) }
    }
  }

  static let countKept = 8
  static let largestKept = 64 * 1024
}

/// An output handed from one owner to the next, never used by two at once.
private struct Unshared: @unchecked Sendable {
  let output: JSONOutput
  init(_ output: JSONOutput) { self.output = output }
}
