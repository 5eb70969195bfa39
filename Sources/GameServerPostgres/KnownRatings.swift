import GameServerRatings
import Synchronization

/// The ratings a server last read or wrote, so that a commit ending games of players it knows can
/// rate them without reading their rows first: the commit then writes the ratings only where they
/// still are what it knew (``PostgresCommit``), and fails whole otherwise. Another server may
/// have changed them meanwhile; the writer then forgets them and reads them under lock.
///
/// ```swift
/// if let current = known.ratings(of: batch.keys) { ... }   // every key known, or nil
/// known.remember(rated.final)
/// ```
final class KnownRatings: Sendable {
  /// At most this many ratings are kept; past it the cache starts again empty.
  static let limit = 50_000

  private let ratings = Mutex<[RatingKey: Int]>([:])

  /// The ratings of all of `keys`, or nil if one of them is not known.
  func ratings(of keys: [RatingKey]) -> [RatingKey: Int]? {
    self.ratings.withLock { ratings in
      var found: [RatingKey: Int] = [:]
      for key in keys {
        guard let rating = ratings[key] else { return nil }
        found[key] = rating
      }
      return found
    }
  }

  func remember(_ values: [RatingKey: Int]) {
    self.ratings.withLock { ratings in
      if ratings.count + values.count > Self.limit { ratings.removeAll(keepingCapacity: true) }
      ratings.merge(values) { _, new in new }
    }
  }

  func forget(_ keys: [RatingKey]) {
    self.ratings.withLock { ratings in
      for key in keys { ratings[key] = nil }
    }
  }
}
