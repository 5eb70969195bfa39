/// When a database's queued writes start committing.
///
/// ```swift
/// let database = try DatabaseClient.sqlite(path: path, commitPolicy: .whenAsked)
/// // after handling a round of messages:
/// database.commitQueued()
/// ```
public enum CommitPolicy: Sendable {
  /// At the first write queued while no commit runs.
  case onAppend
  /// When ``DatabaseClient/commitQueued`` is called (and as one commit ends, for what came
  /// meanwhile): the owner calls it once a burst of writes is in, so that they share a commit.
  /// Writes someone awaits commit at once.
  case whenAsked
}
