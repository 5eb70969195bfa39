/// A value that computes its hash value once, when it is made, and hashes as that value.
///
/// Cancellation ids are looked up several times in the life of an effect, and their parts
/// (type-erased values, key paths, child paths) cost far more to hash than to keep.
@usableFromInline
protocol HashedOnce: Hashable {
  /// The value's hash, computed when the value was made.
  var hash: Int { get }
}

extension HashedOnce {
  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(self.hash)
  }

  // NB: What a dictionary or set asks for. The hash was computed with the process's seeded
  //     `Hasher` from the value's parts, so mixing it with the table's seed is enough: running
  //     SipHash over it again on every look-up cost a quarter of a registry look-up.
  @inlinable
  func _rawHashValue(seed: Int) -> Int {
    var mixed = UInt64(bitPattern: Int64(self.hash)) ^ UInt64(bitPattern: Int64(seed))
    mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
    mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return Int(bitPattern: UInt(mixed ^ (mixed >> 32)))
  }
}
