/// A hash of a value's own bytes (its stored fields and buffer pointers), to tell cheaply that
/// a reducer changed state: a different fingerprint after a reduce means it did.
///
/// An equal fingerprint proves nothing (a buffer changed in place, a collision), so it only
/// tells the test store when a full comparison is worth making.
///
/// ```swift
/// let before = StateFingerprint(of: &state)
/// _ = reducer.reduce(into: &state, action: action)
/// let maybeUnchanged = StateFingerprint(of: &state) == before
/// ```
struct StateFingerprint: Equatable {
  let value: UInt64

  init<Value>(of value: inout Value) {
    // NB: FNV-1a over the bytes, a word at a time; the value is read in place, so padding is
    //     the same both times.
    self.value = withUnsafeBytes(of: &value) { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      var offset = 0
      while offset + 8 <= bytes.count {
        hash =
          (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          &* 0x100_0000_01b3
        offset += 8
      }
      while offset < bytes.count {
        hash = (hash ^ UInt64(bytes[offset])) &* 0x100_0000_01b3
        offset += 1
      }
      return hash
    }
  }
}
