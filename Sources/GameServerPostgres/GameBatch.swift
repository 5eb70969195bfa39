import GameServerDatabase
import GameServerGame
import GameServerJSON
import GameServerRatings
import GameServerWire

/// The games one commit ends, ready for their rows: the records as stored, who sat in each, and
/// the people whose rating rows they touch; `GameRatings` rates them from the ratings before them.
///
/// ```swift
/// let batch = try GameBatch([write])   // writes whose line ends a game
/// let rated = batch.rate(current: [RatingKey(player: "alice", variant: "tictactoe"): 1200, ...])
/// rated.results   // each game's rated players' ratings before and after it, in order
/// ```
struct GameBatch: Sendable {
  let games: [GameRecord]
  /// Each game as stored (its JSON text).
  let records: [String]
  /// Each game's part of its replay, or "" where the log is read for it (``PostgresCommit``),
  /// and whether it follows the room's previous game.
  let replays: [String]
  let continues: [Bool]
  /// The sequence of the line that ended each game.
  let endings: [Int]
  /// Who sat in each game, by the game's place in `games` counted from 1.
  let seats: (games: [Int], players: [String])
  /// The people (not bots) in the games, with the name and guest flag their rating row takes.
  let people: [RatingKey: (name: String, isGuest: Bool)]
  /// The keys of `people`, in the order their rows are locked (one order, so two commits
  /// cannot deadlock).
  let keys: [RatingKey]

  init(_ writes: [PostgresWrites.Write]) throws {
    let games = writes.map { $0.game! }
    self.games = games
    self.records = try games.map { try $0.jsonText ?? JSONStreamEncoder.string($0) }
    self.replays = writes.map { $0.replay?.lines ?? "" }
    self.continues = writes.map { $0.replay?.continues ?? false }
    self.endings = writes.map(\.ending)
    var seats: (games: [Int], players: [String]) = ([], [])
    for (index, game) in games.enumerated() {
      for player in Set(game.players.map(\.rawValue)).sorted() {
        seats.games.append(index + 1)
        seats.players.append(player)
      }
    }
    self.seats = seats
    self.people = GameRatings.people(in: games)
    self.keys = self.people.keys.sorted()
  }

  /// Rates the games in their order from `current`, the ratings before them (a key missing there
  /// is a new player's).
  func rate(current before: [RatingKey: Int]) -> RatingChanges {
    GameRatings.rate(self.games, before: before)
  }
}
