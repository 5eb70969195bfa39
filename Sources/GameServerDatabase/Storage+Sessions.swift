import Foundation

extension Storage {
  /// Stores a session; forgets the expired ones and the player's oldest past the limit.
  mutating func insertSession(_ session: SessionRecord) {
    self.sessions = self.sessions.filter { $0.value.expiresAt > session.issuedAt }
    self.sessions[session.tokenHash] = session
    let players = self.sessions.values.filter { $0.player == session.player }
    guard players.count > SessionRecord.maxPerPlayer else { return }
    for old in players.sorted(by: { $0.issuedAt > $1.issuedAt }).dropFirst(SessionRecord.maxPerPlayer) {
      self.sessions[old.tokenHash] = nil
    }
  }

  mutating func replaceSession(_ old: SessionRecord, with new: SessionRecord, graceUntil: Date) {
    if let predecessor = old.predecessor { self.sessions[predecessor] = nil }
    if var retiring = self.sessions[old.tokenHash] {
      retiring.expiresAt = min(retiring.expiresAt, graceUntil)
      retiring.predecessor = nil
      self.sessions[old.tokenHash] = retiring
    }
    self.insertSession(new)
  }
}
