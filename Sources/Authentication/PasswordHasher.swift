import Crypto
import Dependencies
import Foundation
import _CryptoExtras

/// Hashes and checks passwords with scrypt, a slow, memory-hard key derivation function.
///
/// Live: 2^15 rounds, block size 8 (32 MiB and tens of milliseconds per hash). Tests: the same
/// code with 2^4 rounds, so they stay fast. Verification compares in constant time.
///
/// ```swift
/// @Dependency(\.passwordHasher) var hasher
/// let hash = try await hasher.hash("correct horse")
/// await hasher.verify("correct horse", hash)  // true
/// ```
public struct PasswordHasher: Sendable {
  public var hash: @Sendable (_ password: String) async throws -> PasswordHash
  public var verify: @Sendable (_ password: String, _ hash: PasswordHash) async -> Bool

  public init(
    hash: @escaping @Sendable (String) async throws -> PasswordHash,
    verify: @escaping @Sendable (String, PasswordHash) async -> Bool
  ) {
    self.hash = hash
    self.verify = verify
  }

  /// scrypt with these parameters and a random 16-byte salt.
  public static func scrypt(rounds: Int, blockSize: Int = 8, parallelism: Int = 1) -> PasswordHasher {
    PasswordHasher(
      // NB: Detached, so that the slow derivation runs on the global pool and never on the
      // thread of the store that asked (the websocket service thread, in the server).
      hash: { password in
        try await Task.detached {
          var generator = SystemRandomNumberGenerator()
          let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
          return PasswordHash(
            rounds: rounds, blockSize: blockSize, parallelism: parallelism, salt: salt,
            digest: try derive(password, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism))
        }.value
      },
      verify: { password, hash in
        await Task.detached {
          guard
            let digest = try? derive(
              password, salt: hash.salt, rounds: hash.rounds, blockSize: hash.blockSize,
              parallelism: hash.parallelism)
          else { return false }
          return constantTimeEqual(digest, hash.digest)
        }.value
      }
    )
  }

  static func derive(
    _ password: String, salt: [UInt8], rounds: Int, blockSize: Int, parallelism: Int
  ) throws -> [UInt8] {
    let key = try KDF.Scrypt.deriveKey(
      from: Array(password.utf8), salt: salt, outputByteCount: 32, rounds: rounds,
      blockSize: blockSize, parallelism: parallelism)
    return key.withUnsafeBytes { Array($0) }
  }
}

/// Whether two byte strings are equal, taking the same time wherever they differ.
public func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
  guard a.count == b.count else { return false }
  var difference: UInt8 = 0
  for index in a.indices { difference |= a[index] ^ b[index] }
  return difference == 0
}

extension PasswordHasher: DependencyKey {
  public static let liveValue = PasswordHasher.scrypt(rounds: 1 << 15)
  public static let testValue = PasswordHasher.scrypt(rounds: 1 << 4)
}

extension DependencyValues {
  /// How passwords are hashed and checked.
  public var passwordHasher: PasswordHasher {
    get { self[PasswordHasher.self] }
    set { self[PasswordHasher.self] = newValue }
  }
}
