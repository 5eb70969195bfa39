import ArgumentParser
import Foundation
import GameServerBattleship
import GameServerConnectFour
import GameServerSelfPlay
import GameServerTicTacToe
import GameServerWordGrid

/// `game-server selfplay tictactoe|connectfour|wordgrid|battleship ...`: bots play each other.
struct SelfPlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "selfplay",
    abstract: "Let bots play each other and print the results.",
    subcommands: [
      TicTacToeSelfPlayCommand.self, ConnectFourSelfPlayCommand.self, WordGridSelfPlayCommand.self,
      BattleshipSelfPlayCommand.self,
    ]
  )
}

extension TicTacToeBot: ExpressibleByArgument {}
extension ConnectFourBot: ExpressibleByArgument {}
extension WordGridBot: ExpressibleByArgument {}
extension WordGrid.Mode: ExpressibleByArgument {}

/// `game-server selfplay tictactoe --games N --x BOT --o BOT --seed S [--json]`.
struct TicTacToeSelfPlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tictactoe", abstract: "Tic-tac-toe bots: random or perfect.")

  @Option(help: "How many games.") var games = 100
  @Option(help: "The bot playing X (random or perfect).") var x = TicTacToeBot.perfect
  @Option(help: "The bot playing O (random or perfect).") var o = TicTacToeBot.random
  @Option(help: "The first game's seed; game i uses seed + i.") var seed: UInt64 = 1
  @Flag(help: "Print JSON.") var json = false

  func validate() throws {
    guard self.games >= 0 else { throw ValidationError("--games must not be negative") }
  }

  func run() throws {
    let report = TicTacToeSelfPlay.run(games: self.games, x: self.x, o: self.o, seed: self.seed)
    if self.json {
      print(try encodeJSON(report))
    } else {
      print(
        "\(report.games) games: X (\(self.x)) won \(report.xWins), O (\(self.o)) won \(report.oWins), \(report.draws) draws"
      )
    }
  }
}

/// `game-server selfplay connectfour --games N --x BOT --o BOT --seed S [--json]`: the same report
/// as tic-tac-toe's, X moving first.
struct ConnectFourSelfPlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "connectfour", abstract: "Connect Four bots: random or strong.")

  @Option(help: "How many games.") var games = 100
  @Option(help: "The bot playing X, who moves first (random or strong).") var x = ConnectFourBot.strong
  @Option(help: "The bot playing O (random or strong).") var o = ConnectFourBot.random
  @Option(help: "The first game's seed; game i uses seed + i.") var seed: UInt64 = 1
  @Flag(help: "Print JSON.") var json = false

  func validate() throws {
    guard self.games >= 0 else { throw ValidationError("--games must not be negative") }
  }

  func run() throws {
    let report = ConnectFourSelfPlay.run(games: self.games, x: self.x, o: self.o, seed: self.seed)
    if self.json {
      print(try encodeJSON(report))
    } else {
      print(
        "\(report.games) games: X (\(self.x)) won \(report.xWins), O (\(self.o)) won \(report.oWins), \(report.draws) draws"
      )
    }
  }
}

/// `game-server selfplay wordgrid --mode race|turns --games N --bots BOT,BOT --seed S [--json]`.
struct WordGridSelfPlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wordgrid", abstract: "Word-grid bots: easy or hard.")

  @Option(help: "race or turns.") var mode = WordGrid.Mode.race
  @Option(help: "How many games.") var games = 1
  @Option(help: "The bots, comma-separated (easy, hard).") var bots = "hard,easy"
  @Option(help: "The first game's seed; game i uses seed + i.") var seed: UInt64 = 1
  @Option(help: "A word list (default: Debian's wamerican-large).") var dictionary: String?
  @Flag(help: "Print JSON.") var json = false

  func parsedBots() throws -> [WordGridBot] {
    let names = self.bots.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    let bots = names.compactMap(WordGridBot.init(rawValue:))
    guard bots.count == names.count, !bots.isEmpty else {
      throw ValidationError("--bots takes a comma-separated list of easy and hard, got \(self.bots)")
    }
    return bots
  }

  func validate() throws {
    guard self.games >= 0 else { throw ValidationError("--games must not be negative") }
    let bots = try self.parsedBots()
    if self.mode == .turns, bots.count < 2 {
      throw ValidationError("A turns game needs at least 2 bots")
    }
  }

  func run() throws {
    let report = WordGridSelfPlay.run(
      mode: self.mode, games: self.games, bots: try self.parsedBots(), seed: self.seed,
      dictionary: try loadDictionary(self.dictionary))
    if self.json {
      print(try encodeJSON(report))
    } else {
      for game in report.games {
        let scores = game.players.map { "\($0.name) \($0.score) (\($0.words.count) words)" }
        print("seed \(game.seed): \(scores.joined(separator: ", ")); winners \(game.winners.joined(separator: ", "))")
      }
    }
  }
}

/// `game-server selfplay battleship --games N --bots BOT,BOT --seed S [--json]`: the bots change
/// seats each game (the first seat fires first).
struct BattleshipSelfPlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "battleship", abstract: "Battleship bots: random or hunter, changing seats each game.")

  @Option(help: "How many games.") var games = 200
  @Option(help: "The two bots, comma-separated (random, hunter).") var bots = "hunter,random"
  @Option(help: "The first game's seed; game i uses seed + i.") var seed: UInt64 = 1
  @Flag(help: "Print JSON.") var json = false

  func validate() throws {
    guard self.games >= 0 else { throw ValidationError("--games must not be negative") }
    _ = try self.levels()
  }

  func levels() throws -> [BattleshipBot] {
    let names = self.bots.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    let levels = names.compactMap(BattleshipBot.init(rawValue:))
    guard levels.count == 2, names.count == 2 else {
      throw ValidationError("--bots takes two of random and hunter, comma-separated, got \(self.bots)")
    }
    return levels
  }

  func run() throws {
    let levels = try self.levels()
    let report = GameSelfPlay.run(Battleship.self, bots: levels, games: self.games, seed: self.seed)
    if self.json {
      print(try encodeJSON(report))
    } else {
      print(
        "\(report.games) games: \(levels[0]) won \(report.wins[0]), \(levels[1]) won \(report.wins[1]), "
          + "\(report.draws) draws, \(report.unfinished) unfinished; \(report.moves) moves")
    }
  }
}
