import Foundation
import GameServerWire
import Testing

/// A view written as the answer to a request is the same view as one written plainly: the same
/// message once the answer's `replyTo` is set, and handed out with no copy for that answer.
struct RoomViewTests {
  private func view(replyTo: String?) -> RoomView {
    RoomView(room: "room-1", game: "tictactoe", mode: "blitz", replyTo: replyTo) {
      $0.raw(#"[{"player":"ada","name":"Ada"}]"#)
    } writeView: {
      $0.raw(#"{"board":["X..","...","..."]}"#)
    }
  }

  @Test func aViewWrittenAsAnAnswerIsThePlainViewWithItsReplyTo() {
    let plain = self.view(replyTo: nil)
    let answer = self.view(replyTo: "m-7")
    #expect(answer.writtenReplyTo == "m-7")
    #expect(answer == plain)
    #expect(answer.hashValue == plain.hashValue)
    #expect(answer.json == plain.json)
    #expect(answer.viewJSON == plain.viewJSON)
    #expect(answer.seatsJSON == plain.seatsJSON)
    #expect(answer.jsonBytes(replyTo: "m-7") == plain.jsonBytes(replyTo: "m-7"))
    #expect(answer.jsonBytes(replyTo: nil) == plain.json)
    #expect(answer.jsonBytes(replyTo: "other") == plain.jsonBytes(replyTo: "other"))
    let text = String(decoding: answer.jsonBytes(replyTo: "m-7"), as: UTF8.self)
    #expect(text.hasSuffix(#","view":{"board":["X..","...","..."]},"replyTo":"m-7"}"#))
  }

  @Test func theAnswerItWasWrittenForIsTheBytesWritten() {
    let answer = self.view(replyTo: "m-7")
    let sent = answer.jsonBytes(replyTo: "m-7")
    let again = answer.jsonBytes(replyTo: "m-7")
    // The same buffer: no copy was made for the answer.
    #expect(sent.withUnsafeBufferPointer(\.baseAddress) == again.withUnsafeBufferPointer(\.baseAddress))
    #expect(ServerMessage.room(answer, replyTo: "m-7").jsonBytes == sent)
  }

  /// The room's status goes after the view, before `replyTo`, only when it says something, and
  /// reads back as written (by hand and by `Codable` alike).
  @Test func theStatusFollowsTheViewAndReadsBack() throws {
    let status = RoomStatus(
      away: [RoomStatus.Away(player: "ada", until: 1_764_316_830_000)], left: ["bob"],
      end: RoomStatus.End(reason: .forfeit, player: "bob"),
      series: RoomStatus.Series(played: 2, wins: [.init(player: "ada", wins: 1), .init(player: "bob", wins: 0)]))
    let view = RoomView(room: "room-1", game: "tictactoe", mode: nil, status: status, replyTo: "m-1") {
      $0.raw(#"{"board":["X..","...","..."]}"#)
    }
    let text = String(decoding: view.jsonBytes(replyTo: "m-1"), as: UTF8.self)
    #expect(
      text.hasSuffix(
        #","view":{"board":["X..","...","..."]},"status":{"away":[{"player":"ada","until":1764316830000}],"left":["bob"],"end":{"reason":"forfeit","player":"bob"},"series":{"played":2,"wins":[{"player":"ada","wins":1},{"player":"bob","wins":0}]}},"replyTo":"m-1"}"#
      ))
    #expect(view.status == status)
    #expect(try JSONDecoder().decode(RoomStatus.self, from: JSONEncoder().encode(status)) == status)
    let decoded = try ServerMessage.decode(view.jsonBytes(replyTo: "m-1"))
    guard case let .room(read, replyTo) = decoded else {
      Issue.record("Not a room message: \(decoded)")
      return
    }
    #expect(read.status == status)
    #expect(replyTo == "m-1")
    // Nothing to say: no status at all.
    let quiet = RoomView(room: "room-1", game: "tictactoe", mode: nil, status: RoomStatus()) { $0.raw("{}") }
    #expect(!String(decoding: quiet.json, as: UTF8.self).contains("status"))
    #expect(quiet.status == nil)
  }
}
