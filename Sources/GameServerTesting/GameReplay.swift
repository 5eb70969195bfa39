import ComposableArchitecture
import Foundation
import GameServerCore
@_exported import GameServerDatabase
import GameServerGame
import GameServerRoom

/// A finished game played again from what `game-server export-game` wrote (a `RecordedGame`):
/// its room rebuilt from the replay's first line and every line after it run through the room's
/// reducer, as a restarted server rebuilds a room, with this test server's games and
/// dependencies. A game that misbehaved in production becomes a test in a few lines:
///
/// ```swift
/// @Test func theGameThatWentWrong() throws {
///   let server = TestGameServer(games: GameCatalog([TicTacToe.self]))
///   let replay = try server.replay(String(contentsOfFile: "game-12.json", encoding: .utf8))
///   #expect(replay.record == replay.recorded.record)        // the rules still end it the same way
///   #expect(replay.state(of: TicTacToe.self)?.board.isFull == false)
/// }
/// ```
///
/// The room is the reducer's today: after a change to the rules, ``record`` says how the same
/// moves end now, beside ``recorded`` as the server kept it then.
public struct GameReplay {
  /// The game as exported: its number, record and replay.
  public let recorded: RecordedGame
  /// The room as the replay leaves it: as the game ended.
  public let room: Room.State

  /// The game's state as the replay leaves it, if the game is `G`.
  public func state<G: Game>(of game: G.Type) -> G.State? { self.room.game.state(of: game) }

  /// The record the replayed game gives (to compare with `recorded.record`).
  public var record: GameRecord { self.room.result }
}

extension TestGameServer {
  /// Plays again a game exported by `game-server export-game` (see ``GameReplay``). Throws when
  /// the text is not an export, has no replay, or a line is not one of this server's games.
  public func replay(_ exported: String) throws -> GameReplay {
    let recorded = try RecordedGame(exported: exported)
    guard let lines = recorded.replay else { throw RecordedGameError.noReplay(recorded.id) }
    let entries = lines.enumerated().map { RoomLogEntry(room: recorded.record.room, sequence: $0, payload: $1) }
    let room = try withDependencies {
      $0.games = self.games
      $0.date = .constant(Date(timeIntervalSince1970: 1_000_000))
      self.setDependencies(&$0)
    } operation: {
      try RoomLog.replay(entries).room
    }
    return GameReplay(recorded: recorded, room: room)
  }
}
