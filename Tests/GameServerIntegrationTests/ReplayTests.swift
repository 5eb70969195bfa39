import Foundation
import GameServerBattleship
import GameServerConnectFour
import GameServerTesting
import GameServerTicTacToe
import Testing

/// Replays: a finished game's record keeps its room's log through the end, `export-game` writes
/// it, and ``TestGameServer/replay(_:)`` plays it again.
@MainActor
struct ReplayTests {
  /// A game played over the server, exported as `export-game` does and replayed: the same end,
  /// the same record; a replay cut short or with a move changed does not give it.
  @Test func aFinishedGameReplaysToTheSameEnd() async throws {
    let server = TestGameServer(games: GameCatalog([ConnectFour.self]))
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    _ = try await ada.receive(\.welcome)
    _ = try await bob.receive(\.welcome)
    await ada.send(.queue(GameChoice(game: "connectfour")))
    await bob.send(.queue(GameChoice(game: "connectfour")))
    _ = try await ada.view(ConnectFourView.self)
    for column in [0, 1, 0, 1, 0, 1, 0] {
      await (column == 0 ? ada : bob).send(.move(ConnectFour.self, .drop(column: column)))
    }
    #expect(try await bob.view(ConnectFourView.self).outcome?.winner == .x)

    let id = try #require(try await server.database.fetchRecordedGames(1).last?.id)
    let exported = try #require(try await server.database.fetchRecordedGame(id)).exported()
    let replay = try server.replay(exported)
    #expect(replay.record == replay.recorded.record)
    #expect(replay.state(of: ConnectFour.self)?.outcome?.winner == .x)
    #expect(replay.state(of: TicTacToe.self) == nil)

    // NB: The last move left out: the game is not over, and the record says so.
    var document = try JSONSerialization.jsonObject(with: Data(exported.utf8)) as! [String: Any]
    var log = document["log"] as! [String]
    document["log"] = Array(log.dropLast())
    let cut = try server.replay(String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
    #expect(cut.state(of: ConnectFour.self)?.outcome == nil)
    #expect(cut.record != cut.recorded.record)
    // NB: Ada's last drop in another column: no four, no win.
    log[log.count - 1] = log[log.count - 1].replacingOccurrences(of: #""column":0"#, with: #""column":5"#)
    document["log"] = log
    let changed = try server.replay(
      String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
    #expect(changed.state(of: ConnectFour.self)?.outcome == nil)
  }

  /// A game with secrets (Battleship): nothing is recorded while it goes on; once over, its
  /// replay holds both fleets and plays again to the same end.
  @Test func aGameWithSecretsReplaysOnceOver() async throws {
    let server = TestGameServer(games: GameCatalog([Battleship.self]))
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    _ = try await ada.receive(\.welcome)
    _ = try await bob.receive(\.welcome)
    await ada.send(.queue(GameChoice(game: "battleship")))
    await bob.send(.queue(GameChoice(game: "battleship")))
    _ = try await ada.view(BattleshipView.self)
    _ = try await bob.view(BattleshipView.self)
    await ada.send(.move(Battleship.self, .place(ships: SecretPathsTests.leftFleet)))
    await bob.send(.move(Battleship.self, .place(ships: SecretPathsTests.topFleet)))
    _ = try await ada.views(BattleshipView.self)
    #expect(try await server.database.fetchRecordedGames(10).isEmpty)
    await ada.send(.move(Battleship.self, .resign))
    #expect(try await bob.views(BattleshipView.self).last?.phase == .over)
    let id = try #require(try await server.database.fetchRecordedGames(1).last?.id)
    let replay = try server.replay(try #require(try await server.database.fetchRecordedGame(id)).exported())
    #expect(replay.record == replay.recorded.record)
    #expect(replay.state(of: Battleship.self)?.fleets.count == 2)
  }

  /// Not an export, another version, or a game this server does not have: a clear error.
  @Test func whatIsNotAReplayIsRefused() async throws {
    let server = TestGameServer(games: GameCatalog([ConnectFour.self]))
    #expect(throws: RecordedGameError.self) { try server.replay("not json") }
    #expect(throws: RecordedGameError.self) { try server.replay(#"{"v":2,"game":1,"record":{},"log":[]}"#) }
    let exported = try String(contentsOfFile: Self.replays + "/tictactoe-x-wins.json", encoding: .utf8)
    #expect(throws: (any Error).self) { try server.replay(exported) }
  }

  static let replays = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Replays")
    .path
}

// The example of a replay as a test in the article "Testing games", word for word. The file is what
// `game-server export-game 1` wrote after a game played over websockets
// (Tests/EndToEnd/websocket_game_test.py's first game: X takes the top row).
@MainActor
@Test func theGameXWonStillEndsTheSameWay() throws {
  let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Replays/tictactoe-x-wins.json")
  let replay = try server.replay(String(contentsOf: file, encoding: .utf8))
  #expect(replay.record == replay.recorded.record)  // today's rules end it as the server did then
  #expect(replay.state(of: TicTacToe.self)?.outcome?.winner == .x)
}
