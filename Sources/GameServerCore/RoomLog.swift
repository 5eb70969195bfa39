import ComposableArchitecture
import GameServerDatabase
import Foundation
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
    var room: Room.State
    do {
      room = try JSONDecoder().decode(Room.State.self, from: Data(first.payload.utf8))
    } catch {
      throw RoomLogError.missingSnapshot
    }
    let reducer = Room()
    let isLegacy = Room.State.isLegacySnapshot(first.payload)
    var last = first.sequence
    for entry in sorted.dropFirst() {
      guard entry.sequence == last + 1 else { return (room, last, last) }
      let event = try RoomEvent.decode(Data(entry.payload.utf8), game: room.game)
      let forfeits = isLegacy ? room.legacyForfeit(of: event) : nil
      _ = reducer.reduce(into: &room, action: Room.Action(replaying: event))
      if let forfeits { _ = reducer.reduce(into: &room, action: .game(.forfeit(forfeits))) }
      last = entry.sequence
    }
    return (room, last, nil)
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
