import ComposableArchitecture
import DatabaseClient
import Foundation
import RoomCore
import ServerModels

extension Room.Action {
  /// The event a room's log records for this action, if any: everything from outside, and the
  /// game clocks' expiries.
  public var loggedEvent: RoomEvent? {
    switch self {
    case let .event(event): event
    case let .ticTacToe(.moveTimeExpired(moveNumber)): .moveTimeExpired(moveNumber: moveNumber)
    case .wordGrid(.timeUp): .raceTimeUp
    default: nil
    }
  }
}

/// Writing and replaying room logs: a snapshot of the room as created, then its events.
public enum RoomLog {
  /// The room a log describes: the snapshot with every event replayed through ``Room``, effects
  /// dropped. Run it with the live dependencies (the dictionary above all).
  public static func replay(_ entries: [RoomLogEntry]) throws -> Room.State {
    let sorted = entries.sorted { $0.sequence < $1.sequence }
    guard let first = sorted.first, first.sequence == 0 else { throw RoomLogError.missingSnapshot }
    var room = try JSONDecoder().decode(Room.State.self, from: Data(first.payload.utf8))
    let reducer = Room()
    for entry in sorted.dropFirst() {
      let event = try JSONDecoder().decode(RoomEvent.self, from: Data(entry.payload.utf8))
      _ = reducer.reduce(into: &room, action: .event(event))
    }
    return room
  }
}

/// Why a room log could not be replayed.
public enum RoomLogError: Error, Equatable {
  case missingSnapshot
}

extension RoomLog {
  /// Every open room rebuilt from the database's logs, and each log's length: what
  /// `Server.Action.restore` takes after a restart. A log that cannot be replayed is skipped and
  /// reported in `failures`.
  public static func recover(
    from database: DatabaseClient
  ) async throws -> (rooms: [Room.State], logLengths: [RoomID: Int], failures: [RoomID: any Error]) {
    var rooms: [Room.State] = []
    var lengths: [RoomID: Int] = [:]
    var failures: [RoomID: any Error] = [:]
    for (id, entries) in try await database.fetchRoomLogs().sorted(by: { $0.key < $1.key }) {
      do {
        rooms.append(try self.replay(entries))
        lengths[id] = (entries.map(\.sequence).max() ?? 0) + 1
      } catch {
        failures[id] = error
      }
    }
    return (rooms, lengths, failures)
  }
}
