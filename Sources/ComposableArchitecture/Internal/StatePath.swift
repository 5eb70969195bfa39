import Synchronization

/// A writable key path into state, applied through its byte offset when it is a chain of
/// stored properties: no key path machinery per action.
///
/// A property that ``ObservableState()`` observes is computed over private storage, and a key
/// path through a computed property gets, changes and sets a copy (which copies an array it
/// holds on write). Its storage's offset is used instead while nothing in the process is being
/// perceived, when the accessors would only have stored the value anyway.
@usableFromInline
struct StatePath<Root, Value>: @unchecked Sendable {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline let offset: Int?
  /// Whether ``offset`` is the storage of an observed property, to be used only while nothing
  /// is being perceived.
  @usableFromInline let offsetSkipsObservation: Bool
  /// Where to read whether anyone is perceiving.
  @usableFromInline let perceptionActivity: UnsafePointer<Atomic<Int>>

  @usableFromInline
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.perceptionActivity = _perceptionActivityAddress
    if let offset = MemoryLayout<Root>.offset(of: keyPath) {
      self.offset = offset
      self.offsetSkipsObservation = false
    } else if let offset = Self.storageOffset(of: keyPath) {
      self.offset = offset
      self.offsetSkipsObservation = true
    } else {
      self.offset = nil
      self.offsetSkipsObservation = false
    }
  }

  /// The offset of the storage behind an observed property of `Root`, when it holds the value
  /// itself (of type `Value`).
  private static func storageOffset(of keyPath: WritableKeyPath<Root, Value>) -> Int? {
    guard
      let observable = Root.self as? any ObservableState.Type,
      let storage = observable._$storageKeyPath(for: keyPath) as? WritableKeyPath<Root, Value>
    else { return nil }
    return MemoryLayout<Root>.offset(of: storage)
  }

  /// The byte offset to use now, if any.
  @inlinable
  @inline(__always)
  var currentOffset: Int? {
    if self.offsetSkipsObservation,
      self.perceptionActivity.pointee.load(ordering: .relaxed) != 0
    {
      return nil
    }
    return self.offset
  }

  /// Runs `body` on the value in place.
  @inlinable
  @inline(__always)
  func modify<R>(_ root: inout Root, _ body: (inout Value) -> R) -> R {
    if let offset = self.currentOffset {
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
