extension WordGridView {
  /// The puzzle the view shows, rebuilt from its cubes (letters, the cubes in play, their wear): what a bot or a test that plays from
  /// views searches for words.
  ///
  /// ```swift
  /// let words = WordSolver.solve(view.puzzle, dictionary: dictionary)
  /// ```
  public var puzzle: Puzzle {
    var puzzle = Puzzle(
      cubes: self.cubes.map { cube in
        (
          CubeIndex(x: cube.x, y: cube.y, z: cube.z),
          Puzzle.CubeLetters(right: cube.right, top: cube.top, left: cube.left)
        )
      })
    for cube in self.cubes {
      let index = CubeIndex(x: cube.x, y: cube.y, z: cube.z)
      if !cube.inPlay { puzzle.inPlay.remove(index) }
      puzzle.useCounts[index.index] = cube.uses
    }
    return puzzle
  }
}
