import GameServerGame

/// A word-grid puzzle: 27 letter cubes, which are still in play, and how often each was used.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 7)
/// var puzzle = Puzzle.random(using: &generator)
/// puzzle.playableFaces.count  // 27 on a fresh puzzle
/// ```
public struct Puzzle: Hashable, Codable, Sendable {
  /// The letter of each face, by face index (cube index * 3 + side offset).
  public var letters: [Letter]
  /// The cubes still in play.
  public var inPlay: CubeSet
  /// How many times faces of each cube were used in played words, by cube index.
  public var useCounts: [Int]

  /// A cube is removed once its faces have been used this many times in all.
  public static let usesPerCube = 3

  /// A fresh puzzle with these face letters (81 of them, by face index).
  public init(letters: [Letter]) {
    precondition(letters.count == 81, "A puzzle has 81 faces")
    self.letters = letters
    self.inPlay = .all
    self.useCounts = Array(repeating: 0, count: 27)
  }

  /// A fresh puzzle whose letters are drawn from ``LetterTable``.
  public static func random(using generator: inout some RandomNumberGenerator) -> Puzzle {
    Puzzle(letters: (0..<81).map { _ in LetterTable.draw(using: &generator) })
  }

  /// The letter on a face.
  public subscript(face: FacePosition) -> Letter {
    get { self.letters[face.index] }
    set { self.letters[face.index] = newValue }
  }

  /// Whether the face's cube is in play and no in-play cube hides any part of the face.
  public func isPlayable(_ face: FacePosition) -> Bool {
    face.cube.isValid && self.isPlayable(index: face.index)
  }

  @inline(__always)
  func isPlayable(index: Int) -> Bool {
    self.inPlay.bits & (1 << UInt32(index / 3)) != 0
      && self.inPlay.bits & CubeGeometry.hidingCubes[index].bits == 0
  }

  /// Every playable face.
  public var playableFaces: FaceSet {
    var set = FaceSet()
    for index in 0..<81 where self.isPlayable(index: index) { set.insert(index: index) }
    return set
  }

  /// Whether a cube is in play with at least one playable face, so a player may remove it.
  public func isRemovable(_ cube: CubeIndex) -> Bool {
    cube.isValid && Side.allCases.contains { self.isPlayable(FacePosition(cube: cube, side: $0)) }
  }

  /// Whether every cube has been removed.
  public var isCleared: Bool { self.inPlay.isEmpty }

  /// Counts one use of each face in `path`, removing cubes that reach ``usesPerCube``.
  ///
  /// - Returns: The cubes removed.
  @discardableResult
  public mutating func use(_ path: [FacePosition]) -> [CubeIndex] {
    var removed: [CubeIndex] = []
    for face in path {
      self.useCounts[face.cube.index] += 1
    }
    for cube in Set(path.map(\.cube)).sorted()
    where self.useCounts[cube.index] >= Self.usesPerCube && self.inPlay.contains(cube) {
      self.inPlay.remove(cube)
      removed.append(cube)
    }
    return removed
  }

  /// Takes a cube out of play.
  public mutating func remove(_ cube: CubeIndex) {
    self.inPlay.remove(cube)
  }

  /// The word that a path of faces spells, in lower case.
  public func word(along path: [FacePosition]) -> String {
    path.map { self[$0].lowercased }.joined()
  }
}
