/// One of the three lettered faces of a cube, named by the direction its normal points.
///
/// The player looks at the stack from direction (1, 1, 1), so on a fresh puzzle the `right`
/// faces at x = 2, the `top` faces at y = 2 and the `left` faces at z = 2 are the ones seen.
///
/// ```swift
/// let face = FacePosition(cube: CubeIndex(x: 2, y: 1, z: 0), side: .right)
/// ```
public enum Side: String, CaseIterable, Codable, Sendable, Hashable {
  /// The face whose normal is +x.
  case right
  /// The face whose normal is +y.
  case top
  /// The face whose normal is +z.
  case left

  /// The side's position in `Side.allCases` (0, 1 or 2), used to index faces.
  public var offset: Int {
    switch self {
    case .right: 0
    case .top: 1
    case .left: 2
    }
  }

  /// The axis the face's normal points along: 0 for x, 1 for y, 2 for z.
  var axis: Int { self.offset }
}
