import ComposableArchitecture
import Foundation

extension Game {
  /// Plays one game to its end by bots, through the seam as a room asks them: each seat
  /// `turn(in:)` names (every seat in turn, in a race) is asked for its move from its own view,
  /// and the move goes through the game's reducer. The reducer runs directly with an immediate
  /// clock and a fixed date (its effects, timers among them, are not run), so a game in which no
  /// bot has a move stops there. The seed sets the game up and drives the bots' choices.
  /// `observe` sees the state after the start and after every move, with the moves so far and
  /// the generator. What `SecrecyAudit` and `game-server selfplay` play.
  ///
  /// ```swift
  /// let (end, moves) = Battleship.playedByBots(seats: ["a", "b"], bots: { _ in .hunter }, seed: 1)
  /// ```
  public static func playedByBots(
    seats: [PlayerID], bots: (PlayerID) -> Bot, mode: String = GameVariant.standardMode, seed: UInt64,
    maxMoves: Int = 10_000,
    observe: (State, _ moves: Int, inout SeededRandomNumberGenerator) -> Void = { _, _, _ in }
  ) -> (state: State, moves: Int) {
    withDependencies {
      $0.continuousClock = ImmediateClock()
      $0.date = .constant(Date(timeIntervalSince1970: 1_000_000))
    } operation: {
      var generator = SeededRandomNumberGenerator(seed: seed)
      var state = Self.setup(GameSetup(players: seats, mode: mode, seed: seed))
      let reducer = Self()
      _ = reducer.reduce(into: &state, action: Self.startAction)
      var moves = 0
      observe(state, moves, &generator)
      while !Self.isOver(state), moves < maxMoves {
        // NB: With no turn (a race), every seat may move.
        let movers = Self.turn(in: state)?.players ?? seats
        var moved = false
        for player in movers where !Self.isOver(state) {
          let view = Self.view(of: state, for: player)
          guard let move = Self.botMove(bots(player), for: player, in: view, using: &generator) else { continue }
          _ = reducer.reduce(into: &state, action: Self.action(for: move, by: player))
          moves += 1
          moved = true
          observe(state, moves, &generator)
        }
        if !moved { break }
      }
      return (state, moves)
    }
  }
}
