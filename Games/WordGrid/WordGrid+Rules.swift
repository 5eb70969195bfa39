import GameServerGame

extension WordGrid.State {
  /// The puzzle a player plays on: their own in a race, the shared one in a turns game.
  public func puzzle(for player: PlayerID) -> Puzzle? {
    self.players.firstIndex { $0.id == player }.map { self.puzzles[self.puzzleIndex(forPlayerAt: $0)] }
  }

  /// The words a player may no longer play: their own in a race, everyone's in a turns game.
  public func playedWords(forPlayerAt index: Int) -> Set<String> {
    switch self.mode {
    case .race: Set(self.players[index].words.map(\.word))
    case .turns: Set(self.players.flatMap(\.words).map(\.word))
    }
  }

  /// The players with the best result: the highest score, or in a turns game ended by a
  /// resignation, everyone else. Empty while the game goes on.
  public var winners: [PlayerID] {
    guard case let .ended(reason) = self.status else { return [] }
    if case let .resigned(loser) = reason {
      return self.players.map(\.id).filter { $0 != loser }
    }
    let best = self.players.map(\.score).max() ?? 0
    return self.players.filter { $0.score == best }.map(\.id)
  }

  func puzzleIndex(forPlayerAt index: Int) -> Int {
    self.mode == .race ? index : 0
  }

  /// Finds the player, and checks that they may act now.
  private func actingPlayer(_ player: PlayerID, needsTurn: Bool) throws(WordGridError) -> Int {
    guard let index = self.players.firstIndex(where: { $0.id == player }) else {
      throw .notAPlayer
    }
    guard self.status == .playing else { throw .gameOver }
    guard !self.players[index].isFinished else { throw .playerFinished }
    if needsTurn, self.mode == .turns, self.turn != index { throw .notYourTurn }
    return index
  }

  mutating func submitWord(
    _ path: [FacePosition],
    by player: PlayerID,
    dictionary: WordDictionary
  ) throws(WordGridError) {
    let index = try self.actingPlayer(player, needsTurn: true)
    let puzzleIndex = self.puzzleIndex(forPlayerAt: index)
    let word = try self.puzzles[puzzleIndex].validate(
      path, dictionary: dictionary, played: self.playedWords(forPlayerAt: index)
    ).get()
    self.puzzles[puzzleIndex].use(path)
    self.players[index].words.append(word)
    self.players[index].score += word.score
    if self.mode == .turns {
      self.consecutivePasses = 0
      self.endTurn()
    }
    self.checkForEnd(afterMoveByPlayerAt: index, dictionary: dictionary)
  }

  mutating func removeCube(
    _ cube: CubeIndex,
    by player: PlayerID,
    dictionary: WordDictionary
  ) throws(WordGridError) {
    let index = try self.actingPlayer(player, needsTurn: true)
    let puzzleIndex = self.puzzleIndex(forPlayerAt: index)
    guard self.puzzles[puzzleIndex].isRemovable(cube) else {
      throw .cubeNotRemovable(cube)
    }
    self.puzzles[puzzleIndex].remove(cube)
    if self.mode == .turns {
      self.removalsThisTurn += 1
      if self.removalsThisTurn == 2 {
        self.consecutivePasses = 0
        self.endTurn()
      }
    }
    self.checkForEnd(afterMoveByPlayerAt: index, dictionary: dictionary)
  }

  mutating func pass(by player: PlayerID, dictionary: WordDictionary) throws(WordGridError) {
    let index = try self.actingPlayer(player, needsTurn: true)
    guard self.mode == .turns else { throw .passOnlyInTurns }
    self.consecutivePasses += 1
    self.endTurn()
    if self.consecutivePasses >= self.players.count {
      self.status = .ended(.allPassed)
      return
    }
    self.checkForEnd(afterMoveByPlayerAt: index, dictionary: dictionary)
  }

  mutating func resign(_ player: PlayerID) throws(WordGridError) {
    let index = try self.actingPlayer(player, needsTurn: false)
    switch self.mode {
    case .race:
      self.players[index].isFinished = true
      if self.players.allSatisfy(\.isFinished) { self.status = .ended(.allFinished) }
    case .turns:
      self.status = .ended(.resigned(player))
    }
  }

  private mutating func endTurn() {
    self.turn = (self.turn + 1) % self.players.count
    self.turnsTaken += 1
    self.removalsThisTurn = 0
  }

  /// Ends a racer's game, or the whole game, when the puzzle is cleared, has no word left, or
  /// the turn limit is reached.
  private mutating func checkForEnd(afterMoveByPlayerAt index: Int, dictionary: WordDictionary) {
    let puzzle = self.puzzles[self.puzzleIndex(forPlayerAt: index)]
    let isStuck =
      puzzle.isCleared
      || !WordSolver.hasWord(puzzle, dictionary: dictionary, excluding: self.playedWords(forPlayerAt: index))
    switch self.mode {
    case .race:
      if isStuck { self.players[index].isFinished = true }
      if self.players.allSatisfy(\.isFinished) { self.status = .ended(.allFinished) }
    case .turns:
      if puzzle.isCleared {
        self.status = .ended(.cubeCleared)
      } else if self.turnsTaken >= self.settings.turnLimit {
        self.status = .ended(.turnLimit)
      } else if isStuck {
        self.status = .ended(.noWordsLeft)
      }
    }
  }
}
