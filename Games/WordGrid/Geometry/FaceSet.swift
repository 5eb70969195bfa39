/// A set of faces, as 81 bits.
///
/// ```swift
/// var used = FaceSet()
/// used.insert(FacePosition(x: 2, y: 0, z: 0, side: .right))
/// ```
public struct FaceSet: Hashable, Sendable, Sequence {
  var low: UInt64
  var high: UInt64

  public init() {
    self.low = 0
    self.high = 0
  }

  public func contains(_ face: FacePosition) -> Bool { self.contains(index: face.index) }

  public mutating func insert(_ face: FacePosition) { self.insert(index: face.index) }

  @inline(__always)
  func contains(index: Int) -> Bool {
    index < 64 ? self.low & (1 << UInt64(index)) != 0 : self.high & (1 << UInt64(index - 64)) != 0
  }

  @inline(__always)
  mutating func insert(index: Int) {
    if index < 64 { self.low |= 1 << UInt64(index) } else { self.high |= 1 << UInt64(index - 64) }
  }

  @inline(__always)
  mutating func remove(index: Int) {
    if index < 64 {
      self.low &= ~(1 << UInt64(index))
    } else {
      self.high &= ~(1 << UInt64(index - 64))
    }
  }

  @inline(__always)
  func intersection(_ other: FaceSet) -> FaceSet {
    var result = FaceSet()
    result.low = self.low & other.low
    result.high = self.high & other.high
    return result
  }

  public var count: Int { self.low.nonzeroBitCount + self.high.nonzeroBitCount }

  public var isEmpty: Bool { self.low == 0 && self.high == 0 }

  public func makeIterator() -> Iterator { Iterator(set: self) }

  /// Iterates the faces in index order.
  public struct Iterator: IteratorProtocol {
    var set: FaceSet

    public mutating func next() -> FacePosition? {
      guard let index = self.set.popFirstIndex() else { return nil }
      return FacePosition(index: index)
    }
  }

  @inline(__always)
  mutating func popFirstIndex() -> Int? {
    if self.low != 0 {
      let index = self.low.trailingZeroBitCount
      self.low &= self.low - 1
      return index
    }
    if self.high != 0 {
      let index = self.high.trailingZeroBitCount
      self.high &= self.high - 1
      return index + 64
    }
    return nil
  }
}
