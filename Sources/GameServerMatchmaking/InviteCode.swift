/// Short codes that invite a friend to a private room: 5 characters from an alphabet without
/// look-alikes (no 0, O, 1, I).
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// InviteCode.make(using: &generator)  // "K7QXD"
/// ```
public enum InviteCode {
  public static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
  public static let length = 5

  public static func make(using generator: inout some RandomNumberGenerator) -> String {
    String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
  }

  /// Upper-cases a code typed by a person and drops spaces.
  public static func normalize(_ code: String) -> String {
    code.uppercased().filter { !$0.isWhitespace }
  }
}
