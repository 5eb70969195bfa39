import Foundation
import GameServerAuthentication
import Testing

struct PasswordHasherTests {
  @Test func hashesAreSaltedAndVerifyInConstantTime() async throws {
    let hasher = PasswordHasher.scrypt(rounds: 16)
    let a = try await hasher.hash("correct horse")
    let b = try await hasher.hash("correct horse")
    #expect(a.salt != b.salt)
    #expect(a.digest != b.digest)
    #expect(try await hasher.verify("correct horse", a))
    #expect(try await !hasher.verify("correct hors", a))
    #expect(PasswordHash(encoded: a.encoded) == a)
    #expect(PasswordHash(encoded: "md5$abc") == nil)
    #expect(constantTimeEqual([1, 2, 3], [1, 2, 3]))
    #expect(!constantTimeEqual([1, 2, 3], [1, 2, 4]))
    #expect(!constantTimeEqual([1, 2], [1, 2, 3]))
  }

  @Test func theDecoyHasTheRealCostAndMatchesNothing() async throws {
    let hasher = PasswordHasher.scrypt(rounds: 32, blockSize: 4)
    let real = try await hasher.hash("correct horse")
    #expect(hasher.decoy.rounds == real.rounds)
    #expect(hasher.decoy.blockSize == real.blockSize)
    #expect(hasher.decoy.digest.count == real.digest.count)
    for password in ["", "correct horse", "password"] {
      #expect(try await !hasher.verify(password, hasher.decoy))
    }
  }

  @Test func tokensAreLongRandomAndStoredHashed() {
    var generator = SystemRandomNumberGenerator()
    let token = SessionToken.make(using: &generator)
    #expect(token.count == 48)
    #expect(SessionToken.make(using: &generator) != token)
    let hash = SessionToken.hash(token)
    #expect(hash.count == 64)
    #expect(hash != token)
    #expect(SessionToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }
}
