import Foundation
import GameServerJSON
import Testing

/// The parser agrees with Foundation on valid JSON and refuses what is not JSON.
struct JSONParserTests {
  @Test(arguments: [
    #"{"v":1,"type":"ping"}"#,
    #"  { "a" : [1, 2.5, -3e2, 0, -0.125, 1E+3] , "b" : { "c" : null, "d" : true, "e" : false } }  "#,
    #"["", "plain", "quote \" slash \\ solidus \/", "\n\r\t\b\f", "\u00e9\u4e2d", "\ud83d\ude00", "ünïcödé 😀"]"#,
    #"{"dup":1,"dup":2}"#,
    #"123456789012345"#,
    #"-9007199254740993"#,
    #"[[[[[]]]]]"#,
    "\"\u{7F}\"",
  ])
  func agreesWithFoundation(_ text: String) throws {
    let ours = try JSONParser.parse(Array(text.utf8))
    let foundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(ours == foundation)
  }

  @Test func readsValuesAndEscapes() throws {
    let value = try JSONParser.parse(Array(#"{"s":"a\"b\u0041\ud83d\ude00","n":-12.5,"l":[true,null]}"#.utf8))
    #expect(value["s"] == .string("a\"bA😀"))
    #expect(value["n"] == .number(-12.5))
    #expect(value["l"] == .array([.bool(true), .null]))
  }

  @Test func theFirstOfTwoEqualKeysCounts() throws {
    // NB: Past the objects given room up front too: the sixth object grows as it fills.
    let text = #"[{"a":1,"b":2,"a":3},{},{},{},{},{"a":[1],"a":null,"c":{"a":4,"a":5}}]"#
    let value = try JSONParser.parse(Array(text.utf8))
    #expect(value.array?.first == .object(["a": .number(1), "b": .number(2)]))
    #expect(value.array?.last == .object(["a": .array([.number(1)]), "c": .object(["a": .number(4)])]))
  }

  @Test(arguments: [
    "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[01]", "[1.]", "[.5]", "[1e]", "[-]",
    "[+1]", "tru", "nul", "\"abc", "\"a\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00x\"", "\"tab\there\"",
    "{} {}", "[1] x", "NaN", "[Infinity]", "'a'",
  ])
  func refusesWhatIsNotJSON(_ text: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
  }

  @Test func refusesInvalidUTF8() {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) }
  }

  @Test func limitsNesting() throws {
    let deep =
      String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
    _ = try JSONParser.parse(Array(deep.utf8))
    let tooDeep = "[" + deep + "]"
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(tooDeep.utf8)) }
    // NB: A hostile message a hundred thousand levels deep is refused, not a stack overflow.
    let hostile = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(hostile.utf8)) }
  }

  @Test func saysWhere() {
    #expect(throws: JSONSyntaxError(offset: 7, reason: "expected ',' or '}' in an object")) {
      try JSONParser.parse(Array(#"{"a":1 "b":2}"#.utf8))
    }
  }
}
