import Foundation
import Testing

@testable import GameServerWordGrid

struct GeometryTests {
  let fresh = makePuzzle([:])

  @Test func freshPuzzleShowsExactlyTheOuterFaces() {
    let expected = Set(
      FacePosition.all.filter {
        ($0.side == .right && $0.cube.x == 2) || ($0.side == .top && $0.cube.y == 2)
          || ($0.side == .left && $0.cube.z == 2)
      })
    #expect(expected.count == 27)
    #expect(Set(fresh.playableFaces) == expected)
  }

  @Test func removingTheCornerShowsThreeFaces() {
    var puzzle = fresh
    puzzle.remove(CubeIndex(x: 2, y: 2, z: 2))
    let playable = Set(puzzle.playableFaces)
    #expect(playable.count == 27)
    #expect(playable.contains(FacePosition(x: 1, y: 2, z: 2, side: .right)))
    #expect(playable.contains(FacePosition(x: 2, y: 1, z: 2, side: .top)))
    #expect(playable.contains(FacePosition(x: 2, y: 2, z: 1, side: .left)))
    #expect(!playable.contains(FacePosition(x: 2, y: 2, z: 2, side: .right)))
  }

  @Test func aHalfHiddenFaceIsNotPlayable() {
    // Removing (2, 1, 2) uncovers the right face of (1, 1, 2), but the cube (2, 2, 2) still
    // covers half of it as seen from (1, 1, 1).
    var puzzle = fresh
    let face = FacePosition(x: 1, y: 1, z: 2, side: .right)
    puzzle.remove(CubeIndex(x: 2, y: 1, z: 2))
    #expect(!puzzle.isPlayable(face))
    puzzle.remove(CubeIndex(x: 2, y: 2, z: 2))
    #expect(puzzle.isPlayable(face))
  }

  @Test func aFaceIsHiddenByTheCubeDiagonallyInFront() {
    // The right face of (0, 0, 0) can be covered by (1, 1, 1) alone.
    var puzzle = fresh
    let face = FacePosition(x: 0, y: 0, z: 0, side: .right)
    for cube in CubeIndex.all where cube != CubeIndex(x: 0, y: 0, z: 0) && cube != CubeIndex(x: 1, y: 1, z: 1) {
      puzzle.remove(cube)
    }
    #expect(!puzzle.isPlayable(face))
    puzzle.remove(CubeIndex(x: 1, y: 1, z: 1))
    #expect(puzzle.isPlayable(face))
  }

  @Test func hidingCubesOfADeepFace() {
    let hiding = CubeGeometry.hidingCubes[FacePosition(x: 0, y: 0, z: 0, side: .right).index]
    #expect(
      Set(hiding.cubes) == [
        CubeIndex(x: 1, y: 0, z: 0), CubeIndex(x: 1, y: 1, z: 0), CubeIndex(x: 1, y: 0, z: 1),
        CubeIndex(x: 1, y: 1, z: 1), CubeIndex(x: 2, y: 1, z: 1), CubeIndex(x: 2, y: 2, z: 1),
        CubeIndex(x: 2, y: 1, z: 2), CubeIndex(x: 2, y: 2, z: 2),
      ])
  }

  @Test func aRemovedCubesFacesAreNotPlayable() {
    var puzzle = fresh
    puzzle.remove(CubeIndex(x: 2, y: 0, z: 0))
    #expect(!puzzle.isPlayable(front(0, 0)))
    #expect(!puzzle.isRemovable(CubeIndex(x: 2, y: 0, z: 0)))
  }

  @Test func hiddenCubesCannotBeRemovedByHand() {
    #expect(!fresh.isRemovable(CubeIndex(x: 1, y: 1, z: 1)))
    #expect(fresh.isRemovable(CubeIndex(x: 2, y: 0, z: 0)))
    #expect(!fresh.isRemovable(CubeIndex(x: 3, y: 0, z: 0)))
  }

  @Test func facesOfOneCubeTouch() {
    let cube = CubeIndex(x: 2, y: 2, z: 2)
    #expect(CubeGeometry.touches(FacePosition(cube: cube, side: .right), FacePosition(cube: cube, side: .top)))
    #expect(CubeGeometry.touches(FacePosition(cube: cube, side: .top), FacePosition(cube: cube, side: .left)))
  }

  @Test func neighboursOnAWallTouchAlsoDiagonally() {
    #expect(CubeGeometry.touches(front(0, 0), front(0, 1)))
    #expect(CubeGeometry.touches(front(0, 0), front(1, 1)))
    #expect(!CubeGeometry.touches(front(0, 0), front(2, 0)))
    #expect(!CubeGeometry.touches(front(0, 0), front(0, 2)))
    #expect(!CubeGeometry.touches(front(0, 0), front(0, 0)))
  }

  @Test func facesAcrossAnEdgeTouch() {
    // The right face of (2, 2, 0) and the top face of (2, 2, 1) share the corner (3, 3, 1).
    #expect(CubeGeometry.touches(front(2, 0), top(2, 1)))
    // The right face of (2, 1, 0) reaches only y = 2, one below the top wall.
    #expect(!CubeGeometry.touches(front(1, 0), top(2, 1)))
  }

  @Test func touchingIsSymmetric() {
    for a in FacePosition.all {
      for b in FacePosition.all {
        #expect(CubeGeometry.touches(a, b) == CubeGeometry.touches(b, a))
      }
    }
  }

  @Test func outerFaceNeighbourCounts() {
    // A middle face of the front wall touches its 8 neighbours on the wall and the 2 other faces
    // of its cube.
    let middle = front(1, 1)
    let playable = fresh.playableFaces
    let neighbours = CubeGeometry.touchingFaces[middle.index].intersection(playable)
    #expect(neighbours.count == 8)
    #expect(CubeGeometry.touchingFaces[middle.index].count > 8)
  }

  @Test func facePositionsCodeAsTheWireForm() throws {
    let face = FacePosition(x: 2, y: 1, z: 0, side: .right)
    let data = try JSONEncoder().encode(face)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(object?["face"] as? String == "right")
    #expect(object?["x"] as? Int == 2)
    #expect(try JSONDecoder().decode(FacePosition.self, from: data) == face)
  }
}
