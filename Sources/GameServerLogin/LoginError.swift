import GameServerAuthentication
import GameServerDatabase

/// Why a login, registration, resume or logout failed.
///
/// ```swift
/// LoginError.wrongPassword.code  // "wrong_password"
/// ```
public enum LoginError: Error, Hashable, Codable, Sendable {
  case malformedName
  case malformedPassword
  case nameTaken
  /// A wrong password, or a name with no account: the two are answered alike.
  case wrongPassword
  case tooManyAttempts(retryAfterSeconds: Int)
  /// A password check is already running for this connection, or too many are running on the
  /// server: try again shortly.
  case busy
  case unknownToken
  case unavailable

  /// The error for what an effect threw: a taken name, a full hashing pool, or else the
  /// database.
  init(_ error: any Error) {
    switch error {
    case DatabaseClientError.nameTaken: self = .nameTaken
    case PasswordHasherError.busy: self = .busy
    default: self = .unavailable
    }
  }

  public var code: String {
    switch self {
    case .malformedName: "malformed_name"
    case .malformedPassword: "malformed_password"
    case .nameTaken: "name_taken"
    case .wrongPassword: "wrong_password"
    case .tooManyAttempts: "too_many_attempts"
    case .busy: "busy"
    case .unknownToken: "unknown_token"
    case .unavailable: "unavailable"
    }
  }

  public var message: String {
    switch self {
    case .malformedName:
      "A name is 3 to 20 letters, digits, '-' or '_', starts with a letter, and does not start with guest- or bot-."
    case .malformedPassword: "A password is 8 to 128 characters."
    case .nameTaken: "That name belongs to an account."
    case .wrongPassword: "Wrong name or password."
    case let .tooManyAttempts(seconds): "Too many failed attempts; try again in \(seconds) s."
    case .busy: "The server is busy checking passwords; try again in a moment."
    case .unknownToken: "That session token is unknown or expired; log in again."
    case .unavailable: "The server could not save or read its data; try again."
    }
  }
}
