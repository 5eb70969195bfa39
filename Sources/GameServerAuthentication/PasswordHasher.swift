import Crypto
import Dependencies
import Foundation
import _CryptoExtras

/// Hashes and checks passwords with scrypt, a slow, memory-hard key derivation function.
///
/// Live: 2^15 rounds, block size 8 (32 MiB and tens of milliseconds per hash). Tests: the same
/// code with 2^4 rounds, so they stay fast. Verification compares in constant time. The work
/// runs on a ``HashingPool``: bounded in threads and in what waits, so a flood of logins is
/// refused with ``PasswordHasherError/busy`` rather than queued without end.
///
/// ```swift
/// @Dependency(\.passwordHasher) var hasher
/// let hash = try await hasher.hash("correct horse")
/// try await hasher.verify("correct horse", hash)  // true
/// ```
public struct PasswordHasher: Sendable {
  public var hash: @Sendable (_ password: String) async throws -> PasswordHash
  public var verify: @Sendable (_ password: String, _ hash: PasswordHash) async throws -> Bool
  /// A hash with the same cost as real ones that no password matches: checking a password
  /// against it takes as long as against an account's, so that a login for a name with no
  /// account cannot be told apart by its time.
  public var decoy: PasswordHash

  public init(
    hash: @escaping @Sendable (String) async throws -> PasswordHash,
    verify: @escaping @Sendable (String, PasswordHash) async throws -> Bool,
    decoy: PasswordHash
  ) {
    self.hash = hash
    self.verify = verify
    self.decoy = decoy
  }

  /// scrypt with these parameters and a random 16-byte salt, on `pool`.
  public static func scrypt(
    rounds: Int, blockSize: Int = 8, parallelism: Int = 1, pool: HashingPool = .standard()
  ) -> PasswordHasher {
    PasswordHasher(
      hash: { password in
        try await pool.run {
          var generator = SystemRandomNumberGenerator()
          let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
          return PasswordHash(
            rounds: rounds, blockSize: blockSize, parallelism: parallelism, salt: salt,
            digest: try derive(password, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism))
        }
      },
      verify: { password, hash in
        try await pool.run {
          guard
            let digest = try? derive(
              password, salt: hash.salt, rounds: hash.rounds, blockSize: hash.blockSize,
              parallelism: hash.parallelism)
          else { return false }
          return constantTimeEqual(digest, hash.digest)
        }
      },
      decoy: PasswordHash(
        rounds: rounds, blockSize: blockSize, parallelism: parallelism, salt: [UInt8](repeating: 0, count: 16),
        digest: [UInt8](repeating: 0, count: 32))
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
  // NB: Tests run in parallel and share this value: its pool admits far more than a live one.
  public static let testValue = PasswordHasher.scrypt(rounds: 1 << 4, pool: HashingPool(workers: 2, capacity: 10_000))
}

extension DependencyValues {
  /// How passwords are hashed and checked.
  public var passwordHasher: PasswordHasher {
    get { self[PasswordHasher.self] }
    set { self[PasswordHasher.self] = newValue }
  }
}
