import GameServerConnectFour
import GameServerTesting
import Testing

/// A client hands back every view it was sent, and the view of a room it received.
@MainActor
struct TestClientViewsTests {
  /// Ada and Bob at Connect Four, both seated and welcomed.
  func seated() async throws -> (server: TestGameServer, ada: TestClient, bob: TestClient) {
    let server = TestGameServer(games: GameCatalog([ConnectFour.self]))
    let ada = await server.connect()
    let bob = await server.connect()
    await ada.send(.guest(name: "ada"))
    await bob.send(.guest(name: "bob"))
    _ = try await ada.receive(\.welcome)
    _ = try await bob.receive(\.welcome)
    await ada.send(.queue(GameChoice(game: "connectfour")))
    await bob.send(.queue(GameChoice(game: "connectfour")))
    return (server, ada, bob)
  }

  @Test func everyViewSinceTheClientLastAskedComesBackInOrder() async throws {
    let (_, ada, bob) = try await seated()
    let first = try await bob.views(ConnectFourView.self)
    #expect(first.map(\.moveNumber) == [0])
    for column in [0, 1, 0] {
      await (column == 0 ? ada : bob).send(.move(ConnectFour.self, .drop(column: column)))
    }
    let seen = try await bob.views(ConnectFourView.self)
    #expect(seen.map(\.moveNumber) == [1, 2, 3])
    #expect(seen.map(\.lastMove?.column) == [0, 1, 0])
    // Taken: no view is left.
    #expect(!bob.messages().contains { $0.type == "room" })
    // Ada's, asked once for all of them.
    #expect(try await ada.views(ConnectFourView.self).map(\.moveNumber) == [0, 1, 2, 3])
  }

  @Test func aRoomReceivedGivesItsView() async throws {
    let (_, ada, _) = try await seated()
    let (room, _) = try await ada.receive(\.room)
    let view = try room.view(ConnectFourView.self)
    #expect(view.moveNumber == 0)
    #expect(view.you == .x)
    await ada.send(.move(ConnectFour.self, .drop(column: 2)))
    #expect(try await ada.view(ConnectFourView.self).moveNumber == 1)
  }

  /// Every message as JSON: the fields of a view that a test's view type leaves out are there.
  @Test func everyMessageComesBackAsItsJSON() async throws {
    struct MoveNumberOnly: Decodable { var moveNumber: Int }
    let (_, ada, _) = try await seated()
    _ = try await ada.view(MoveNumberOnly.self)
    await ada.send(.move(ConnectFour.self, .drop(column: 2)))
    // NB: In process, the server has answered by the time `send` returns.
    let texts = ada.json()
    #expect(texts.count == 1)
    let room = try #require(texts.first)
    #expect(room.hasPrefix(#"{"v":1,"type":"room""#))
    // The typed view keeps one field; the text has them all (the board, the last move).
    #expect(room.contains(#""moveNumber":1"#) && room.contains(#""board""#) && room.contains(#""lastMove""#))
    #expect(ada.json().isEmpty)
  }
}
