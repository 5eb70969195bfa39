import GameServerWire
import Testing

@testable import GameServerDatabase

/// Where room-log lines stand: broken from the first that fails, whole again from a snapshot
/// that commits; lines queued after a snapshot on its way follow it.
struct RoomLogProgressTests {
  func ticket(_ sequence: Int) -> RoomLogTicket { RoomLogTicket(room: "room-a", sequence: sequence) }

  @Test func linesAfterASnapshotOnItsWayFollowIt() {
    let progress = RoomLogProgress()
    #expect(progress.mayAppend(ticket(0)))
    progress.committed(ticket(0))
    #expect(progress.mayAppend(ticket(1)))
    #expect(progress.failed(ticket(1)))
    // Broken: later lines are refused.
    #expect(!progress.mayAppend(ticket(2)))
    #expect(progress.status(ticket(2)) == .failed)
    // A snapshot is on its way (a rematch's, say, queued before anyone knew): what follows it
    // is taken, and waits for it.
    progress.willRestart(ticket(3))
    #expect(progress.mayAppend(ticket(4)))
    #expect(progress.status(ticket(2)) == .failed)
    #expect(progress.status(ticket(3)) == .pending)
    #expect(progress.status(ticket(4)) == .pending)
    #expect(progress.restarted(ticket(3)))
    #expect(progress.status(ticket(3)) == .committed)
    #expect(progress.status(ticket(4)) == .pending)
    progress.committed(ticket(4))
    #expect(progress.status(ticket(4)) == .committed)
    #expect(progress.status(ticket(1)) == .committed)
  }

  @Test func aSnapshotThatFailsTakesWhatFollowsItAlong() {
    let progress = RoomLogProgress()
    #expect(progress.mayAppend(ticket(0)))
    progress.committed(ticket(0))
    #expect(progress.failed(ticket(1)))
    progress.willRestart(ticket(2))
    #expect(progress.mayAppend(ticket(3)))
    // The mending snapshot failed: the room hears of it again, and the line after it failed too.
    #expect(progress.failed(ticket(2)))
    #expect(progress.status(ticket(3)) == .failed)
    #expect(!progress.mayAppend(ticket(4)))
    // Another line of a log already broken is no news.
    #expect(!progress.failed(ticket(4)))
    // A room no longer tracked (closed) has nothing pending.
    progress.closed("room-a")
    #expect(progress.status(ticket(9)) == .committed)
    #expect(progress.count == 0)
  }
}
