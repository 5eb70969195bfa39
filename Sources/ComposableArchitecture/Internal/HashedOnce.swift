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
}
