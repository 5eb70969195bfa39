import ComposableArchitecture
import Foundation
import GameServerDatabase
import GameServerRoom
import GameServerWire

/// Writing and replaying room logs: a snapshot of the room, then its events, in sequence.
public enum RoomLog {
  /// The room a log describes: the snapshot (its first line) with the events that follow it
  /// replayed through ``Room``, effects dropped, and the sequence of the last line used. Lines
  /// past a gap in the sequence are not used: a log is never replayed across a line that is
  /// missing. Run it with the live dependencies (the dictionary above all).
  public static func replay(_ entries: [RoomLogEntry]) throws -> (room: Room.State, lastSequence: Int, gapAfter: Int?) {
    let sorted = entries.sorted { $0.sequence < $1.sequence }
    guard let first = sorted.first else { throw RoomLogError.missingSnapshot }
    var player = try Player(snapshot: first.payload)
    var last = first.sequence
    for entry in sorted.dropFirst() {
      guard entry.sequence == last + 1 else { return (player.room, last, last) }
      try player.play(entry.payload)
      last = entry.sequence
    }
    return (player.room, last, nil)
  }

  /// A finished game's replay (``RecordedGame/replay``) as `viewer` saw it: the `room` message
  /// they would have been sent at the game's start and after each line that changed their view,
  /// through the game's end (earlier games of the same log left out). A line that changed only
  /// what the room says beside the view (someone away, back, gone) replaces the last frame rather
  /// than adding one. Run it with the live dependencies, as ``replay(_:)``.
  public static func frames(of lines: [String], for viewer: PlayerID) throws -> [RoomView] {
    guard let first = lines.first else { throw RoomLogError.missingSnapshot }
    var player = try Player(snapshot: first)
    var frames: [RoomView] = []
    var gameNumber = player.room.game.gameNumber
    func look() {
      guard case let .room(view, _) = player.room.view(for: viewer) else { return }
      let number = player.room.game.gameNumber
      if number != gameNumber {
        // NB: A rematch began: the frames of the games before it are not this game's.
        frames.removeAll()
        gameNumber = number
      } else if let last = frames.last, last.viewJSON == view.viewJSON {
        if last.statusJSON != view.statusJSON { frames[frames.count - 1] = view }
        return
      }
      frames.append(view)
    }
    look()
    for line in lines.dropFirst() {
      try player.play(line)
      look()
    }
    return frames
  }

  /// A room played from its log: the snapshot, then each event through ``Room`` (effects
  /// dropped).
  private struct Player {
    var room: Room.State
    let isLegacy: Bool
    let reducer = Room()

    init(snapshot: String) throws {
      do {
        self.room = try JSONDecoder().decode(Room.State.self, from: Data(snapshot.utf8))
      } catch {
        throw RoomLogError.missingSnapshot
      }
      self.isLegacy = Room.State.isLegacySnapshot(snapshot)
    }

    mutating func play(_ line: String) throws {
      let event = try RoomEvent.decode(Data(line.utf8), game: self.room.game)
      let forfeits = self.isLegacy ? self.room.legacyForfeit(of: event) : nil
      _ = self.reducer.reduce(into: &self.room, action: Room.Action(replaying: event))
      if let forfeits { _ = self.reducer.reduce(into: &self.room, action: .game(.forfeit(forfeits))) }
    }
  }
}

/// Why a room log could not be replayed.
public enum RoomLogError: Error, Equatable {
  /// The first line is not a snapshot of a room.
  case missingSnapshot
}

extension RoomLog {
  /// What a restart recovers from the database's logs.
  public struct Recovery {
    /// Every open room, rebuilt.
    public var rooms: [Room.State] = []
    /// The sequence each room's log goes on from: past every line it has.
    public var nextLogSequence: [RoomID: Int] = [:]
    /// Logs that could not be replayed: their rooms are not back.
    public var failures: [RoomID: any Error] = [:]
    /// Rooms whose log had a gap, with the last line used before it: they are back as of that
    /// line.
    public var gaps: [RoomID: Int] = [:]

    /// Nothing recovered.
    public init() {}
  }

  /// Every open room rebuilt from the database's logs: what `Server.Action.restore` takes after
  /// a restart.
  public static func recover(from database: DatabaseClient) async throws -> Recovery {
    self.recover(try await database.fetchRoomLogs())
  }

  /// Rooms rebuilt from their logs: after a restart, or when a node of a cluster takes over the
  /// rooms of one that stopped.
  public static func recover(_ logs: [RoomID: [RoomLogEntry]]) -> Recovery {
    var recovery = Recovery()
    for (id, entries) in logs.sorted(by: { $0.key < $1.key }) {
      do {
        let replayed = try self.replay(entries)
        recovery.rooms.append(replayed.room)
        recovery.nextLogSequence[id] = (entries.map(\.sequence).max() ?? 0) + 1
        if let gap = replayed.gapAfter { recovery.gaps[id] = gap }
      } catch {
        recovery.failures[id] = error
      }
    }
    return recovery
  }
}
