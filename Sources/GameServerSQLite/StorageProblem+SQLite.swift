import Foundation
import GRDB
import GameServerDatabase

extension StorageProblem {
  /// The problem behind an SQLite or file-system error.
  public init(_ error: any Error) {
    if let problem = error as? StorageProblem {
      self = problem
    } else if let error = error as? DatabaseError {
      switch error.resultCode {
      case .SQLITE_FULL: self = .diskFull
      case .SQLITE_READONLY, .SQLITE_PERM: self = .readOnly
      default: self = .failed("SQLite error \(error.resultCode.rawValue): \(error.message ?? "\(error.resultCode)")")
      }
    } else if let code = (error as NSError).posixCode, code == ENOSPC {
      self = .diskFull
    } else if let code = (error as NSError).posixCode, code == EROFS || code == EACCES || code == EPERM {
      self = .readOnly
    } else {
      self = .failed("\(error)")
    }
  }
}

extension NSError {
  /// The POSIX error code behind a Foundation error, if any.
  fileprivate var posixCode: Int32? {
    if self.domain == NSPOSIXErrorDomain { return Int32(self.code) }
    return (self.userInfo[NSUnderlyingErrorKey] as? NSError)?.posixCode
  }
}
