/// A writable key path into state, applied through its byte offset when it is a chain of
/// stored properties: no key path machinery per action.
@usableFromInline
struct StatePath<Root, Value>: @unchecked Sendable {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline let offset: Int?

  @usableFromInline
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Runs `body` on the value in place.
  @inlinable
  @inline(__always)
  func modify<R>(_ root: inout Root, _ body: (inout Value) -> R) -> R {
    if let offset = self.offset {
      return withUnsafeMutablePointer(to: &root) { pointer in
        body(
          &UnsafeMutableRawPointer(pointer)
            .advanced(by: offset)
            .assumingMemoryBound(to: Value.self)
            .pointee
        )
      }
    }
    return body(&root[keyPath: self.keyPath])
  }
}
