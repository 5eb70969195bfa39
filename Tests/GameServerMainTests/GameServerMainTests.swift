import ArgumentParser
import Foundation
import GameServerGame
import GameServerWordGrid
import Testing

@testable import GameServerMain

@Suite struct GameOptionArgumentsTests {
  static let options = [
    GameStartOption(name: "dictionary", help: "A word list.") { _ in { _ in } },
    GameStartOption(name: "deck-size", help: "Cards.") { _ in { _ in } },
  ]

  @Test func readsBothFormsAndLeavesTheRest() throws {
    let (values, rest) = try GameOptionArguments.extract(
      Self.options,
      from: ["--port", "0", "--dictionary", "words.txt", "--log-level=debug", "--deck-size=52", "--cluster"])
    #expect(values == ["dictionary": "words.txt", "deck-size": "52"])
    #expect(rest == ["--port", "0", "--log-level=debug", "--cluster"])
  }

  @Test func theLastValueGivenWins() throws {
    let (values, rest) = try GameOptionArguments.extract(
      Self.options, from: ["--dictionary", "a", "--dictionary=b"])
    #expect(values == ["dictionary": "b"])
    #expect(rest.isEmpty)
  }

  @Test func aMissingValueIsRefused() {
    #expect(throws: ValidationError.self) {
      try GameOptionArguments.extract(Self.options, from: ["--dictionary"])
    }
    #expect(throws: ValidationError.self) {
      try GameOptionArguments.extract(Self.options, from: ["--dictionary", "--port", "0"])
    }
  }

  @Test func nothingAfterTheTerminatorIsRead() throws {
    let (values, rest) = try GameOptionArguments.extract(Self.options, from: ["--", "--dictionary", "a"])
    #expect(values.isEmpty)
    #expect(rest == ["--", "--dictionary", "a"])
  }

  @Test func onlyServeReadsGameOptions() {
    struct Other: ParsableCommand {
      static let configuration = CommandConfiguration(commandName: "puzzle")
    }
    #expect(GameOptionArguments.isServe([], commands: [Other.self]))
    #expect(GameOptionArguments.isServe(["--port", "0"], commands: [Other.self]))
    #expect(GameOptionArguments.isServe(["serve", "--dictionary", "a"], commands: [Other.self]))
    #expect(!GameOptionArguments.isServe(["puzzle", "--dictionary", "a"], commands: [Other.self]))
  }

  @Test func anOptionNamedAsServesOwnIsRefusedSayingWhichGame() {
    let port = GameStartOption(name: "port", help: "") { _ in { _ in } }
    #expect(throws: GameStartError("The game \"cards\" has a start option named as serve's own --port.")) {
      try GameOptionArguments.checkNames([("words", Self.options), ("cards", [port])])
    }
    let bad = GameStartOption(name: "Deck_Size", help: "") { _ in { _ in } }
    #expect(throws: GameStartError.self) { try GameOptionArguments.checkNames([("cards", [bad])]) }
    #expect(throws: Never.self) { try GameOptionArguments.checkNames([("words", Self.options)]) }
    #expect(throws: Never.self) { try GameOptionArguments.checkNames(of: GameCatalog([WordGrid.self])) }
  }

  /// A negative number is read as the option's value and refused for its range, in either form
  /// (before, `--port -1` said the value was missing).
  @Test func aNegativeNumberIsRefusedForItsRange() {
    for arguments in [["--port", "-1"], ["--port=-1"]] {
      do {
        _ = try ServeCommand.parse(arguments)
        Issue.record("\(arguments) was taken")
      } catch {
        #expect(ServeCommand.message(for: error).contains("--port must be from 0 to 65535"), "\(arguments)")
      }
    }
    #expect(throws: (any Error).self) { try ServeCommand.parse(["--threads", "-4"]) }
  }

  /// TLS files given the other way round (or files that are no PEM of theirs) are usage errors
  /// naming the file; a certificate and a key, CRLF lines and all, are taken.
  @Test func tlsFilesMustHoldWhatTheirOptionsSay() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let certificate = folder.appendingPathComponent("cert.pem").path
    let key = folder.appendingPathComponent("key.pem").path
    try Data("-----BEGIN CERTIFICATE-----\r\nMIIB\r\n-----END CERTIFICATE-----\r\n".utf8).write(
      to: URL(fileURLWithPath: certificate))
    try Data("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n".utf8).write(
      to: URL(fileURLWithPath: key))
    #expect(throws: Never.self) { try ServeCommand.parse(["--tls-certificate", certificate, "--tls-key", key]) }
    do {
      _ = try ServeCommand.parse(["--tls-certificate", key, "--tls-key", certificate])
      Issue.record("the files the other way round were taken")
    } catch {
      let message = ServeCommand.message(for: error)
      #expect(message.contains("--tls-certificate \(key) holds no certificate"), "\(message)")
      #expect(message.contains("-----BEGIN RSA PRIVATE KEY-----"), "\(message)")
    }
    #expect(throws: (any Error).self) {
      try ServeCommand.parse(["--tls-certificate", certificate, "--tls-key", certificate])
    }
  }

  /// `optionNames` (what no game may take) is every option `serve --help` lists, and only those.
  @Test func servesOwnOptionNamesAreTheOnesItsHelpLists() throws {
    let help = ServeCommand.helpMessage(columns: 200)
    let options = help[try #require(help.range(of: "OPTIONS:")).upperBound...]
    let listed = Set(options.matches(of: /--([a-z][a-z-]*)/).map { String($0.output.1) })
    #expect(listed == ServeCommand.optionNames.subtracting(["version"]))
  }

  @Test func serveHelpListsTheGamesOptions() {
    ServeContext.set(ServeContext(games: GameCatalog([WordGrid.self])))
    defer { ServeContext.set(ServeContext()) }
    let help = MainCommand.helpMessage(for: ServeCommand.self, columns: 200)
    #expect(help.contains("Game options (from the games served):"))
    #expect(help.contains("--dictionary <dictionary>"))
  }
}

@Suite struct MergedFolderTests {
  func folder(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("layer-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  func read(_ folder: String, _ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(path)), as: UTF8.self)
  }

  @Test func theUsersFilesComeFirstAndGamesFoldersMerge() throws {
    let user = try self.folder(["games/battleship.js": "mine", "style.css": "my style"])
    let builtIn = try self.folder([
      "index.html": "lobby", "style.css": "style", "games/tictactoe.js": "ttt", "games/connectfour.js": "c4",
    ])
    defer {
      try? FileManager.default.removeItem(at: user)
      try? FileManager.default.removeItem(at: builtIn)
    }
    let merged = try MergedFolder(layers: [user.path, builtIn.path])
    #expect(try self.read(merged.path, "games/battleship.js") == "mine")
    #expect(try self.read(merged.path, "games/tictactoe.js") == "ttt")
    #expect(try self.read(merged.path, "games/connectfour.js") == "c4")
    #expect(try self.read(merged.path, "style.css") == "my style")
    #expect(try self.read(merged.path, "index.html") == "lobby")
    merged.remove()
    #expect(!FileManager.default.fileExists(atPath: merged.path))
    #expect(try self.read(user.path, "games/battleship.js") == "mine")
    #expect(try self.read(builtIn.path, "index.html") == "lobby")
  }

  @Test func aMissingFolderIsRefusedByName() throws {
    #expect {
      try MergedFolder(layers: ["/nonexistent/public"])
    } throws: { error in
      "\(error)" == "the public folder /nonexistent/public is not a readable folder"
    }
  }
}
