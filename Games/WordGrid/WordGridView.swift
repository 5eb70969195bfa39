import Foundation
import GameServerGame

/// What one player, or a spectator, may see of a word-grid game. The server sends this, never
/// the state.
///
/// In a race each player sees their own puzzle and words, and only the score and word count of
/// the others; spectators see the starting puzzle and the scores. When the game ends, every
/// word is revealed. In a turns game everything is shared.
///
/// ```swift
/// let view = state.view(for: "alice")
/// view.players.first { $0.id == "bob" }?.words  // nil during a race
/// ```
public struct WordGridView: Equatable, Codable, Sendable {
  public var mode: WordGrid.Mode
  /// The viewer, if they play in this game.
  public var you: PlayerID?
  /// The puzzle the viewer plays on (spectators in a race: the starting puzzle).
  public var cubes: [CubeView]
  /// The faces that can be played now.
  public var playable: [FacePosition]
  public var players: [PlayerView]
  /// The player to move in a turns game.
  public var turn: PlayerID?
  public var turnsTaken: Int
  public var turnLimit: Int
  public var raceSeconds: Int
  /// When a race ends: Unix time in milliseconds, by the server's clock (nil for a turns game,
  /// and before the race starts).
  public var raceEndsAt: Int64?
  /// When the turn of the player to move ends (turns games with a turn clock): Unix time in
  /// milliseconds, by the server's clock; a turn not taken by then passes.
  public var turnEndsAt: Int64?
  /// Set when the game is over.
  public var ended: WordGrid.EndReason?
  /// The winners, once the game is over.
  public var winners: [PlayerID]

  /// One cube: where it is, its three letters, whether it is in play, how often it was used.
  public struct CubeView: Equatable, Codable, Sendable {
    public var x: Int
    public var y: Int
    public var z: Int
    public var right: Letter
    public var top: Letter
    public var left: Letter
    public var inPlay: Bool
    public var uses: Int
  }

  /// A player as the viewer may see them: `words` is nil when hidden.
  public struct PlayerView: Equatable, Codable, Sendable {
    public var id: PlayerID
    public var score: Int
    public var wordCount: Int
    public var words: [FoundWord]?
    public var finished: Bool
  }
}

extension WordGrid.State {
  /// The view of the game for `viewer` (nil or a non-player: a spectator).
  public func view(for viewer: PlayerID?) -> WordGridView {
    let index = viewer.flatMap { id in self.players.firstIndex { $0.id == id } }
    let isOver = self.status != .playing
    let puzzle =
      index.map { self.puzzles[self.puzzleIndex(forPlayerAt: $0)] }
      ?? (self.mode == .turns ? self.puzzles[0] : self.initialPuzzle)
    let ended: WordGrid.EndReason? = if case let .ended(reason) = self.status { reason } else { nil }
    return WordGridView(
      mode: self.mode,
      you: index.map { self.players[$0].id },
      cubes: CubeIndex.all.map { cube in
        let letters = puzzle[cube]
        return WordGridView.CubeView(
          x: cube.x, y: cube.y, z: cube.z, right: letters.right, top: letters.top, left: letters.left,
          inPlay: puzzle.inPlay.contains(cube), uses: puzzle.useCounts[cube.index])
      },
      playable: isOver ? [] : Array(puzzle.playableFaces),
      players: self.players.enumerated().map { offset, player in
        let isVisible = isOver || self.mode == .turns || offset == index
        return WordGridView.PlayerView(
          id: player.id,
          score: player.score,
          wordCount: player.words.count,
          words: isVisible ? player.words : nil,
          finished: player.isFinished
        )
      },
      turn: self.mode == .turns && !isOver ? self.players[self.turn].id : nil,
      turnsTaken: self.turnsTaken,
      turnLimit: self.settings.turnLimit,
      raceSeconds: Int(self.settings.raceDuration.components.seconds),
      raceEndsAt: self.raceEndsAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) },
      turnEndsAt: isOver ? nil : self.turnEndsAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) },
      ended: ended,
      winners: self.winners
    )
  }
}
