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
  /// As ``whenAsked``, but ``DatabaseClient/commitQueued`` commits on the caller's thread before
  /// it returns, when no commit is running (one that is running takes what is queued as it
  /// ends): for an owner with one thread, which then pays for no hand-off to the writer's thread
  /// and no wake-up back. Never ask from the writer's own queue. Writes someone awaits still
  /// commit on the writer's queue. PostgreSQL treats it as ``whenAsked`` (its commits wait on the
  /// network).
  case whenAskedOnCaller
}
