import GameServerCore
import GameServerDatabase
import GameServerWire
import Synchronization
import Testing

/// Messages wait for their lines, keep their order, and are dropped when their line failed.
struct CommitGateTests {
  final class Lines: @unchecked Sendable {
    var status: [Int: RoomLogStatus] = [:]
  }

  func ticket(_ sequence: Int) -> RoomLogTicket { RoomLogTicket(room: "room-a", sequence: sequence) }

  @Test func messagesWaitForTheirLinesInOrder() {
    let lines = Lines()
    var sent: [String] = []
    let gate = CommitGate<String>(
      status: { lines.status[$0.sequence] ?? .committed }, deliver: { sent.append($0) }, schedule: { $0() })
    gate.send("no line", after: nil)
    gate.send("committed", after: self.ticket(0))
    #expect(sent == ["no line", "committed"])

    lines.status = [1: .pending, 2: .pending, 3: .pending]
    gate.send("view 1", after: self.ticket(1))
    gate.send("pong", after: nil)
    gate.send("view 2", after: self.ticket(2))
    gate.send("view 3", after: self.ticket(3))
    // Nothing overtakes a message that waits.
    #expect(sent == ["no line", "committed"])
    #expect(gate.heldCount == 4)

    lines.status[1] = .committed
    gate.wake()
    #expect(sent == ["no line", "committed", "view 1", "pong"])
    lines.status[2] = .failed
    lines.status[3] = .failed
    gate.release()
    #expect(sent == ["no line", "committed", "view 1", "pong"])
    #expect(gate.heldCount == 0)
    #expect(gate.dropped == 2)
    // A failed line's message is dropped at once when nothing waits.
    gate.send("view 3 again", after: self.ticket(3))
    #expect(gate.heldCount == 0)
    #expect(gate.dropped == 3)
  }

  @Test func wakesAreCoalesced() {
    let scheduled = Mutex<[@Sendable () -> Void]>([])
    let gate = CommitGate<Int>(
      status: { _ in .committed }, deliver: { _ in }, schedule: { work in scheduled.withLock { $0.append(work) } })
    gate.wake()
    gate.wake()
    gate.wake()
    #expect(scheduled.withLock { $0.count } == 1)
    scheduled.withLock { $0.removeFirst() }()
    gate.wake()
    #expect(scheduled.withLock { $0.count } == 1)
  }
}
