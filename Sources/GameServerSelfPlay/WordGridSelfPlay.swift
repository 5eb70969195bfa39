import ComposableArchitecture
import GameServerGame
import GameServerWordGrid

/// Plays word-grid games between bots: what `game-server selfplay wordgrid` prints.
///
/// Game `i` uses seed `seed + i` for its puzzle and its bots' choices. A race runs on a simulated
/// clock: each bot moves once per its thinking time until the race time is up.
///
/// ```swift
/// let report = WordGridSelfPlay.run(mode: .race, games: 2, bots: [.hard, .easy], seed: 1, dictionary: .standard)
/// ```
public enum WordGridSelfPlay {
  public struct Report: Codable, Equatable, Sendable {
    public var mode: WordGrid.Mode
    public var games: [Game]
  }

  /// One game's result.
  public struct Game: Codable, Equatable, Sendable {
    public var seed: UInt64
    public var ended: WordGrid.EndReason?
    public var winners: [String]
    public var players: [Player]
  }

  /// One seat's bot, score and words.
  public struct Player: Codable, Equatable, Sendable {
    public var name: String
    public var bot: WordGridBot
    public var score: Int
    public var words: [String]
  }

  public static func run(
    mode: WordGrid.Mode,
    games: Int,
    bots: [WordGridBot],
    seed: UInt64,
    dictionary: WordDictionary
  ) -> Report {
    withDependencies {
      $0.wordDictionary = dictionary
    } operation: {
      Report(
        mode: mode,
        games: (0..<games).map { offset in
          play(mode: mode, bots: bots, seed: seed &+ UInt64(offset), dictionary: dictionary)
        })
    }
  }

  static func play(mode: WordGrid.Mode, bots: [WordGridBot], seed: UInt64, dictionary: WordDictionary) -> Game {
    var generator = SeededRandomNumberGenerator(seed: seed)
    let puzzle = Puzzle.generate(using: &generator, dictionary: dictionary)
    let names = bots.indices.map { PlayerID(rawValue: "\(bots[$0].rawValue)-\($0 + 1)") }
    var state = WordGrid.State(mode: mode, players: names, puzzle: puzzle, seed: seed)
    let reducer = WordGrid()
    func send(_ action: WordGrid.Action) { _ = reducer.reduce(into: &state, action: action) }

    func move(forPlayerAt index: Int) {
      guard let board = state.puzzle(for: names[index]) else { return }
      let played = state.playedWords(forPlayerAt: index)
      switch bots[index].move(on: board, dictionary: dictionary, played: played, using: &generator) {
      case let .word(word): send(.submitWord(names[index], word.path))
      case let .removeCube(cube): send(.removeCube(names[index], cube))
      case .pass: send(mode == .turns ? .pass(names[index]) : .resign(names[index]))
      }
    }

    switch mode {
    case .race:
      var nextMove = bots.map(\.thinkingTime)
      while state.status == .playing {
        let waiting = names.indices.filter { !state.players[$0].isFinished }
        guard let index = waiting.min(by: { nextMove[$0] < nextMove[$1] }),
          nextMove[index] <= state.settings.raceDuration
        else {
          send(.timeUp)
          break
        }
        move(forPlayerAt: index)
        nextMove[index] += bots[index].thinkingTime
      }
    case .turns:
      var steps = 0
      while state.status == .playing, steps < 10_000 {
        move(forPlayerAt: state.turn)
        steps += 1
      }
    }

    let ended: WordGrid.EndReason? = if case let .ended(reason) = state.status { reason } else { nil }
    return Game(
      seed: seed,
      ended: ended,
      winners: state.winners.map(\.rawValue),
      players: state.players.indices.map { index in
        Player(
          name: names[index].rawValue,
          bot: bots[index],
          score: state.players[index].score,
          words: state.players[index].words.map(\.word)
        )
      }
    )
  }
}
