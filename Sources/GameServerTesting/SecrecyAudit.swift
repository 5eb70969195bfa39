import ComposableArchitecture
import Foundation
import GameServerGame

/// Checks that a game's secrets stay secret: random play of many games by the game's own bots,
/// and after every move the property below, for every seat and every state the game says
/// differs from the real one only in that seat's secret (`Game.secretVariants(of:keptBy:using:)`),
/// and for every state it says differs only in what nobody knows (`Game.hiddenVariants(of:using:)`).
///
/// **The property.** Let `s` be a state reached in play, `p` a seated player, and `s′` any of
/// `G.secretVariants(of: s, keptBy: p)`. Then for every viewer `v` other than `p` (every other
/// seat, and a spectator, `nil`), `G.view(of: s′, for: v) == G.view(of: s, for: v)`; and, while
/// the game is not over, `G.record(of: s′) == G.record(of: s)`. For `s′` any of
/// `G.hiddenVariants(of: s)`, the same holds for every viewer, `p`'s own seat included. That is:
/// before a secret is revealed, nothing anyone else is shown, nor the record the server stores,
/// depends on it. A game reveals a secret by no longer listing variants of it (at the end, or
/// once shown).
///
/// ```swift
/// let leaks = SecrecyAudit.run(Battleship.self, games: 200, seed: 1)
/// #expect(leaks.isEmpty, "\(leaks)")
/// ```
///
/// Play is `Game.playedByBots(seats:bots:mode:seed:maxMoves:observe:)`: the game's reducer run
/// directly with an immediate clock (its effects, timers among them, are not run); every seat
/// moves by `Game.botMove(_:for:in:using:)` whenever `Game.turn(in:)` names it, or, in a
/// race, every seat in turn.
public enum SecrecyAudit {
  /// What an audit found: a view or a record that told a secret.
  public struct Leak: CustomStringConvertible, Sendable {
    /// The game's index in the run (its seed is the run's seed plus it) and the move after which.
    public var game: Int
    public var move: Int
    /// Whose secret (nil: one nobody holds, of `hiddenVariants`), and who could tell (`"a
    /// spectator"`, or `"the record"`).
    public var keptBy: PlayerID?
    public var seenBy: String

    public var description: String {
      let secret = self.keptBy.map { "\($0)'s secret" } ?? "a secret nobody holds"
      return "game \(self.game), after move \(self.move): \(self.seenBy) can tell \(secret)"
    }
  }

  /// Plays `games` games of `G` (in `mode`, the first by default; `players` seats, the mode's
  /// fewest by default; bots at `bot`, the game's default by default; game `i` seeded
  /// `seed + i`; at most `maxMoves` moves a game) and returns every leak found.
  public static func run<G: Game>(
    _ game: G.Type, games: Int, seed: UInt64, mode: String? = nil, players: Int? = nil, bot: G.Bot? = nil,
    maxMoves: Int = 10_000
  ) -> [Leak] {
    guard let mode = G.mode(named: mode) else {
      reportIssue("\(G.id) has no mode \(mode ?? "")")
      return []
    }
    let seats = (1...(players ?? mode.seats.lowerBound)).map { PlayerID(rawValue: "seat-\($0)") }
    let level = bot ?? G.defaultBot
    var leaks: [Leak] = []
    for index in 0..<games {
      _ = G.playedByBots(
        seats: seats, bots: { _ in level }, mode: mode.name, seed: seed &+ UInt64(index), maxMoves: maxMoves
      ) { state, moves, generator in
        leaks += Self.check(G.self, state, seats, game: index, move: moves, using: &generator)
      }
    }
    return leaks
  }

  private static func check<G: Game>(
    _ game: G.Type, _ state: G.State, _ seats: [PlayerID], game index: Int, move: Int,
    using generator: inout some RandomNumberGenerator
  ) -> [Leak] {
    var leaks: [Leak] = []
    let viewers = seats.map(Optional.some) + [nil]
    // NB: Each viewer's view of the position once, compared with every variant's.
    var views: [PlayerID?: G.View] = [:]
    var record: String?
    let secrets =
      seats.map { keeper in (Optional(keeper), G.secretVariants(of: state, keptBy: keeper, using: &generator)) }
      + [(nil, G.hiddenVariants(of: state, using: &generator))]
    for (keeper, variants) in secrets {
      for variant in variants {
        for viewer in viewers where keeper == nil || viewer != keeper {
          let seen = views[viewer] ?? G.view(of: state, for: viewer)
          views[viewer] = seen
          guard G.view(of: variant, for: viewer) != seen else { continue }
          leaks.append(Leak(game: index, move: move, keptBy: keeper, seenBy: viewer.map(\.rawValue) ?? "a spectator"))
        }
        if !G.isOver(state) {
          let kept = record ?? G.record(of: state)
          record = kept
          guard G.record(of: variant) != kept else { continue }
          leaks.append(Leak(game: index, move: move, keptBy: keeper, seenBy: "the record"))
        }
      }
    }
    return leaks
  }
}
