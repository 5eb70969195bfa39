/// Which shared value, or part of one, a ``Shared`` or ``SharedReader`` is: the whole value's
/// reference and the way from it to the part. Two with one identity read one value.
struct SharedIdentity: Equatable, @unchecked Sendable {
  let root: ObjectIdentifier
  let path: AnyKeyPath?

  /// The identity of the part of this value that `keyPath` reaches.
  func appending(_ keyPath: AnyKeyPath) -> Self {
    Self(root: self.root, path: self.path.map { $0.appending(path: keyPath) ?? keyPath } ?? keyPath)
  }
}
