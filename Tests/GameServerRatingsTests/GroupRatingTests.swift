import GameServerGame
import GameServerRatings
import Testing

/// Ratings of games for more than two: Elo between each pair, by their places.
struct GroupRatingTests {
  /// A finished game as ratings read it.
  struct Result: RatedGame {
    var variant = GameVariant(game: "wordgrid", mode: "race")
    var players: [PlayerID]
    var names: [String]
    var bots: [PlayerID]
    var guests: [PlayerID] = []
    var winners: [PlayerID]
    var ranking: [[PlayerID]]?
  }

  func record(_ players: [PlayerID], winners: [PlayerID], ranking: [[PlayerID]]?, bots: [PlayerID] = []) -> Result {
    Result(players: players, names: players.map(\.rawValue), bots: bots, winners: winners, ranking: ranking)
  }

  @Test func twoPlayersMoveAsPlainElo() {
    let ratings: [PlayerID: Int] = ["a": 1300, "b": 1180]
    let win = GameRatings.newRatings(for: record(["a", "b"], winners: ["b"], ranking: nil)) { ratings[$0]! }
    let elo = Elo.update(winner: 1180, loser: 1300)
    #expect(win == ["a": elo.loser, "b": elo.winner])
    let draw = GameRatings.newRatings(for: record(["a", "b"], winners: [], ranking: nil)) { ratings[$0]! }
    let eloDraw = Elo.draw(1300, 1180)
    #expect(draw == ["a": eloDraw.0, "b": eloDraw.1])
  }

  @Test func aWinnerOfFourTakesFromEachOpponent() {
    let game = record(["a", "b", "c", "d"], winners: ["a"], ranking: [["a"], ["b", "c", "d"]])
    let ratings = GameRatings.newRatings(for: game) { _ in 1200 }
    // a beats three equals: 3 × 16 / 3; each other loses 16 to a and draws the rest, / 3.
    #expect(ratings == ["a": 1216, "b": 1195, "c": 1195, "d": 1195])
  }

  @Test func placesOrderEveryPair() {
    let game = record(["a", "b", "c"], winners: ["c"], ranking: [["c"], ["a"], ["b"]])
    let ratings = GameRatings.newRatings(for: game) { _ in 1200 }
    #expect(ratings == ["c": 1216, "a": 1200, "b": 1184])
    #expect(GameRatings.places(in: game) == ["c": 0, "a": 1, "b": 2])
    #expect(GameRatings.outcome(of: game) == ["c": .win, "a": .loss, "b": .loss])
  }

  @Test func aGameWithBotsIsNotRated() {
    let game = record(["a", "b", "bot"], winners: ["a"], ranking: [["a"], ["b"], ["bot"]], bots: ["bot"])
    #expect(GameRatings.newRatings(for: game) { _ in 1200 }.isEmpty)
  }

  @Test func aRunOfGamesIsRatedInItsOrder() {
    let tictactoe = GameVariant(game: "tictactoe")
    let first = Result(variant: tictactoe, players: ["a", "b"], names: ["Ann", "Bo"], bots: [], winners: ["a"])
    let second = Result(
      variant: tictactoe, players: ["b", "a"], names: ["Bo", "Ann 2"], bots: [], guests: ["b"], winners: ["b"])
    let withBot = Result(
      variant: tictactoe, players: ["a", "bot"], names: ["Ann", "Bot"], bots: ["bot"], winners: ["bot"])
    let a = RatingKey(player: "a", variant: tictactoe)
    let b = RatingKey(player: "b", variant: tictactoe)
    // b is new (no stored row): 1200.
    let changes = GameRatings.rate([first, second, withBot], before: [a: 1300])
    let firstWin = Elo.update(winner: 1300, loser: 1200)
    let secondWin = Elo.update(winner: firstWin.loser, loser: firstWin.winner)
    #expect(
      changes.results == [
        [
          "a": RatingUpdate(before: 1300, after: firstWin.winner),
          "b": RatingUpdate(before: 1200, after: firstWin.loser),
        ],
        [
          "b": RatingUpdate(before: firstWin.loser, after: secondWin.winner),
          "a": RatingUpdate(before: firstWin.winner, after: secondWin.loser),
        ],
        [:],
      ])
    // One row a person, with the last game's name and guest flag, the rating before the run and
    // after it, and every game's tally (the game with a bot too, which moves no rating).
    #expect(
      changes.rows == [
        RatingRow(key: a, name: "Ann", isGuest: false, before: 1300, after: secondWin.loser, wins: 1, losses: 2),
        RatingRow(key: b, name: "Bo", isGuest: true, before: 1200, after: secondWin.winner, wins: 1, losses: 1),
      ])
    #expect(changes.final == [a: secondWin.loser, b: secondWin.winner])
  }

  @Test func aKeyIsTheVariantAsStored() {
    let key = RatingKey(player: "a", variant: GameVariant(game: "wordgrid", mode: "race"))
    #expect(key == RatingKey(player: "a", variant: GameVariant(rawValue: "wordgrid-race")))
    #expect(Set([key, RatingKey(player: "a", variant: GameVariant(rawValue: "wordgrid-race"))]).count == 1)
    #expect(key != RatingKey(player: "a", variant: GameVariant(rawValue: "wordgrid")))
    #expect(
      RatingKey(player: "a", variant: GameVariant(rawValue: "z"))
        < RatingKey(player: "b", variant: GameVariant(rawValue: "a")))
  }
}
