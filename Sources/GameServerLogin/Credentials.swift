/// The rules for names and passwords.
///
/// ```swift
/// Credentials.isValidName("alice_1")  // true
/// Credentials.isValidName("guest-1")  // false: reserved
/// ```
public enum Credentials {
  public static func isValidName(_ name: String) -> Bool {
    let lower = name.lowercased()
    guard (3...20).contains(name.count), let first = name.unicodeScalars.first,
      first.properties.isAlphabetic, first.isASCII,
      !lower.hasPrefix("guest-"), !lower.hasPrefix("bot-")
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
    }
  }

  public static func isValidPassword(_ password: String) -> Bool {
    (8...128).contains(password.count)
  }
}
