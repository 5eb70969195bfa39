/// One lettered face: a cube and which of its three faces.
///
/// Encodes as `{"x": 2, "y": 1, "z": 0, "face": "right"}`, the form used on the wire and by the
/// command-line harness.
///
/// ```swift
/// let face = FacePosition(x: 2, y: 1, z: 0, side: .right)
/// face.index  // 63: (cube 21) * 3 + 0
/// ```
public struct FacePosition: Hashable, Codable, Sendable, CustomStringConvertible {
  public var cube: CubeIndex
  public var side: Side

  public init(cube: CubeIndex, side: Side) {
    self.cube = cube
    self.side = side
  }

  public init(x: Int, y: Int, z: Int, side: Side) {
    self.init(cube: CubeIndex(x: x, y: y, z: z), side: side)
  }

  /// The face at `index` (cube index * 3 + side offset), 0..<81.
  public init(index: Int) {
    self.init(cube: CubeIndex(index: index / 3), side: Side.allCases[index % 3])
  }

  /// All 81 faces, in index order.
  public static let all = (0..<81).map(FacePosition.init(index:))

  /// The face's position in index order: cube index * 3 + side offset.
  public var index: Int { self.cube.index * 3 + self.side.offset }

  private enum CodingKeys: String, CodingKey {
    case x, y, z, face
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      x: try container.decode(Int.self, forKey: .x),
      y: try container.decode(Int.self, forKey: .y),
      z: try container.decode(Int.self, forKey: .z),
      side: try container.decode(Side.self, forKey: .face)
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.cube.x, forKey: .x)
    try container.encode(self.cube.y, forKey: .y)
    try container.encode(self.cube.z, forKey: .z)
    try container.encode(self.side, forKey: .face)
  }

  public var description: String { "\(self.cube) \(self.side.rawValue)" }
}
