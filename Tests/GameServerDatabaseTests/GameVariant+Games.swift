import GameServerGame

// NB: The database knows variants only by name; these are the games' own.
extension GameVariant {
  static let ticTacToe = GameVariant(game: "tictactoe")
  static let wordGridRace = GameVariant(game: "wordgrid", mode: "race")
  static let wordGridTurns = GameVariant(game: "wordgrid", mode: "turns")
}
