import DependenciesTestSupport
import Foundation
import GameServerConnectFour
import GameServerGame
import Testing

/// Connect Four as the server sees it: moves read from client messages with errors that name
/// the field, its results, its record and its bots' turns.
@Suite(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
struct GamePluginTests {
  private func fields(_ json: String, id: String? = nil) throws -> MessageFields {
    guard case let .object(object) = try JSONParser.parse(Array(json.utf8)) else {
      throw ProtocolError(code: "malformed_json", message: "Not an object.")
    }
    return MessageFields(object: object, requestID: id)
  }

  @Test func theGameNamesItself() {
    #expect(ConnectFour.id == "connectfour")
    #expect(ConnectFour.title == "Connect Four")
    #expect(ConnectFour.modes == [GameMode(name: "standard", seats: 2...2)])
    #expect(ConnectFour.moveTypes == ["drop", "resign", "rematch"])
    #expect(ConnectFour.botLevels == ["random", "strong"])
    #expect(ConnectFour.defaultBotLevel == "strong")
    #expect(GameVariant.connectFour.rawValue == "connectfour")
  }

  @Test func movesReadFromMessages() throws {
    #expect(try ConnectFour.move(type: "drop", fields: fields(#"{"column":3}"#)) == .drop(column: 3))
    #expect(try ConnectFour.move(type: "resign", fields: fields("{}")) == .resign)
    #expect(try ConnectFour.move(type: "rematch", fields: fields("{}")) == .rematch)
    // Any whole number reads; the game rejects columns off the board.
    #expect(try ConnectFour.move(type: "drop", fields: fields(#"{"column":-40}"#)) == .drop(column: -40))
  }

  @Test func movesWriteTheMessagesTheyAreReadFrom() throws {
    for move: ConnectFour.Move in [.drop(column: 0), .drop(column: 6), .resign, .rematch] {
      let (type, object) = ConnectFour.message(for: move)
      #expect(ConnectFour.moveTypes.contains(type))
      #expect(try ConnectFour.move(type: type, fields: MessageFields(object: object)) == move)
    }
    #expect(ConnectFour.message(for: .drop(column: 3)).fields == ["column": 3])
  }

  @Test func badColumnsAreProtocolErrors() throws {
    #expect(throws: ProtocolError.missingField("column", requestID: "m")) {
      try ConnectFour.move(type: "drop", fields: fields("{}", id: "m"))
    }
    #expect(throws: ProtocolError.missingField("column", requestID: nil)) {
      try ConnectFour.move(type: "drop", fields: fields(#"{"column":null}"#))
    }
    for column in ["2.5", "1e300", #""3""#, "[3]", "true"] {
      #expect(throws: ProtocolError.wrongType("column", expected: "a whole number", requestID: nil)) {
        try ConnectFour.move(type: "drop", fields: fields(#"{"column":\#(column)}"#))
      }
    }
  }

  @Test func movesBecomeActions() {
    #expect(ConnectFour.action(for: .drop(column: 4), by: "ada") == .drop("ada", column: 4))
    #expect(ConnectFour.action(for: .resign, by: "ada") == .resign("ada"))
    #expect(ConnectFour.action(for: .rematch, by: "ada") == .requestRematch("ada"))
    #expect(ConnectFour.forfeit("ada") == .resign("ada"))
    #expect(ConnectFour.clockEvent(of: .moveTimeExpired(moveNumber: 4)) == .moveTimeExpired(moveNumber: 4))
    #expect(ConnectFour.clockEvent(of: .start) == nil)
    #expect(ConnectFour.action(for: .moveTimeExpired(moveNumber: 4)) == .moveTimeExpired(moveNumber: 4))
    #expect(
      ConnectFour.signal(of: .delegate(.rejected("ada", .columnFull(column: 1))))
        == .rejected("ada", code: "column_full", message: "The column 1 is full."))
    #expect(ConnectFour.signal(of: .delegate(.ended(.draw))) == .ended)
    #expect(ConnectFour.signal(of: .start) == nil)
  }

  @Test func resultsRankTheWinnerFirst() {
    var game = ConnectFour.setup(GameSetup(players: ["ada", "bob"], seed: 1))
    #expect(ConnectFour.result(of: game) == nil)
    #expect(!ConnectFour.isOver(game))
    game.outcome = .timeout(winner: .o)
    #expect(ConnectFour.isOver(game))
    #expect(ConnectFour.result(of: game) == GameResult(ranking: [["bob"], ["ada"]], reason: .time))
    game.outcome = .win(.x, cells: [c(5, 0), c(5, 1), c(5, 2), c(5, 3)])
    #expect(ConnectFour.result(of: game) == GameResult(ranking: [["ada"], ["bob"]], reason: .win))
    game.outcome = .draw
    #expect(ConnectFour.result(of: game) == GameResult(ranking: [["ada", "bob"]], reason: .draw))
  }

  @Test func theRecordIsTheColumnsPlayed() {
    var game = ConnectFour.State(x: "ada", o: "bob")
    #expect(ConnectFour.record(of: game) == "[]")
    for column in [3, 3, 4] {
      _ = ConnectFour().reduce(into: &game, action: .drop(game.seats[game.turn]!, column: column))
    }
    #expect(ConnectFour.record(of: game) == "[3,3,4]")
  }

  /// The room asks a bot through the game's witness: on its turn only, from its own view; after
  /// the game, the turns piece takes a rematch offered to it.
  @Test func botsMoveOnlyOnTheirTurn() {
    let witness = GameWitness.of(ConnectFour.self)
    var generator: any RandomNumberGenerator & Sendable = SeededRandomNumberGenerator(seed: 7)
    func botMove(_ level: String, for player: PlayerID, in game: ConnectFour.State) -> ConnectFour.Move? {
      witness.botMove(GameWitness.storage(of: game, in: ConnectFour.self), level, player, &generator)?.as(
        ConnectFour.Move.self)
    }
    var game = ConnectFour.State(x: "ada", o: "bot")
    #expect(ConnectFour.turn(in: game) == GameTurn(player: "ada", key: [1, 0]))
    #expect(botMove("strong", for: "bot", in: game) == nil)
    _ = ConnectFour().reduce(into: &game, action: .drop("ada", column: 0))
    #expect(ConnectFour.turn(in: game) == GameTurn(player: "bot", key: [1, 1]))
    guard case let .drop(column)? = botMove("random", for: "bot", in: game) else {
      Issue.record("The bot did not drop a disc")
      return
    }
    #expect(Board.columnRange.contains(column))
    #expect(botMove("strong", for: "carol", in: game) == nil)
    #expect(botMove("nonsense", for: "bot", in: game) == nil)
    game.outcome = .resignation(winner: .o)
    #expect(ConnectFour.turn(in: game) == nil)
    #expect(botMove("strong", for: "bot", in: game) == nil)
    game.rematchRequests = [.x]
    #expect(ConnectFour.turn(in: game) == GameTurn(player: "bot", key: [1, -1]))
    #expect(botMove("strong", for: "bot", in: game) == .rematch)
    #expect(botMove("strong", for: "ada", in: game) == nil)
    #expect(ConnectFour.botDelay(.strong) == .milliseconds(600))
  }

  /// A bot decides from the board its view shows: the strong bot blocks the three in a column it
  /// sees (on an empty board it would take the middle).
  @Test func theBotPlaysTheBoardItsViewShows() {
    var generator = SeededRandomNumberGenerator(seed: 7)
    var game = ConnectFour.State(x: "ada", o: "bot")
    for column in [0, 6, 0, 6, 0] {
      _ = ConnectFour().reduce(into: &game, action: .drop(game.seats[game.turn]!, column: column))
    }
    let view = ConnectFour.view(of: game, for: "bot")
    #expect(ConnectFour.botMove(.strong, for: "bot", in: view, using: &generator) == .drop(column: 0))
  }
}
