/// Precomputed facts about the 3×3×3 stack: which cubes can hide a face, and which faces touch.
///
/// **Visibility.** The player looks along −(1, 1, 1). A point p of a face is hidden when the ray
/// p + t·(1, 1, 1), t > 0, passes through the inside of an in-play cube. For the `right` face of
/// cube (x, y, z) (the square X = x+1) those rays pass through exactly the cubes
/// (x+1+m, y+m+a, z+m+b) for m ≥ 0 and a, b in {0, 1}: the cube in front of the face, the two
/// beside that one that each cover half of it, the cube diagonally in front that covers all of it,
/// and so on outwards. `top` and `left` faces follow by symmetry. A face is *playable* when its
/// cube is in play and none of these cubes is: the face is seen whole. On a fresh puzzle that is
/// exactly the 27 outer faces; removing the corner cube (2, 2, 2) shows three new faces.
///
/// **Touching.** Two faces touch when their unit squares share at least one corner point in
/// space: two faces of one cube, edge and diagonal neighbours on one wall, and faces across the
/// edge where two walls meet.
public enum CubeGeometry {
  /// For each face index, the cubes whose presence hides (some of) that face.
  public static let hidingCubes: [CubeSet] = FacePosition.all.map(computeHidingCubes)

  /// For each face index, the other faces it touches.
  public static let touchingFaces: [FaceSet] = {
    let corners = FacePosition.all.map(cornerCodes)
    return FacePosition.all.map { face in
      var set = FaceSet()
      for other in FacePosition.all where other != face {
        if !corners[face.index].isDisjoint(with: corners[other.index]) {
          set.insert(other)
        }
      }
      return set
    }
  }()

  /// Whether two faces touch (share a corner).
  public static func touches(_ a: FacePosition, _ b: FacePosition) -> Bool {
    a.cube.isValid && b.cube.isValid && touchingFaces[a.index].contains(b)
  }

  /// The corner points of a face's unit square, each coded as (X * 4 + Y) * 4 + Z.
  static func cornerCodes(_ face: FacePosition) -> Set<Int> {
    var origin = [face.cube.x, face.cube.y, face.cube.z]
    origin[face.side.axis] += 1
    let others = [0, 1, 2].filter { $0 != face.side.axis }
    var codes = Set<Int>()
    for a in 0...1 {
      for b in 0...1 {
        var point = origin
        point[others[0]] += a
        point[others[1]] += b
        codes.insert((point[0] * 4 + point[1]) * 4 + point[2])
      }
    }
    return codes
  }

  static func computeHidingCubes(_ face: FacePosition) -> CubeSet {
    let base = [face.cube.x, face.cube.y, face.cube.z]
    let others = [0, 1, 2].filter { $0 != face.side.axis }
    var set = CubeSet()
    for m in 0...2 {
      for a in 0...1 {
        for b in 0...1 {
          var point = base.map { $0 + m }
          point[face.side.axis] += 1
          point[others[0]] += a
          point[others[1]] += b
          let cube = CubeIndex(x: point[0], y: point[1], z: point[2])
          if cube.isValid { set.insert(cube) }
        }
      }
    }
    return set
  }
}
