/// A set of cubes, as 27 bits.
///
/// ```swift
/// var inPlay = CubeSet.all
/// inPlay.remove(CubeIndex(x: 2, y: 2, z: 2))
/// inPlay.count  // 26
/// ```
public struct CubeSet: Hashable, Codable, Sendable {
  public var bits: UInt32

  public init(bits: UInt32 = 0) { self.bits = bits }

  /// Every cube.
  public static let all = CubeSet(bits: (1 << 27) - 1)

  public func contains(_ cube: CubeIndex) -> Bool { self.bits & (1 << cube.index) != 0 }

  public mutating func insert(_ cube: CubeIndex) { self.bits |= 1 << cube.index }

  public mutating func remove(_ cube: CubeIndex) { self.bits &= ~(1 << cube.index) }

  public var count: Int { self.bits.nonzeroBitCount }

  public var isEmpty: Bool { self.bits == 0 }

  /// Whether the two sets have a cube in common.
  public func intersects(_ other: CubeSet) -> Bool { self.bits & other.bits != 0 }

  /// The cubes, in index order.
  public var cubes: [CubeIndex] { CubeIndex.all.filter(self.contains) }
}
