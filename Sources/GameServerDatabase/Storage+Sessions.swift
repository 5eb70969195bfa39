import Foundation

extension Storage {
  /// Stores a session; forgets the expired ones and the player's oldest past the limit (a token in
  /// its grace and its successor are neither counted nor forgotten).
  mutating func insertSession(_ session: SessionRecord) {
    self.sessions = self.sessions.filter { $0.value.expiresAt > session.issuedAt }
    self.sessions[session.tokenHash] = session
    let players = self.sessions.values.filter { $0.player == session.player }
    guard players.count > SessionRecord.maxPerPlayer else { return }
    // NB: A token in its grace and its successor (a session whose predecessor is still here) are
    // neither evicted nor counted: they are bounded by the grace's time.
    let successors = players.filter { $0.predecessor.map { self.sessions[$0] != nil } ?? false }
    let chained = Set(successors.map(\.tokenHash) + successors.compactMap(\.predecessor))
    let heads = players.filter { !chained.contains($0.tokenHash) }
    for old in heads.sorted(by: { $0.issuedAt > $1.issuedAt }).dropFirst(SessionRecord.maxPerPlayer) {
      self.sessions[old.tokenHash] = nil
    }
  }

  mutating func replaceSession(_ old: SessionRecord, with new: SessionRecord, graceUntil: Date) {
    if let predecessor = old.predecessor { self.sessions[predecessor] = nil }
    // NB: A token resumed again in its grace replaces the successor it was given before.
    self.sessions = self.sessions.filter { $0.value.predecessor != old.tokenHash }
    if var retiring = self.sessions[old.tokenHash] {
      retiring.expiresAt = min(retiring.expiresAt, graceUntil)
      retiring.predecessor = nil
      self.sessions[old.tokenHash] = retiring
    }
    self.insertSession(new)
  }
}
