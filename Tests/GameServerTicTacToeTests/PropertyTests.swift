import ComposableArchitecture
import DependenciesTestSupport
import Foundation
import GameServerGame
import GameServerTicTacToe
import Testing

/// Bots play many games through the reducer; the rules' invariants must hold after every move.
@Suite(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
struct PropertyTests {
  func play(x: TicTacToeBot, o: TicTacToeBot, seed: UInt64) -> TicTacToe.State {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var state = TicTacToe.State(x: "x", o: "o")
    let reducer = TicTacToe()
    while state.outcome == nil {
      let bot = state.turn == .x ? x : o
      let cell = bot.move(on: state.board, as: state.turn, using: &generator)!
      _ = reducer.reduce(into: &state, action: .move(state.seats[state.turn]!, cell))
      checkInvariants(state)
    }
    return state
  }

  func checkInvariants(_ state: TicTacToe.State) {
    let xs = state.board.count(of: .x)
    let os = state.board.count(of: .o)
    #expect(xs == os || xs == os + 1)
    #expect(state.moveNumber == xs + os)
    #expect(state.moves.count == state.moveNumber)
    #expect(Set(state.moves).count == state.moves.count)
    let lines = Line.all.filter { line in
      let marks = line.cells.map { state.board[$0] }
      return marks[0] != nil && marks.allSatisfy { $0 == marks[0] }
    }
    switch state.outcome {
    case nil:
      #expect(lines.isEmpty)
      #expect(!state.board.isFull)
      #expect(state.turn == (xs == os ? .x : .o))
    case let .win(mark, line)?:
      #expect(lines.contains(line))
      #expect(state.board[state.moves.last!] == mark)
    case .draw?:
      #expect(lines.isEmpty)
      #expect(state.board.isFull)
    case .resignation?, .timeout?:
      Issue.record("Bots neither resign nor time out")
    }
  }

  /// Tic-tac-toe tells the server that its views show every change (`viewsShowEveryChange`),
  /// so the server compares states instead of views: every action that changes the state must
  /// change every viewer's view.
  @Test func everyChangeToTheStateChangesEveryView() {
    #expect(TicTacToe.viewsShowEveryChange)
    let reducer = TicTacToe()
    let viewers: [PlayerID?] = ["x", "o", "carol", nil]
    for seed: UInt64 in 0..<200 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      var state = TicTacToe.State(x: "x", o: "o")
      for _ in 0..<60 {
        let player: PlayerID = Bool.random(using: &generator) ? "x" : "o"
        let action: TicTacToe.Action =
          switch Int.random(in: 0..<12, using: &generator) {
          case 0: .start
          case 1: .resign(player)
          case 2, 3: .requestRematch(player)
          case 4: .moveTimeExpired(moveNumber: state.moveNumber)
          default:
            .move(
              player, Cell(row: .random(in: 0...2, using: &generator), column: .random(in: 0...2, using: &generator)))
          }
        let before = state
        _ = reducer.reduce(into: &state, action: action)
        guard state != before else { continue }
        for viewer in viewers {
          #expect(
            state.view(for: viewer) != before.view(for: viewer),
            "\(action) changed the state, not \(String(describing: viewer))'s view")
        }
      }
    }
  }

  @Test func randomPlayKeepsTheInvariants() {
    for seed: UInt64 in 0..<300 { _ = play(x: .random, o: .random, seed: seed) }
  }

  @Test func perfectAgainstPerfectAlwaysDraws() {
    for seed: UInt64 in 0..<40 {
      #expect(play(x: .perfect, o: .perfect, seed: seed).outcome == .draw)
    }
  }

  @Test func perfectNeverLosesToRandom() {
    for seed: UInt64 in 0..<200 {
      #expect(play(x: .perfect, o: .random, seed: seed).outcome?.winner != .o)
      #expect(play(x: .random, o: .perfect, seed: seed).outcome?.winner != .x)
    }
  }

  @Test func thePerfectBotTakesAWinAndBlocksALoss() {
    var generator = SeededRandomNumberGenerator(seed: 1)
    // X to move can win at (0, 2).
    #expect(TicTacToeBot.perfect.move(on: Board("XX.", "OO.", "..."), as: .x, using: &generator) == c(0, 2))
    // O to move must block at (0, 2).
    #expect(TicTacToeBot.perfect.move(on: Board("XX.", ".O.", "..."), as: .o, using: &generator) == c(0, 2))
    #expect(TicTacToeBot.random.move(on: Board("XOX", "OXO", "OXO"), as: .x, using: &generator) == nil)
  }
}
