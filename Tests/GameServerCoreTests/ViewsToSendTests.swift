import GameServerWire
import Testing

@testable import GameServerCore

struct ViewsToSendTests {
  @Test(arguments: [0, 1, 2, 3, 7])
  func messagesComeOutInTheOrderTheyWentIn(count: Int) {
    var messages = ViewsToSend()
    messages.reserveCapacity(count)
    for index in 0..<count {
      messages.append((ConnectionID(rawValue: UInt64(index)), .queueLeft(reason: "r\(index)", replyTo: nil)))
    }
    var seen: [UInt64] = []
    messages.forEach { connection, _ in seen.append(connection.rawValue) }
    #expect(seen == (0..<count).map(UInt64.init))
    #expect(messages.isEmpty == (count == 0))
  }
}
