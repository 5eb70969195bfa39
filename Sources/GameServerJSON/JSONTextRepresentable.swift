/// A value that can write its JSON directly, the same text its `Encodable` form gives, for the
/// values written so often that the generic encoder's cost shows.
///
/// ```swift
/// extension Move: JSONTextRepresentable {
///   public var jsonText: String? { "{\"square\":\(self.square)}" }
/// }
/// ```
public protocol JSONTextRepresentable {
  /// The JSON, or `nil` for values that go through `Encodable` instead.
  var jsonText: String? { get }
}

extension JSONStreamEncoder {
  /// `text` as a JSON string literal, quoted and escaped as the encoder writes strings.
  ///
  /// ```swift
  /// JSONStreamEncoder.quoted("say \"hi\"")  // "\"say \\\"hi\\\"\""
  /// ```
  public static func quoted(_ text: String) -> String {
    let output = JSONOutput(capacity: text.utf8.count + 2)
    output.write(text)
    return String(decoding: output.bytes, as: UTF8.self)
  }
}
