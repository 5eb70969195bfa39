import GameServerJSON

/// What the room says of its seats and its game beside the game's own view: who is away and
/// until when, who has gone for good, and why the game ended. The `room` message carries it as
/// `"status"` after `"view"`, only when it has something to say (added to protocol v1; a client
/// that does not read it loses nothing it had).
///
/// `{"away":[{"player":"guest-…","until":1764316800000}],"left":["guest-…"],"end":{"reason":"forfeit","player":"guest-…"},"series":{"played":2,"wins":[{"player":"guest-…","wins":1},{"player":"guest-…","wins":0}]}}`,
/// each part only when it is not empty.
///
/// ```swift
/// RoomStatus(away: [.init(player: "ann", until: 1_764_316_800_000)])
/// RoomStatus(end: .init(reason: .forfeit, player: "ben"))
/// ```
public struct RoomStatus: Hashable, Codable, Sendable {
  /// A seated person who dropped and keeps the seat until `until`.
  public struct Away: Hashable, Codable, Sendable {
    public var player: PlayerID
    /// When the seat is given up (forfeiting a game in progress) if they are not back: Unix
    /// time in milliseconds, by the server's clock.
    public var until: Int64

    public init(player: PlayerID, until: Int64) {
      self.player = player
      self.until = until
    }
  }

  /// Why a game ended, and who ended it where one player did.
  public struct End: Hashable, Codable, Sendable {
    public var reason: GameEndReason
    /// The player who resigned, ran out of time, forfeited or left, when the room knows it.
    public var player: PlayerID?

    public init(reason: GameEndReason, player: PlayerID? = nil) {
      self.reason = reason
      self.player = player
    }
  }

  /// The games this room has finished (a first game and its rematches), and each seat's wins.
  public struct Series: Hashable, Codable, Sendable {
    /// How many games ended.
    public var played: Int
    /// Each seat's wins (first places), in seat order.
    public var wins: [Wins]

    public struct Wins: Hashable, Codable, Sendable {
      public var player: PlayerID
      public var wins: Int

      public init(player: PlayerID, wins: Int) {
        self.player = player
        self.wins = wins
      }
    }

    public init(played: Int, wins: [Wins]) {
      self.played = played
      self.wins = wins
    }
  }

  /// Seated people away now (dropped, within the grace period), in seat order.
  public var away: [Away]
  /// Seated people gone for good (they left, or stayed away past the grace period), in seat order.
  public var left: [PlayerID]
  /// Once the game is over: why.
  public var end: End?
  /// Once a game of the room has ended: the score of its games so far.
  public var series: Series?

  public init(away: [Away] = [], left: [PlayerID] = [], end: End? = nil, series: Series? = nil) {
    self.away = away
    self.left = left
    self.end = end
    self.series = series
  }

  /// Whether there is nothing to say (then the message has no `status`).
  public var isEmpty: Bool { self.away.isEmpty && self.left.isEmpty && self.end == nil && self.series == nil }

  private enum CodingKeys: String, CodingKey { case away, left, end, series }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.away = try container.decodeIfPresent([Away].self, forKey: .away) ?? []
    self.left = try container.decodeIfPresent([PlayerID].self, forKey: .left) ?? []
    self.end = try container.decodeIfPresent(End.self, forKey: .end)
    self.series = try container.decodeIfPresent(Series.self, forKey: .series)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if !self.away.isEmpty { try container.encode(self.away, forKey: .away) }
    if !self.left.isEmpty { try container.encode(self.left, forKey: .left) }
    try container.encodeIfPresent(self.end, forKey: .end)
    try container.encodeIfPresent(self.series, forKey: .series)
  }

  /// Writes the status object, as ``encode(to:)`` does, with no encoder.
  public func write(to output: JSONOutput) {
    output.raw("{")
    var first = true
    if !self.away.isEmpty {
      output.raw(#""away":["#)
      for (index, away) in self.away.enumerated() {
        if index > 0 { output.raw(",") }
        output.raw(#"{"player":"#)
        output.write(away.player.rawValue)
        output.raw(#","until":"#)
        output.write(away.until)
        output.raw("}")
      }
      output.raw("]")
      first = false
    }
    if !self.left.isEmpty {
      if !first { output.raw(",") }
      output.raw(#""left":"#)
      output.writeStrings(self.left.lazy.map(\.rawValue))
      first = false
    }
    if let end = self.end {
      if !first { output.raw(",") }
      output.raw(#""end":{"reason":"#)
      output.write(end.reason.rawValue)
      if let player = end.player {
        output.raw(#","player":"#)
        output.write(player.rawValue)
      }
      output.raw("}")
      first = false
    }
    if let series = self.series {
      if !first { output.raw(",") }
      output.raw(#""series":{"played":"#)
      output.write(series.played)
      output.raw(#","wins":["#)
      for (index, wins) in series.wins.enumerated() {
        if index > 0 { output.raw(",") }
        output.raw(#"{"player":"#)
        output.write(wins.player.rawValue)
        output.raw(#","wins":"#)
        output.write(wins.wins)
        output.raw("}")
      }
      output.raw("]}")
    }
    output.raw("}")
  }
}
