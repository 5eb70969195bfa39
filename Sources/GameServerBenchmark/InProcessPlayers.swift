import GameServerGame
import GameServerTicTacToe
import GameServerWire

/// The load bots' tic-tac-toe players, in process: they read each view's JSON (a client's cost,
/// which the benchmark measures apart and leaves out of the server's) and answer in protocol
/// JSON (the protocol's one typed encoding), which the benchmark decodes as the transport's
/// handler does.
struct InProcessPlayers {
  // NB: Seeded, as the websocket load bots are, so that runs play the same games.
  private var generator = SeededRandomNumberGenerator(seed: 1)
  private var rematchAsked: [ConnectionID: Int] = [:]
  private var movedAt: [ConnectionID: [Int]] = [:]
  private(set) var views = 0
  private(set) var moves = 0
  // NB: The messages, written once by the protocol's typed encoding: a client's cost per move
  // is then a lookup, which keeps the players' share of the thread small. They are bytes, as
  // the transport hands a message to the store: the live server receives each message into
  // the connection's buffer of the one before (`Connection.finishMessage`), so it makes no copy
  // per message on the store's thread either.
  private static let queue = Array(ClientRequest(.queue(GameChoice(.ticTacToe))).json.utf8)
  private static let rematch = Array(ClientRequest(.move(TicTacToe.self, .rematch)).json.utf8)
  private static let marks = (0..<9).map { index in
    Array(ClientRequest(.move(TicTacToe.self, .mark(Cell(row: index / 3, column: index % 3)))).json.utf8)
  }

  /// What `connection` sends back on receiving `message`, if anything: a message's UTF-8.
  mutating func reply(to message: ServerMessage, on connection: ConnectionID) -> [UInt8]? {
    switch message {
    case .welcome:
      return Self.queue
    case let .room(room, _):
      self.views += 1
      guard let view = try? JSONParser.parse(Array(room.viewJSON)), let you = view["you"]?.string.flatMap(Mark.init),
        let board = view["board"]?.array?.compactMap(\.string), case let .number(moveNumber)? = view["moveNumber"],
        case let .number(gameNumber)? = view["gameNumber"]
      else { return nil }
      let turn = view["turn"]?.string.flatMap(Mark.init)
      let rematchRequests = view["rematchRequests"]?.array?.compactMap { $0.string.flatMap(Mark.init) } ?? []
      let (position, game) = ([Int(gameNumber), Int(moveNumber)], Int(gameNumber))
      if view["outcome"] != nil {
        // NB: Once per game, as the websocket bots do.
        guard !rematchRequests.contains(you), self.rematchAsked[connection] != game else { return nil }
        self.rematchAsked[connection] = game
        return Self.rematch
      }
      guard turn == you, self.movedAt[connection] != position, board.count == 3,
        let cell = TicTacToeBot.random.move(on: Board(board[0], board[1], board[2]), as: you, using: &self.generator)
      else { return nil }
      self.movedAt[connection] = position
      self.moves += 1
      return Self.marks[cell.row * 3 + cell.column]
    default:
      return nil
    }
  }
}
