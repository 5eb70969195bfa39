/// Why a login, registration or resume failed.
///
/// ```swift
/// LoginError.wrongPassword.code  // "wrong_password"
/// ```
public enum LoginError: Error, Hashable, Codable, Sendable {
  case malformedName
  case malformedPassword
  case nameTaken
  case unknownAccount
  case wrongPassword
  case tooManyAttempts(retryAfterSeconds: Int)
  case unknownToken
  case unavailable

  public var code: String {
    switch self {
    case .malformedName: "malformed_name"
    case .malformedPassword: "malformed_password"
    case .nameTaken: "name_taken"
    case .unknownAccount: "unknown_account"
    case .wrongPassword: "wrong_password"
    case .tooManyAttempts: "too_many_attempts"
    case .unknownToken: "unknown_token"
    case .unavailable: "unavailable"
    }
  }

  public var message: String {
    switch self {
    case .malformedName:
      "A name is 3 to 20 letters, digits, '-' or '_', starts with a letter, and does not start with guest- or bot-."
    case .malformedPassword: "A password is 8 to 128 characters."
    case .nameTaken: "That name is taken."
    case .unknownAccount: "No account has that name."
    case .wrongPassword: "Wrong password."
    case let .tooManyAttempts(seconds): "Too many failed attempts; try again in \(seconds) s."
    case .unknownToken: "That session token is unknown or expired; log in again."
    case .unavailable: "The server could not reach its database; try again."
    }
  }
}
