/// The position of one of the 27 cubes in the 3×3×3 stack.
///
/// Cube (x, y, z) fills [x, x+1] × [y, y+1] × [z, z+1], with x, y and z in 0...2. Positions
/// decoded from a client may be off the stack; `isValid` says so, and the rules reject them.
///
/// ```swift
/// let corner = CubeIndex(x: 2, y: 2, z: 2)
/// corner.index  // 26
/// ```
public struct CubeIndex: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var z: Int

  public init(x: Int, y: Int, z: Int) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// The cube at `index` (x * 9 + y * 3 + z).
  public init(index: Int) {
    self.init(x: index / 9, y: index / 3 % 3, z: index % 3)
  }

  /// All 27 cubes, in index order.
  public static let all = (0..<27).map(CubeIndex.init(index:))

  /// Whether x, y and z are all in 0...2.
  public var isValid: Bool {
    (0...2).contains(self.x) && (0...2).contains(self.y) && (0...2).contains(self.z)
  }

  /// The cube's position in index order: x * 9 + y * 3 + z.
  public var index: Int { self.x * 9 + self.y * 3 + self.z }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }

  public var description: String { "(\(self.x), \(self.y), \(self.z))" }
}
