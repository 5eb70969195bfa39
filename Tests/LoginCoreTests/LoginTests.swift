import Authentication
import ComposableArchitecture
import DatabaseClient
import Foundation
import GameCore
@testable import LoginCore
import ServerModels
import Testing

@MainActor
struct LoginTests {
  let database = DatabaseClient.inMemory()
  let connection = ConnectionID(rawValue: 1)
  let start = Date(timeIntervalSince1970: 1_000_000)

  func makeStore(now: LockIsolated<Date>? = nil) -> TestStoreOf<Login> {
    let now = now ?? LockIsolated(start)
    return TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.database = database
      $0.date = DateGenerator { now.value }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
    }
  }

  /// The token the store's seeded generator hands out after `draws` earlier draws.
  func token(after draws: (inout SeededRandomNumberGenerator) -> Void = { _ in }) -> String {
    var generator = SeededRandomNumberGenerator(seed: 1)
    draws(&generator)
    return SessionToken.make(using: &generator)
  }

  @Test func guestsPlayUnderANickname() async throws {
    let store = makeStore()
    var generator = SeededRandomNumberGenerator(seed: 1)
    let suffix = String(UInt32.random(in: 0...UInt32.max, using: &generator), radix: 16)
    let token = SessionToken.make(using: &generator)
    await store.send(.guest(connection, name: "ada", requestID: "r1"))
    let identity = Identity(player: PlayerID(rawValue: "guest-\(suffix)"), name: "ada", isGuest: true)
    await store.receive(.delegate(.loggedIn(connection, identity, token: token, requestID: "r1")))
    #expect(try await database.fetchSession(SessionToken.hash(token))?.player == identity.player)
  }

  @Test func registerThenLogIn() async throws {
    let store = makeStore()
    await store.send(.register(connection, name: "Alice", password: "correct horse", requestID: "r1"))
    let identity = Identity(player: "alice", name: "Alice", isGuest: false)
    await store.receive(.response(connection, name: nil, requestID: "r1", .success(identity)))
    let first = token()
    await store.receive(.delegate(.loggedIn(connection, identity, token: first, requestID: "r1")))

    let stored = try #require(try await database.fetchAccount("alice"))
    #expect(!stored.passwordHash.contains("correct horse"))
    #expect(stored.passwordHash.hasPrefix("scrypt$"))

    await store.send(.login(ConnectionID(rawValue: 2), name: "ALICE", password: "correct horse", requestID: "r2"))
    await store.receive(.response(ConnectionID(rawValue: 2), name: "ALICE", requestID: "r2", .success(identity)))
    let second = token { _ = SessionToken.make(using: &$0) }
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 2), identity, token: second, requestID: "r2")))
    #expect(first != second)
  }

  @Test func aTokenResumesTheSession() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.register(connection, name: "bob", password: "hunter2hunter2", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    let token = token()
    await store.send(.resume(ConnectionID(rawValue: 9), token: token, requestID: "r5"))
    let identity = Identity(player: "bob", name: "bob", isGuest: false)
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 9), identity, token: self.token { _ = SessionToken.make(using: &$0) }, requestID: "r5")))
    await store.send(.resume(ConnectionID(rawValue: 9), token: "not-a-token", requestID: "r6"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 9), .unknownToken, requestID: "r6")))
  }

  @Test func badCredentialsGetClearErrors() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.register(connection, name: "carol", password: "long enough", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    store.exhaustivity = .on

    await store.send(.register(connection, name: "Carol", password: "long enough", requestID: "a"))
    await store.receive(.response(connection, name: nil, requestID: "a", .failure(.nameTaken)))
    await store.receive(.delegate(.failed(connection, .nameTaken, requestID: "a")))

    for name in ["ab", "1abc", "guest-abc", "bot-x", "has space", "ünïcode", String(repeating: "a", count: 21)] {
      await store.send(.register(connection, name: name, password: "long enough", requestID: "b"))
      await store.receive(.delegate(.failed(connection, .malformedName, requestID: "b")))
    }
    await store.send(.register(connection, name: "dave", password: "short", requestID: "c"))
    await store.receive(.delegate(.failed(connection, .malformedPassword, requestID: "c")))
    await store.send(.guest(connection, name: "x", requestID: "d"))
    await store.receive(.delegate(.failed(connection, .malformedName, requestID: "d")))

    await store.send(.login(connection, name: "nobody", password: "whatever1", requestID: "e"))
    await store.receive(.response(connection, name: "nobody", requestID: "e", .failure(.unknownAccount))) {
      $0.failures = ["name:nobody": Login.Failures(count: 1), "connection:1": Login.Failures(count: 1)]
    }
    await store.receive(.delegate(.failed(connection, .unknownAccount, requestID: "e")))
    await store.send(.login(connection, name: "carol", password: "wrong pass", requestID: "f"))
    await store.receive(.response(connection, name: "carol", requestID: "f", .failure(.wrongPassword))) {
      $0.failures = [
        "name:nobody": Login.Failures(count: 1), "name:carol": Login.Failures(count: 1),
        "connection:1": Login.Failures(count: 2),
      ]
    }
    await store.receive(.delegate(.failed(connection, .wrongPassword, requestID: "f")))
  }

  @Test func repeatedFailuresLockTheAccountForAWhile() async throws {
    let now = LockIsolated(start)
    let store = makeStore(now: now)
    store.exhaustivity = .off
    await store.send(.register(connection, name: "erin", password: "right password", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    // Five wrong passwords from five connections lock the account.
    for attempt in 1...5 {
      await store.send(.login(ConnectionID(rawValue: UInt64(10 + attempt)), name: "erin", password: "wrong password", requestID: nil))
      await store.receive(.delegate(.failed(ConnectionID(rawValue: UInt64(10 + attempt)), .wrongPassword, requestID: nil)))
    }
    // Even the right password waits for the lockout.
    await store.send(.login(ConnectionID(rawValue: 20), name: "erin", password: "right password", requestID: "x"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 20), .tooManyAttempts(retryAfterSeconds: 60), requestID: "x")))
    now.setValue(start.addingTimeInterval(45))
    await store.send(.login(ConnectionID(rawValue: 20), name: "erin", password: "right password", requestID: "y"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 20), .tooManyAttempts(retryAfterSeconds: 15), requestID: "y")))
    now.setValue(start.addingTimeInterval(61))
    await store.send(.login(ConnectionID(rawValue: 20), name: "erin", password: "right password", requestID: "z"))
    await store.receive(\.delegate.loggedIn)
    #expect(store.state.failures["name:erin"] == nil)
  }

  @Test func oneConnectionTryingManyNamesIsLockedToo() async {
    let store = makeStore()
    store.exhaustivity = .off
    for index in 1...5 {
      await store.send(.login(connection, name: "user\(index)", password: "guessing1", requestID: nil))
      await store.receive(.delegate(.failed(connection, .unknownAccount, requestID: nil)))
    }
    await store.send(.login(connection, name: "user6", password: "guessing1", requestID: nil))
    await store.receive(.delegate(.failed(connection, .tooManyAttempts(retryAfterSeconds: 60), requestID: nil)))
    // Another connection may still try that name.
    await store.send(.login(ConnectionID(rawValue: 2), name: "user6", password: "guessing1", requestID: nil))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 2), .unknownAccount, requestID: nil)))
  }
}

