extension Puzzle {
  /// The three letters of one cube.
  public struct CubeLetters: Hashable, Sendable {
    public var right: Letter
    public var top: Letter
    public var left: Letter

    public init(right: Letter, top: Letter, left: Letter) {
      self.right = right
      self.top = top
      self.left = left
    }
  }

  /// A fresh puzzle from each cube's letters, as views and puzzle reports list them; faces not
  /// given are E.
  ///
  /// ```swift
  /// let corner = CubeIndex(x: 2, y: 2, z: 2)
  /// let letters = Puzzle.CubeLetters(right: Letter("C")!, top: Letter("A")!, left: Letter("B")!)
  /// let puzzle = Puzzle(cubes: [(corner, letters)])
  /// puzzle[corner].top  // A
  /// ```
  public init(cubes: some Sequence<(CubeIndex, CubeLetters)>) {
    self.init(letters: Array(repeating: Letter("E")!, count: 81))
    for (cube, letters) in cubes { self[cube] = letters }
  }

  /// The letters on a cube's three faces.
  public subscript(cube: CubeIndex) -> CubeLetters {
    get {
      CubeLetters(
        right: self[FacePosition(cube: cube, side: .right)],
        top: self[FacePosition(cube: cube, side: .top)],
        left: self[FacePosition(cube: cube, side: .left)])
    }
    set {
      self[FacePosition(cube: cube, side: .right)] = newValue.right
      self[FacePosition(cube: cube, side: .top)] = newValue.top
      self[FacePosition(cube: cube, side: .left)] = newValue.left
    }
  }
}
