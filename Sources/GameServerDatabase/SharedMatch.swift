import GameServerGame
import GameServerWire

/// A room the cluster's shared queue made, for the node that is to open it: the room's id (drawn
/// by the database, and already in its directory as this node's), the people in seat order (the
/// first waited longest) and how many seats bots fill.
///
/// ```swift
/// case let .matched(rooms, _):
///   for match in rooms { openRoom(match.room, match.variant, match.players, bots: match.bots) }
/// ```
public struct SharedMatch: Hashable, Codable, Sendable {
  public var room: RoomID
  public var variant: GameVariant
  public var players: [QueueTicket]
  public var bots: Int

  public init(room: RoomID, variant: GameVariant, players: [QueueTicket], bots: Int) {
    self.room = room
    self.variant = variant
    self.players = players
    self.bots = bots
  }
}

/// How the shared queue groups the tickets of one game and mode: given each ticket (oldest first)
/// with how long it has waited, the groups that start now, as players in seat order and how
/// many bots join them. The server's matchmaking rules, run by whichever node pairs.
///
/// ```swift
/// let pairing: QueuePairing = { waiting in Matchmaking.groups(waiting, settings: settings) }
/// ```
public typealias QueuePairing =
  @Sendable (_ waiting: [(ticket: QueueTicket, waited: Duration)]) -> [(
    players: [PlayerID], bots: Int
  )]
