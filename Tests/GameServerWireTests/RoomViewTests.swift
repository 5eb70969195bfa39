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
}
