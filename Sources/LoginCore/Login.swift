import Authentication
import ComposableArchitecture
import DatabaseClient
import Foundation
import GameCore
import ServerModels

/// Guest play, registration, login with a password, and resuming a session with its token.
///
/// Password hashing and database work run in effects, off the path of other actions. Failed
/// logins are counted per account and per connection; after `maxFailures` in a row either is
/// locked out for `lockout`. A success answers `.delegate(.loggedIn(connection, identity, token,
/// requestID))`; a failure `.delegate(.failed(connection, error, requestID))`.
///
/// ```swift
/// store.send(.login(connection, name: "alice", password: "correct horse", requestID: "r1"))
/// ```
@Reducer
public struct Login: Sendable {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// Failed attempts by key ("name:alice", "connection:7").
    public var failures: [String: Failures] = [:]
    public var maxFailures = 5
    public var lockout: TimeInterval = 60

    public init() {}
  }

  /// Failed attempts in a row, and when a lockout ends.
  public struct Failures: Equatable, Codable, Sendable {
    public var count = 0
    public var lockedUntil: Date?

    public init(count: Int = 0, lockedUntil: Date? = nil) {
      self.count = count
      self.lockedUntil = lockedUntil
    }
  }

  public enum Action: Equatable, Sendable {
    case guest(ConnectionID, name: String, requestID: String?)
    case register(ConnectionID, name: String, password: String, requestID: String?)
    case login(ConnectionID, name: String, password: String, requestID: String?)
    case resume(ConnectionID, token: String, requestID: String?)
    case response(ConnectionID, name: String?, requestID: String?, Result<Identity, LoginError>)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case loggedIn(ConnectionID, Identity, token: String, requestID: String?)
      case failed(ConnectionID, LoginError, requestID: String?)
    }
  }

  @Dependency(\.database) var database
  @Dependency(\.date.now) var now
  @Dependency(\.passwordHasher) var hasher
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .guest(connection, name, requestID):
        guard Credentials.isValidName(name) else {
          return .send(.delegate(.failed(connection, .malformedName, requestID: requestID)))
        }
        let suffix = self.withRandomNumberGenerator { generator in
          String(UInt32.random(in: 0...UInt32.max, using: &generator), radix: 16)
        }
        let identity = Identity(player: PlayerID(rawValue: "guest-\(suffix)"), name: name, isGuest: true)
        return self.succeed(connection, identity, requestID: requestID)

      case let .register(connection, name, password, requestID):
        guard Credentials.isValidName(name) else {
          return .send(.delegate(.failed(connection, .malformedName, requestID: requestID)))
        }
        guard Credentials.isValidPassword(password) else {
          return .send(.delegate(.failed(connection, .malformedPassword, requestID: requestID)))
        }
        return .run { [database, hasher] send in
          let result: Result<Identity, LoginError>
          do {
            let hash = try await hasher.hash(password)
            let player = PlayerID(rawValue: name.lowercased())
            try await database.createAccount(
              AccountRecord(player: player, name: name, passwordHash: hash.encoded))
            result = .success(Identity(player: player, name: name, isGuest: false))
          } catch DatabaseClientError.nameTaken {
            result = .failure(.nameTaken)
          } catch {
            result = .failure(.unavailable)
          }
          await send(.response(connection, name: nil, requestID: requestID, result))
        }

      case let .login(connection, name, password, requestID):
        if let seconds = state.lockoutRemaining(for: [Self.key(name: name), Self.key(connection)], now: self.now) {
          return .send(.delegate(.failed(connection, .tooManyAttempts(retryAfterSeconds: seconds), requestID: requestID)))
        }
        return .run { [database, hasher] send in
          let result: Result<Identity, LoginError>
          do {
            if let account = try await database.fetchAccount(name) {
              if let hash = PasswordHash(encoded: account.passwordHash), await hasher.verify(password, hash) {
                let ratings = try await database.fetchRatings(account.player)
                result = .success(Identity(player: account.player, name: account.name, isGuest: false, ratings: ratings))
              } else {
                result = .failure(.wrongPassword)
              }
            } else {
              result = .failure(.unknownAccount)
            }
          } catch {
            result = .failure(.unavailable)
          }
          await send(.response(connection, name: name, requestID: requestID, result))
        }

      case let .resume(connection, token, requestID):
        return .run { [database] send in
          let result: Result<Identity, LoginError>
          do {
            if let session = try await database.fetchSession(SessionToken.hash(token)) {
              let ratings = session.isGuest ? [:] : try await database.fetchRatings(session.player)
              result = .success(Identity(player: session.player, name: session.name, isGuest: session.isGuest, ratings: ratings))
            } else {
              result = .failure(.unknownToken)
            }
          } catch {
            result = .failure(.unavailable)
          }
          await send(.response(connection, name: nil, requestID: requestID, result))
        }

      case let .response(connection, name, requestID, .success(identity)):
        if let name {
          state.failures[Self.key(name: name)] = nil
          state.failures[Self.key(connection)] = nil
        }
        return self.succeed(connection, identity, requestID: requestID)

      case let .response(connection, name, requestID, .failure(error)):
        if let name, error == .wrongPassword || error == .unknownAccount {
          state.recordFailure(Self.key(name: name), now: self.now)
          state.recordFailure(Self.key(connection), now: self.now)
        }
        return .send(.delegate(.failed(connection, error, requestID: requestID)))

      case .delegate:
        return .none
      }
    }
  }

  /// Issues a session token, stores its hash, and reports the login.
  private func succeed(_ connection: ConnectionID, _ identity: Identity, requestID: String?) -> Effect<Action> {
    let token = self.withRandomNumberGenerator { SessionToken.make(using: &$0) }
    let session = SessionRecord(
      tokenHash: SessionToken.hash(token), player: identity.player, name: identity.name, isGuest: identity.isGuest)
    return .run { [database] send in
      try? await database.insertSession(session)
      await send(.delegate(.loggedIn(connection, identity, token: token, requestID: requestID)))
    }
  }

  static func key(name: String) -> String { "name:\(name.lowercased())" }
  static func key(_ connection: ConnectionID) -> String { "connection:\(connection.rawValue)" }
}

extension Login.State {
  /// Whole seconds left of the longest lockout among `keys`, or nil when none is locked.
  func lockoutRemaining(for keys: [String], now: Date) -> Int? {
    let remaining = keys.compactMap { self.failures[$0]?.lockedUntil }.map { $0.timeIntervalSince(now) }.max()
    guard let remaining, remaining > 0 else { return nil }
    return Int(remaining.rounded(.up))
  }

  mutating func recordFailure(_ key: String, now: Date) {
    // NB: Guessing many names must not grow this table without end: past a size, entries that
    // lock nothing are forgotten.
    if self.failures.count >= 10_000 {
      self.failures = self.failures.filter { ($0.value.lockedUntil ?? .distantPast) > now }
    }
    var failures = self.failures[key] ?? Login.Failures()
    if let until = failures.lockedUntil, until <= now { failures = Login.Failures() }
    failures.count += 1
    if failures.count >= self.maxFailures {
      failures.lockedUntil = now.addingTimeInterval(self.lockout)
      failures.count = 0
    }
    self.failures[key] = failures
  }
}
