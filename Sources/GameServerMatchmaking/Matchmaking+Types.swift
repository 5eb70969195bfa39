import GameServerGame
import GameServerModels

extension Matchmaking {
  /// A player waiting in a queue.
  public struct Ticket: Equatable, Codable, Sendable {
    public var player: PlayerID
    public var rating: Int
    /// When the player joined, on the matchmaking clock.
    public var enqueuedAt: Duration

    public init(player: PlayerID, rating: Int, enqueuedAt: Duration) {
      self.player = player
      self.rating = rating
      self.enqueuedAt = enqueuedAt
    }
  }

  /// A private room waiting for the friend who has its invite code.
  public struct PrivateRoom: Equatable, Codable, Sendable {
    public var host: PlayerID
    public var variant: GameVariant

    public init(host: PlayerID, variant: GameVariant) {
      self.host = host
      self.variant = variant
    }
  }

  /// How players are paired.
  public struct Settings: Equatable, Codable, Sendable {
    /// How often waiting players are looked at again.
    public var tickInterval: Duration
    /// The rating gap allowed between two players who just joined.
    public var baseRatingGap: Int
    /// How much the allowed gap widens per second of waiting.
    public var ratingGapPerSecond: Int
    /// After this long alone in a queue, a player gets a bot; nil never.
    public var botAfter: Duration?

    public init(
      tickInterval: Duration = .seconds(1),
      baseRatingGap: Int = 100,
      ratingGapPerSecond: Int = 10,
      botAfter: Duration? = .seconds(30)
    ) {
      self.tickInterval = tickInterval
      self.baseRatingGap = baseRatingGap
      self.ratingGapPerSecond = ratingGapPerSecond
      self.botAfter = botAfter
    }
  }

  /// A pairing the server turns into a room.
  public struct Match: Equatable, Codable, Sendable {
    public var variant: GameVariant
    /// The people, in seat order (the first one waited longest).
    public var players: [PlayerID]
    /// How many seats bots fill.
    public var bots: Int

    public init(variant: GameVariant, players: [PlayerID], bots: Int) {
      self.variant = variant
      self.players = players
      self.bots = bots
    }
  }
}

/// Why matchmaking refused a request.
public enum MatchmakingError: Error, Hashable, Codable, Sendable {
  case alreadyWaiting
  case notWaiting
  case unknownInviteCode(String)
  case ownInviteCode

  public var code: String {
    switch self {
    case .alreadyWaiting: "already_waiting"
    case .notWaiting: "not_waiting"
    case .unknownInviteCode: "unknown_invite_code"
    case .ownInviteCode: "own_invite_code"
    }
  }

  public var message: String {
    switch self {
    case .alreadyWaiting: "You are already waiting for a game."
    case .notWaiting: "You are not waiting for a game."
    case let .unknownInviteCode(code): "No private room has the invite code \(code)."
    case .ownInviteCode: "That is your own room's invite code; share it with a friend."
    }
  }
}
