import Foundation
import GameServerWire
import Testing

/// The JSON examples of the article "The wire protocol" (WireProtocol.md) are messages the server
/// reads or writes: each ```json block is a message, a list of messages, or a session's exchange
/// (`{"send": …}` read by the server's own decoder, `{"receive": …}` by the inverse of what the
/// server writes). An example that drifts from the protocol fails here.
struct WireProtocolArticleTests {
  static let article = DocumentationExamplesTests.root
    .appendingPathComponent("Sources/GameServerMain/Documentation.docc/WireProtocol.md")

  static func jsonBlocks(in text: String) -> [(line: Int, code: String)] {
    var blocks: [(Int, String)] = []
    var current: [String]?
    var start = 0
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if var lines = current {
        if line.trimmingCharacters(in: .whitespaces) == "```" {
          blocks.append((start, lines.joined(separator: "\n")))
          current = nil
        } else {
          lines.append(String(line))
          current = lines
        }
      } else if line.trimmingCharacters(in: .whitespaces) == "```json" {
        (current, start) = ([], index + 1)
      }
    }
    return blocks
  }

  /// How a message of an example is read: as a client's (`send`), as the server's (`receive`), or
  /// either (a message on its own, whose side its type tells).
  enum Side { case client, server, either }

  static func messages(in value: Any, side: Side) -> [(Side, [String: Any])] {
    if let list = value as? [Any] { return list.flatMap { messages(in: $0, side: side) } }
    guard let object = value as? [String: Any] else { return [] }
    if object.count == 1, let sent = object["send"] { return messages(in: sent, side: .client) }
    if object.count == 1, let received = object["receive"] { return messages(in: received, side: .server) }
    return object["type"] == nil ? [] : [(side, object)]
  }

  static func reads(_ object: [String: Any], as side: Side) -> Bool {
    guard let data = try? JSONSerialization.data(withJSONObject: object) else { return false }
    let text = String(decoding: data, as: UTF8.self)
    let asClient = (try? ClientRequest.decode(text)) != nil
    let asServer = (try? ServerMessage.decode(Array(data))) != nil
    switch side {
    case .client: return asClient
    case .server: return asServer
    case .either: return asClient || asServer
    }
  }

  @Test func everyExampleIsAMessageOfTheProtocol() throws {
    let text = try String(contentsOf: Self.article, encoding: .utf8)
    var checked = 0
    for (line, code) in Self.jsonBlocks(in: text) {
      let value = try #require(
        try? JSONSerialization.jsonObject(with: Data(code.utf8), options: [.fragmentsAllowed]),
        "WireProtocol.md:\(line) is not JSON")
      for (side, message) in Self.messages(in: value, side: .either) where message["v"] != nil {
        checked += 1
        #expect(
          Self.reads(message, as: side), "WireProtocol.md:\(line): \(message["type"] ?? "?") is not read as \(side)")
      }
    }
    // NB: The session from start to end alone has more; none means the search is broken.
    #expect(checked >= 20)
  }

  @Test func aMistakeInAnExampleIsFound() {
    #expect(Self.reads(["v": 1, "type": "queue", "game": "tictactoe"], as: .client))
    #expect(!Self.reads(["v": 1, "type": "queue", "game": 3], as: .client))
    #expect(!Self.reads(["v": 1, "type": "welcome", "player": "ada"], as: .server))
    #expect(Self.reads(["v": 1, "type": "goodbye", "replyTo": "9"], as: .server))
    let exchange: [Any] = [["send": ["v": 1, "type": "ping"]], ["receive": ["v": 1, "type": "pong"]]]
    #expect(Self.messages(in: exchange, side: .either).map(\.0) == [.client, .server])
  }
}
