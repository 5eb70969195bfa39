import GameServerGame
import GameServerWire

extension Matchmaking {
  /// A player waiting in a queue.
  public struct Ticket: Equatable, Codable, Sendable {
    public var player: PlayerID
    public var rating: Int
    /// When the player joined, on the matchmaking clock.
    public var enqueuedAt: Duration
    /// How many players the game should seat: tickets are grouped only with others asking the
    /// same.
    public var seats: Int
    /// The fewest players the game starts with: its mode's fewest, at least two.
    public var fewest: Int

    public init(player: PlayerID, rating: Int, enqueuedAt: Duration, seats: Int = 2, fewest: Int = 2) {
      self.player = player
      self.rating = rating
      self.enqueuedAt = enqueuedAt
      self.seats = seats
      self.fewest = fewest
    }
  }

  /// A private room waiting for the friends who have its invite code. A room for two starts
  /// when the friend joins; a bigger one when it is full, or when its host starts it with at
  /// least its game's fewest.
  public struct PrivateRoom: Equatable, Codable, Sendable {
    public var host: PlayerID
    public var variant: GameVariant
    /// How many players it seats at most.
    public var seats: Int
    /// The fewest players its game starts with: its mode's fewest, at least two.
    public var fewest: Int
    /// The friends who joined, in order.
    public var guests: [PlayerID]

    public init(host: PlayerID, variant: GameVariant, seats: Int = 2, fewest: Int = 2, guests: [PlayerID] = []) {
      self.host = host
      self.variant = variant
      self.seats = seats
      self.fewest = fewest
      self.guests = guests
    }

    /// The host, then the friends who joined.
    public var players: [PlayerID] { [self.host] + self.guests }

    /// Whether the player is the host or a friend who joined.
    public func contains(_ player: PlayerID) -> Bool {
      self.host == player || self.guests.contains(player)
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
    /// How long a player asking for a game of more than two waits for it to fill; after that it
    /// starts with the players found, if they are as many as the game's fewest (and at least
    /// two). A group smaller than that waits on for more, and gets bots for the seats left after
    /// `botAfter`.
    public var gatherWait: Duration

    public init(
      tickInterval: Duration = .seconds(1),
      baseRatingGap: Int = 100,
      ratingGapPerSecond: Int = 10,
      botAfter: Duration? = .seconds(30),
      gatherWait: Duration = .seconds(10)
    ) {
      self.tickInterval = tickInterval
      self.baseRatingGap = baseRatingGap
      self.ratingGapPerSecond = ratingGapPerSecond
      self.botAfter = botAfter
      self.gatherWait = gatherWait
    }
  }

  /// A pairing the server turns into a room.
  public struct Match: Equatable, Codable, Sendable {
    public var variant: GameVariant
    /// The people, in seat order (the first one waited longest).
    public var players: [PlayerID]
    /// How many seats bots fill.
    public var bots: Int
    /// Whether friends met in a private room: its game is not on the list of live rooms.
    public var isPrivate: Bool
    /// The bots' level the player chose (`playBot`); nil for the server's choice.
    public var botLevel: String?

    public init(variant: GameVariant, players: [PlayerID], bots: Int, isPrivate: Bool = false, botLevel: String? = nil)
    {
      self.variant = variant
      self.players = players
      self.bots = bots
      self.isPrivate = isPrivate
      self.botLevel = botLevel
    }
  }
}

/// Why matchmaking refused a request.
public enum MatchmakingError: Error, Hashable, Codable, Sendable {
  case alreadyWaiting
  case notWaiting
  case unknownInviteCode(String)
  case ownInviteCode
  /// Only the host of a waiting private room can start it.
  case notHost
  /// A private room starts with at least its game's fewest players (two or more).
  case tooFewPlayers(fewest: Int)

  public var code: String {
    switch self {
    case .alreadyWaiting: "already_waiting"
    case .notWaiting: "not_waiting"
    case .unknownInviteCode: "unknown_invite_code"
    case .ownInviteCode: "own_invite_code"
    case .notHost: "not_host"
    case .tooFewPlayers: "too_few_players"
    }
  }

  public var message: String {
    switch self {
    case .alreadyWaiting: "You are already waiting for a game."
    case .notWaiting: "You are not waiting for a game."
    case let .unknownInviteCode(code): "No private room has the invite code \(code)."
    case .ownInviteCode: "That is your own room's invite code; share it with a friend."
    case .notHost: "You are not the host of a private room that is waiting."
    case let .tooFewPlayers(fewest):
      fewest <= 2
        ? "A game starts with at least two players: wait for a friend to join."
        : "This game starts with at least \(fewest) players: wait for more friends to join."
    }
  }
}
