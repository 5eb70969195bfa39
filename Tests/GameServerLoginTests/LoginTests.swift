import ComposableArchitecture
import Foundation
import GameServerAuthentication
import GameServerDatabase
import GameServerGame
import GameServerWire
import Testing

@testable import GameServerLogin

@MainActor
struct LoginTests {
  let database = DatabaseClient.inMemory()
  let connection = ConnectionID(rawValue: 1)
  let start = Date(timeIntervalSince1970: 1_000_000)

  func makeStore(now: LockIsolated<Date>? = nil, hasher: PasswordHasher? = nil) -> TestStoreOf<Login> {
    let now = now ?? LockIsolated(start)
    return TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.database = database
      $0.date = DateGenerator { now.value }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
      if let hasher { $0.passwordHasher = hasher }
    }
  }

  /// The `index`th token the store's seeded generator hands out, when nothing else draws.
  func token(_ index: Int) -> String {
    var generator = SeededRandomNumberGenerator(seed: 1)
    for _ in 0..<index { _ = SessionToken.make(using: &generator) }
    return SessionToken.make(using: &generator)
  }

  @Test func guestsPlayUnderANickname() async throws {
    let store = makeStore()
    var generator = SeededRandomNumberGenerator(seed: 1)
    let suffix = String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16)
    let token = SessionToken.make(using: &generator)
    await store.send(.guest(connection, name: "ada", requestID: "r1"))
    let identity = Identity(player: PlayerID(rawValue: "guest-\(suffix)"), name: "ada", isGuest: true)
    await store.receive(
      .response(connection, .guest, requestID: "r1", .success(.init(identity: identity, token: token))))
    await store.receive(.delegate(.loggedIn(connection, identity, token: token, requestID: "r1")))
    let session = try #require(try await database.fetchSession(SessionToken.hash(token)))
    #expect(session.player == identity.player)
    // A guest's token lasts a day.
    #expect(session.expiresAt == start.addingTimeInterval(86_400))
  }

  @Test func anAccountsNameIsNotAGuestsToTake() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.register(connection, name: "Ada", password: "correct horse", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    for name in ["ada", "ADA", "Ada"] {
      await store.send(.guest(ConnectionID(rawValue: 2), name: name, requestID: "g"))
      await store.receive(.delegate(.failed(ConnectionID(rawValue: 2), .nameTaken, requestID: "g")))
    }
    await store.send(.guest(ConnectionID(rawValue: 2), name: "adam", requestID: "h"))
    await store.receive(\.delegate.loggedIn)
  }

  @Test func registerThenLogIn() async throws {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.register(connection, name: "Alice", password: "correct horse", requestID: "r1")) {
      $0.inFlight = ["connection:1": 1]
    }
    let identity = Identity(player: "alice", name: "Alice", isGuest: false)
    await store.receive(.delegate(.loggedIn(connection, identity, token: token(0), requestID: "r1")))
    #expect(store.state.inFlight.isEmpty)

    let stored = try #require(try await database.fetchAccount("alice"))
    #expect(!stored.passwordHash.contains("correct horse"))
    #expect(stored.passwordHash.hasPrefix("scrypt$"))

    await store.send(.login(ConnectionID(rawValue: 2), name: "ALICE", password: "correct horse", requestID: "r2")) {
      $0.inFlight = ["name:alice": 1, "connection:2": 1]
    }
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 2), identity, token: token(1), requestID: "r2")))
    #expect(store.state.inFlight.isEmpty)
    // An account's token lasts 30 days.
    #expect(
      try await database.fetchSession(SessionToken.hash(token(1)))?.expiresAt == start.addingTimeInterval(30 * 86_400))
  }

  @Test func aTakenNameIsRefusedBeforeHashing() async throws {
    let hashes = LockIsolated(0)
    let base = PasswordHasher.scrypt(rounds: 16)
    var counting = base
    counting.hash = { password in
      hashes.withValue { $0 += 1 }
      return try await base.hash(password)
    }
    let store = makeStore(hasher: counting)
    store.exhaustivity = .off
    await store.send(.register(connection, name: "carol", password: "long enough", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    #expect(hashes.value == 1)
    for attempt in 0..<20 {
      await store.send(
        .register(ConnectionID(rawValue: 2), name: "Carol", password: "long enough", requestID: "\(attempt)"))
      await store.receive(.delegate(.failed(ConnectionID(rawValue: 2), .nameTaken, requestID: "\(attempt)")))
    }
    #expect(hashes.value == 1)
  }

  @Test func badCredentialsGetClearErrors() async throws {
    let verified = LockIsolated<[PasswordHash]>([])
    let base = PasswordHasher.scrypt(rounds: 16)
    var recording = base
    recording.verify = { password, hash in
      verified.withValue { $0.append(hash) }
      return try await base.verify(password, hash)
    }
    let store = makeStore(hasher: recording)
    store.exhaustivity = .off
    await store.send(.register(connection, name: "carol", password: "long enough", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    store.exhaustivity = .on

    for name in ["ab", "1abc", "guest-abc", "bot-x", "has space", "ünïcode", String(repeating: "a", count: 21)] {
      await store.send(.register(connection, name: name, password: "long enough", requestID: "b"))
      await store.receive(.delegate(.failed(connection, .malformedName, requestID: "b")))
    }
    await store.send(.register(connection, name: "dave", password: "short", requestID: "c"))
    await store.receive(.delegate(.failed(connection, .malformedPassword, requestID: "c")))
    await store.send(.guest(connection, name: "x", requestID: "d"))
    await store.receive(.delegate(.failed(connection, .malformedName, requestID: "d")))

    // A name with no account is answered as a wrong password, after a check against the decoy.
    await store.send(.login(connection, name: "nobody", password: "whatever1", requestID: "e")) {
      $0.inFlight = ["name:nobody": 1, "connection:1": 1]
    }
    await store.receive(.response(connection, .login(name: "nobody"), requestID: "e", .failure(.wrongPassword))) {
      $0.inFlight = [:]
      $0.failures = ["name:nobody": Login.Failures(count: 1), "connection:1": Login.Failures(count: 1)]
    }
    await store.receive(.delegate(.failed(connection, .wrongPassword, requestID: "e")))
    #expect(verified.value == [recording.decoy])
    await store.send(.login(connection, name: "carol", password: "wrong pass", requestID: "f")) {
      $0.inFlight = ["name:carol": 1, "connection:1": 1]
    }
    await store.receive(.response(connection, .login(name: "carol"), requestID: "f", .failure(.wrongPassword))) {
      $0.inFlight = [:]
      $0.failures = [
        "name:nobody": Login.Failures(count: 1), "name:carol": Login.Failures(count: 1),
        "connection:1": Login.Failures(count: 2),
      ]
    }
    await store.receive(.delegate(.failed(connection, .wrongPassword, requestID: "f")))
    #expect(verified.value.count == 2 && verified.value[1] != recording.decoy)
  }

  @Test func repeatedFailuresLockTheAccountForAWhile() async throws {
    let now = LockIsolated(start)
    let store = makeStore(now: now)
    store.exhaustivity = .off
    await store.send(.register(connection, name: "erin", password: "right password", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    // Five wrong passwords from five connections lock the account.
    for attempt in 1...5 {
      await store.send(
        .login(ConnectionID(rawValue: UInt64(10 + attempt)), name: "erin", password: "wrong password", requestID: nil))
      await store.receive(
        .delegate(.failed(ConnectionID(rawValue: UInt64(10 + attempt)), .wrongPassword, requestID: nil)))
    }
    // Even the right password waits for the lockout.
    await store.send(.login(ConnectionID(rawValue: 20), name: "erin", password: "right password", requestID: "x"))
    await store.receive(
      .delegate(.failed(ConnectionID(rawValue: 20), .tooManyAttempts(retryAfterSeconds: 60), requestID: "x")))
    now.setValue(start.addingTimeInterval(45))
    await store.send(.login(ConnectionID(rawValue: 20), name: "erin", password: "right password", requestID: "y"))
    await store.receive(
      .delegate(.failed(ConnectionID(rawValue: 20), .tooManyAttempts(retryAfterSeconds: 15), requestID: "y")))
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
      await store.receive(.delegate(.failed(connection, .wrongPassword, requestID: nil)))
    }
    await store.send(.login(connection, name: "user6", password: "guessing1", requestID: nil))
    await store.receive(.delegate(.failed(connection, .tooManyAttempts(retryAfterSeconds: 60), requestID: nil)))
    // Another connection may still try that name.
    await store.send(.login(ConnectionID(rawValue: 2), name: "user6", password: "guessing1", requestID: nil))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 2), .wrongPassword, requestID: nil)))
  }

  /// Password checks that have not answered yet count toward the lockout: many sent at once on
  /// one connection get `busy` past the first, and many over several connections get
  /// `too_many_attempts` past the limit.
  @Test func checksInFlightCountTowardTheLockout() async throws {
    let gate = Gate()
    let base = PasswordHasher.scrypt(rounds: 16)
    var held = base
    held.verify = { password, hash in
      await gate.wait()
      return try await base.verify(password, hash)
    }
    let store = makeStore(hasher: held)
    store.exhaustivity = .off
    await store.send(.register(connection, name: "frank", password: "right password", requestID: nil))
    await store.receive(\.delegate.loggedIn)

    // 50 at once on one connection: one is checked, the rest are busy at once.
    await store.send(.login(ConnectionID(rawValue: 2), name: "frank", password: "wrong password", requestID: "0"))
    for attempt in 1..<50 {
      await store.send(
        .login(ConnectionID(rawValue: 2), name: "frank", password: "wrong password", requestID: "\(attempt)"))
      await store.receive(.delegate(.failed(ConnectionID(rawValue: 2), .busy, requestID: "\(attempt)")))
    }
    // Four more connections at once fill the five attempts; the sixth is refused before any
    // has answered.
    for index in 3...6 {
      await store.send(
        .login(ConnectionID(rawValue: UInt64(index)), name: "frank", password: "wrong password", requestID: "c\(index)")
      )
    }
    #expect(store.state.inFlight["name:frank"] == 5)
    await store.send(.login(ConnectionID(rawValue: 7), name: "frank", password: "right password", requestID: "late"))
    await store.receive(
      .delegate(.failed(ConnectionID(rawValue: 7), .tooManyAttempts(retryAfterSeconds: 60), requestID: "late")))

    await gate.open()
    for _ in 0..<5 { await store.receive(\.delegate.failed) }
    #expect(store.state.inFlight.isEmpty)
    #expect(store.state.failures["name:frank"]?.lockedUntil == start.addingTimeInterval(60))
  }

  /// A client that resumes with the same token again and again within its grace (it follows
  /// `moved` round a cluster whose node is down, or retries) is never locked out: the token
  /// keeps working until its grace ends, however many times, and the last token handed out
  /// works after it.
  @Test func aTokenInItsGraceWorksForAnyNumberOfResumes() async throws {
    let now = LockIsolated(start)
    let store = makeStore(now: now)
    store.exhaustivity = .off
    await store.send(.register(connection, name: "bob", password: "hunter2hunter2", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    let identity = Identity(player: "bob", name: "bob", isGuest: false)
    for index in 1...40 {
      now.setValue(start.addingTimeInterval(Double(index) / 10))
      await store.send(.resume(ConnectionID(rawValue: UInt64(index) + 1), token: token(0), requestID: "r\(index)"))
      await store.receive(
        .delegate(
          .loggedIn(ConnectionID(rawValue: UInt64(index) + 1), identity, token: token(index), requestID: "r\(index)")))
    }
    now.setValue(start.addingTimeInterval(61))
    await store.send(.resume(ConnectionID(rawValue: 50), token: token(0), requestID: "late"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 50), .unknownToken, requestID: "late")))
    await store.send(.resume(ConnectionID(rawValue: 51), token: token(40), requestID: "last"))
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 51), identity, token: token(42), requestID: "last")))
  }

  /// Resuming hands out a new token. The old one works for a short grace, until the new one is
  /// first used; logging out revokes the token; tokens expire.
  @Test func tokensRotateOnResumeAndAreRevokedOnLogout() async throws {
    let now = LockIsolated(start)
    let store = makeStore(now: now)
    store.exhaustivity = .off
    await store.send(.register(connection, name: "bob", password: "hunter2hunter2", requestID: nil))
    await store.receive(\.delegate.loggedIn)
    let identity = Identity(player: "bob", name: "bob", isGuest: false)
    let first = token(0)

    await store.send(.resume(ConnectionID(rawValue: 9), token: first, requestID: "r5"))
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 9), identity, token: token(1), requestID: "r5")))
    // A token never used again expires 30 days after it was issued.
    #expect(
      try await database.fetchSession(SessionToken.hash(token(1)))?.expiresAt == start.addingTimeInterval(30 * 86_400))
    // The client lost that welcome: the old token still works in its grace, with a new token
    // that replaces the one it was given before (a chain holds two live tokens).
    now.setValue(start.addingTimeInterval(30))
    await store.send(.resume(ConnectionID(rawValue: 10), token: first, requestID: "r6"))
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 10), identity, token: token(2), requestID: "r6")))
    #expect(try await database.fetchSession(SessionToken.hash(token(1))) == nil)
    // Past the grace it does not.
    now.setValue(start.addingTimeInterval(61))
    await store.send(.resume(ConnectionID(rawValue: 11), token: first, requestID: "r7"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 11), .unknownToken, requestID: "r7")))

    // (The failed resume drew a token too: token(3).) Using a new token ends its
    // predecessor's grace at once, not 60 s later.
    await store.send(.resume(ConnectionID(rawValue: 12), token: token(2), requestID: "r8"))
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 12), identity, token: token(4), requestID: "r8")))
    await store.send(.resume(ConnectionID(rawValue: 13), token: token(4), requestID: "r9"))
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 13), identity, token: token(5), requestID: "r9")))
    await store.send(.resume(ConnectionID(rawValue: 14), token: token(2), requestID: "r10"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 14), .unknownToken, requestID: "r10")))

    // Logging out revokes.
    await store.send(.logout(ConnectionID(rawValue: 13), tokenHash: SessionToken.hash(token(5)), requestID: "o"))
    await store.receive(.delegate(.loggedOut(ConnectionID(rawValue: 13), requestID: "o")))
    await store.send(.resume(ConnectionID(rawValue: 15), token: token(5), requestID: "r11"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 15), .unknownToken, requestID: "r11")))

    // (r10 and r11 drew token(6) and token(7).) A token never used again is refused once it
    // has expired.
    await store.send(.login(ConnectionID(rawValue: 16), name: "bob", password: "hunter2hunter2", requestID: "l"))
    await store.receive(.delegate(.loggedIn(ConnectionID(rawValue: 16), identity, token: token(8), requestID: "l")))
    // NB: Issued at 61 s.
    #expect(
      try await database.fetchSession(SessionToken.hash(token(8)))?.expiresAt
        == start.addingTimeInterval(61 + 30 * 86_400))
    now.setValue(start.addingTimeInterval(62 + 30 * 86_400))
    await store.send(.resume(ConnectionID(rawValue: 15), token: token(8), requestID: "r12"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 15), .unknownToken, requestID: "r12")))
    await store.send(.resume(ConnectionID(rawValue: 15), token: "not-a-token", requestID: "r13"))
    await store.receive(.delegate(.failed(ConnectionID(rawValue: 15), .unknownToken, requestID: "r13")))
  }
}

/// Holds whoever waits until it is opened.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if self.isOpen { return }
    await withCheckedContinuation { self.waiters.append($0) }
  }

  func open() {
    self.isOpen = true
    for waiter in self.waiters { waiter.resume() }
    self.waiters = []
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
