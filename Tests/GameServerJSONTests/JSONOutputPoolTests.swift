import GameServerJSON
import Testing

struct JSONOutputPoolTests {
  @Test func aLentOutputStartsEmpty() {
    // NB: The first leaves a container open: the next must still start from nothing.
    JSONOutput.withPooled { output in
      output.raw(#"{"a":["#)
      _ = output.copiedBytes()
    }
    for _ in 0..<3 {
      let json = JSONOutput.withPooled { output in
        output.raw(#"{"b":1}"#)
        return output.copiedBytes()
      }
      #expect(String(decoding: json, as: UTF8.self) == #"{"b":1}"#)
    }
  }

  @Test func outputsLentInsideOneAnotherAreApart() {
    let (outer, inner) = JSONOutput.withPooled { outer in
      outer.raw("[1")
      let inner = JSONOutput.withPooled { inner in
        inner.raw("[2]")
        return inner.copiedBytes()
      }
      outer.raw("]")
      return (outer.copiedBytes(), inner)
    }
    #expect(String(decoding: outer, as: UTF8.self) == "[1]")
    #expect(String(decoding: inner, as: UTF8.self) == "[2]")
  }

  @Test func copiedBytesAreTheirOwn() {
    let output = JSONOutput(capacity: 64)
    output.raw("[1]")
    let copy = output.copiedBytes()
    output.raw(",")
    #expect(copy == Array("[1]".utf8))
    #expect(copy.capacity < 64)
  }
}
