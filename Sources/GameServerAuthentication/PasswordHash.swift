import Foundation

/// A salted, deliberately slow hash of a password (scrypt), with the parameters it was made with.
///
/// Stored as text: `scrypt$N$r$p$<salt base64>$<digest base64>`.
///
/// ```swift
/// let hash = try await hasher.hash("correct horse")
/// let stored = hash.encoded
/// let again = PasswordHash(encoded: stored)
/// ```
public struct PasswordHash: Hashable, Codable, Sendable {
  /// scrypt's cost: the number of rounds, a power of 2.
  public var rounds: Int
  public var blockSize: Int
  public var parallelism: Int
  public var salt: [UInt8]
  public var digest: [UInt8]

  public init(rounds: Int, blockSize: Int, parallelism: Int, salt: [UInt8], digest: [UInt8]) {
    self.rounds = rounds
    self.blockSize = blockSize
    self.parallelism = parallelism
    self.salt = salt
    self.digest = digest
  }

  /// The hash as stored text.
  public var encoded: String {
    [
      "scrypt", String(self.rounds), String(self.blockSize), String(self.parallelism),
      Data(self.salt).base64EncodedString(), Data(self.digest).base64EncodedString(),
    ].joined(separator: "$")
  }

  /// Reads stored text; nil when it is not a hash this server wrote.
  public init?(encoded: String) {
    let parts = encoded.split(separator: "$").map(String.init)
    guard parts.count == 6, parts[0] == "scrypt",
      let rounds = Int(parts[1]), let blockSize = Int(parts[2]), let parallelism = Int(parts[3]),
      let salt = Data(base64Encoded: parts[4]), let digest = Data(base64Encoded: parts[5])
    else { return nil }
    self.init(
      rounds: rounds, blockSize: blockSize, parallelism: parallelism, salt: Array(salt),
      digest: Array(digest))
  }
}