struct PasswordHasherTests {
  @Test func hashesAreSaltedAndVerifyInConstantTime() async throws {
    let hasher = PasswordHasher.scrypt(rounds: 16)
    let a = try await hasher.hash("correct horse")
    let b = try await hasher.hash("correct horse")
    #expect(a.salt != b.salt)
    #expect(a.digest != b.digest)
    #expect(await hasher.verify("correct horse", a))
    #expect(await !hasher.verify("correct hors", a))
    #expect(PasswordHash(encoded: a.encoded) == a)
    #expect(PasswordHash(encoded: "md5$abc") == nil)
    #expect(constantTimeEqual([1, 2, 3], [1, 2, 3]))
    #expect(!constantTimeEqual([1, 2, 3], [1, 2, 4]))
    #expect(!constantTimeEqual([1, 2], [1, 2, 3]))
  }

  @Test func tokensAreLongRandomAndStoredHashed() {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let token = SessionToken.make(using: &generator)
    #expect(token.count == 48)
    #expect(SessionToken.make(using: &generator) != token)
    let hash = SessionToken.hash(token)
    #expect(hash.count == 64)
    #expect(hash != token)
    #expect(SessionToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }
}

struct FailureTableTests {
  @Test func theTableOfFailuresStaysBounded() {
    var state = Login.State()
    let now = Date(timeIntervalSince1970: 0)
    for index in 0..<25_000 { state.recordFailure("name:user\(index)", now: now) }
    #expect(state.failures.count <= 10_000)
  }
}
