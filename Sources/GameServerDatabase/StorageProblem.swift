/// Why the database could not write (or open), in terms a person can act on.
///
/// ```swift
/// catch let problem as StorageProblem { logger.error("\(problem)") }   // "the disk is full"
/// ```
public enum StorageProblem: Error, Hashable, Sendable, CustomStringConvertible {
  case diskFull
  case readOnly
  case failed(String)

  public var description: String {
    switch self {
    case .diskFull: "the disk is full"
    case .readOnly: "the database is read-only"
    case let .failed(reason): reason
    }
  }
}
