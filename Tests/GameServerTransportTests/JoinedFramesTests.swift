import Testing

@testable import GameServerTransport

/// Messages queued on one server connection are framed here and written together.
struct JoinedFramesTests {
  private func message(_ count: Int, _ byte: UInt8) -> OutgoingMessage {
    OutgoingMessage([UInt8](repeating: byte, count: count))
  }

  @Test func theFirstMessagesThatFitAreFramedOneAfterTheOther() throws {
    let queue = [self.message(3, 0x61), self.message(200, 0x62), self.message(20_000, 0x63)]
    let joined = try #require(JoinedFrames(queue))
    // The third would take the write past its limit: it waits for the next turn.
    #expect(joined.messageCount == 2)
    #expect(joined.payloadCount == 203)
    let expected: [UInt8] =
      [0x81, 3] + [UInt8](repeating: 0x61, count: 3)
      + [0x81, 126, 0, 200] + [UInt8](repeating: 0x62, count: 200)
    #expect(Array(joined.frames) == expected)
  }

  @Test func fewerThanTwoMessagesThatFitAreNotJoined() {
    #expect(JoinedFrames([self.message(10, 0x61)]) == nil)
    #expect(JoinedFrames([self.message(20_000, 0x61), self.message(10, 0x62)]) == nil)
  }

  @Test func aLengthPast16BitsTakesEightBytes() {
    var header: [UInt8] = []
    JoinedFrames.appendHeader(of: 70_000, to: &header)
    #expect(header == [0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70])
    #expect(JoinedFrames.headerCount(70_000) == 10)
    #expect(JoinedFrames.headerCount(125) == 2)
    #expect(JoinedFrames.headerCount(126) == 4)
    #expect(JoinedFrames.headerCount(65_535) == 4)
  }
}
