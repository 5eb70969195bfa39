import ComposableArchitecture
import Foundation
import GameServerAuthentication
import GameServerDatabase
import GameServerGame
import GameServerWire

/// Guest play, registration, login with a password, resuming a session with its token, and
/// logging out.
///
/// Password hashing and database work run in effects, off the path of other actions, and are
/// bounded: one password check at a time per connection (another is answered `busy` at once),
/// and the hasher's pool refuses work past its capacity (`busy` too). Failed logins are counted
/// per account and per connection, checks still in flight included; after `maxFailures` either
/// is locked out for `lockout`. A name with no account is answered exactly as a wrong password,
/// after checking the password against a decoy hash, so logins do not tell which names exist.
///
/// Tokens expire `sessionLifetime` after they are issued (`guestSessionLifetime` for guests);
/// resuming issues a new token, and the old one keeps working for `tokenGrace` or until the new
/// one is first used; logging out revokes the token. A success answers
/// `.delegate(.loggedIn(connection, identity, token, requestID))`; a failure
/// `.delegate(.failed(connection, error, requestID))`.
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
    /// Password checks in flight by the same keys.
    public var inFlight: [String: Int] = [:]
    public var maxFailures = 5
    public var lockout: TimeInterval = 60
    /// How long an account's token resumes its session.
    public var sessionLifetime: TimeInterval = 30 * 86_400
    /// How long a guest's token resumes its session.
    public var guestSessionLifetime: TimeInterval = 86_400
    /// How long a replaced token keeps working, unless the new one is used first.
    public var tokenGrace: TimeInterval = 60

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

  /// What a connection asked for, carried to its answer.
  public enum Attempt: Hashable, Sendable {
    case guest
    case register
    case login(name: String)
    case resume
  }

  /// A session that started: who, and the token that resumes it.
  public struct Success: Equatable, Sendable {
    public var identity: Identity
    public var token: String

    public init(identity: Identity, token: String) {
      self.identity = identity
      self.token = token
    }
  }

  public enum Action: Equatable, Sendable {
    case guest(ConnectionID, name: String, requestID: String?)
    case register(ConnectionID, name: String, password: String, requestID: String?)
    case login(ConnectionID, name: String, password: String, requestID: String?)
    case resume(ConnectionID, token: String, requestID: String?)
    /// Revokes the token whose hash is given; answers `.loggedOut` once that is stored.
    case logout(ConnectionID, tokenHash: String, requestID: String?)
    case response(ConnectionID, Attempt, requestID: String?, Result<Success, LoginError>)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case loggedIn(ConnectionID, Identity, token: String, requestID: String?)
      case loggedOut(ConnectionID, requestID: String?)
      case failed(ConnectionID, LoginError, requestID: String?)
    }
  }

  @Dependency(\.cluster) var cluster
  @Dependency(\.database) var database
  @Dependency(\.date.now) var now
  @Dependency(\.passwordHasher) var hasher
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .guest(connection, name, requestID):
        guard Credentials.isValidName(name) else { return self.fail(connection, .malformedName, requestID) }
        let suffix = self.withRandomNumberGenerator { generator in
          String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16)
        }
        let identity = Identity(player: PlayerID(rawValue: "guest-\(suffix)"), name: name, isGuest: true)
        let token = self.newToken()
        let session = self.session(identity, token, state)
        return .run { [database] send in
          let result: Result<Success, LoginError>
          do {
            // NB: An account's name is its own: a guest may not appear under it.
            if try await database.fetchAccount(name) != nil {
              result = .failure(.nameTaken)
            } else {
              try await database.insertSession(session)
              result = .success(Success(identity: identity, token: token))
            }
          } catch {
            result = .failure(.unavailable)
          }
          await send(.response(connection, .guest, requestID: requestID, result))
        }

      case let .register(connection, name, password, requestID):
        guard Credentials.isValidName(name) else { return self.fail(connection, .malformedName, requestID) }
        guard Credentials.isValidPassword(password) else {
          return self.fail(connection, .malformedPassword, requestID)
        }
        guard !state.isChecking(connection) else { return self.fail(connection, .busy, requestID) }
        state.begin(.register, on: connection)
        let identity = Identity(player: PlayerID(rawValue: name.lowercased()), name: name, isGuest: false)
        let token = self.newToken()
        let session = self.session(identity, token, state)
        return .run { [database, hasher] send in
          let result: Result<Success, LoginError>
          do {
            // NB: A taken name is refused before the slow hash, so asking for one costs nothing.
            if try await database.fetchAccount(name) != nil { throw DatabaseClientError.nameTaken(name) }
            let hash = try await hasher.hash(password)
            try await database.createAccount(
              AccountRecord(player: identity.player, name: name, passwordHash: hash.encoded))
            try await database.insertSession(session)
            result = .success(Success(identity: identity, token: token))
          } catch {
            result = .failure(LoginError(error))
          }
          await send(.response(connection, .register, requestID: requestID, result))
        }

      case let .login(connection, name, password, requestID):
        let keys = [Self.key(name: name), Self.key(connection)]
        if let seconds = state.lockoutRemaining(for: keys, now: self.now) {
          return self.fail(connection, .tooManyAttempts(retryAfterSeconds: seconds), requestID)
        }
        guard !state.isChecking(connection) else { return self.fail(connection, .busy, requestID) }
        // NB: Checks still in flight count: sending many at once cannot get past the lockout.
        if keys.contains(where: { state.unresolvedFailures($0) >= state.maxFailures }) {
          return self.fail(
            connection, .tooManyAttempts(retryAfterSeconds: Int(state.lockout.rounded(.up))), requestID)
        }
        state.begin(.login(name: name), on: connection)
        let token = self.newToken()
        let now = self.now
        let lifetimes = state.lifetimes
        let (maxFailures, lockout) = (state.maxFailures, state.lockout)
        return .run { [cluster, database, hasher] send in
          let result: Result<Success, LoginError>
          do {
            // NB: In a cluster an account's wrong passwords count on every node: one locked on
            // another node is locked here, before the slow check.
            if cluster.isClustered, let until = try await cluster.lockedUntil(name, now) {
              let seconds = Int(until.timeIntervalSince(now).rounded(.up))
              await send(
                .response(
                  connection, .login(name: name), requestID: requestID,
                  .failure(.tooManyAttempts(retryAfterSeconds: seconds))))
              return
            }
            let account = try await database.fetchAccount(name)
            let stored = account.flatMap { PasswordHash(encoded: $0.passwordHash) }
            // NB: A name with no account is checked against the decoy, as long as a real one.
            let matches = try await hasher.verify(password, stored ?? hasher.decoy)
            if let account, stored != nil, matches {
              let ratings = try await database.fetchRatings(account.player)
              let identity = Identity(player: account.player, name: account.name, isGuest: false, ratings: ratings)
              try await database.insertSession(Self.session(identity, token, now: now, lifetimes))
              if cluster.isClustered { try await cluster.succeededLogin(name) }
              result = .success(Success(identity: identity, token: token))
            } else {
              if cluster.isClustered { try await cluster.failedLogin(name, now, maxFailures, lockout) }
              result = .failure(.wrongPassword)
            }
          } catch {
            result = .failure(LoginError(error))
          }
          await send(.response(connection, .login(name: name), requestID: requestID, result))
        }

      case let .resume(connection, token, requestID):
        let newToken = self.newToken()
        let now = self.now
        let lifetimes = state.lifetimes
        return .run { [database] send in
          let result: Result<Success, LoginError>
          do {
            if let old = try await database.fetchSession(SessionToken.hash(token)), old.expiresAt > now {
              // NB: A guest's ratings too: a guest rated since its session began plays on from them.
              let ratings = try await database.fetchRatings(old.player)
              let identity = Identity(player: old.player, name: old.name, isGuest: old.isGuest, ratings: ratings)
              var new = Self.session(identity, newToken, now: now, lifetimes)
              new.predecessor = old.tokenHash
              try await database.replaceSession(old, new, now.addingTimeInterval(lifetimes.tokenGrace))
              result = .success(Success(identity: identity, token: newToken))
            } else {
              result = .failure(.unknownToken)
            }
          } catch {
            result = .failure(.unavailable)
          }
          await send(.response(connection, .resume, requestID: requestID, result))
        }

      case let .logout(connection, tokenHash, requestID):
        return .run { [database] send in
          do {
            try await database.revokeSession(tokenHash)
            await send(.delegate(.loggedOut(connection, requestID: requestID)))
          } catch {
            await send(.delegate(.failed(connection, .unavailable, requestID: requestID)))
          }
        }

      case let .response(connection, attempt, requestID, result):
        state.end(attempt, on: connection)
        switch result {
        case let .success(success):
          if case let .login(name) = attempt {
            state.failures[Self.key(name: name)] = nil
            state.failures[Self.key(connection)] = nil
          }
          return .send(.delegate(.loggedIn(connection, success.identity, token: success.token, requestID: requestID)))
        case let .failure(error):
          if case let .login(name) = attempt, error == .wrongPassword {
            state.recordFailure(Self.key(name: name), now: self.now)
            state.recordFailure(Self.key(connection), now: self.now)
          }
          return self.fail(connection, error, requestID)
        }

      case .delegate:
        return .none
      }
    }
  }

  private func fail(_ connection: ConnectionID, _ error: LoginError, _ requestID: String?) -> Effect<Action> {
    .send(.delegate(.failed(connection, error, requestID: requestID)))
  }

  private func newToken() -> String {
    self.withRandomNumberGenerator { SessionToken.make(using: &$0) }
  }

  private func session(_ identity: Identity, _ token: String, _ state: State) -> SessionRecord {
    Self.session(identity, token, now: self.now, state.lifetimes)
  }

  /// A new session for `identity`, expiring after its kind's lifetime.
  static func session(_ identity: Identity, _ token: String, now: Date, _ lifetimes: Lifetimes) -> SessionRecord {
    let lifetime = identity.isGuest ? lifetimes.guestSession : lifetimes.session
    return SessionRecord(
      tokenHash: SessionToken.hash(token), player: identity.player, name: identity.name, isGuest: identity.isGuest,
      issuedAt: now, expiresAt: now.addingTimeInterval(lifetime))
  }

  /// How long tokens last, as an effect carries them (not the whole state).
  struct Lifetimes: Sendable {
    var session: TimeInterval
    var guestSession: TimeInterval
    var tokenGrace: TimeInterval
  }

  static func key(name: String) -> String { "name:\(name.lowercased())" }
  static func key(_ connection: ConnectionID) -> String { "connection:\(connection.rawValue)" }
}
