import ComposableArchitecture
import Foundation
import GameServerDatabase
import GameServerGame
import GameServerMatchmaking
import GameServerWire

/// The cluster of a ``TestCluster``'s nodes, in memory: the shared queue (paired at once, by the
/// server's matchmaking rules, each room on the node of its oldest ticket, and a ticket stored at
/// once), the directory of the rooms it made (while their logs are open, when it is given the
/// nodes' database), private-room codes, and logins heard by the other nodes. What PostgreSQL
/// does for real nodes (`PostgresCluster`), without leases: no node here stops.
///
/// ```swift
/// let cluster = InMemoryCluster(settings: Matchmaking.Settings())
/// withDependencies { $0.cluster = cluster.client(for: "ws://node-1/") } operation: { ... }
/// ```
public final class InMemoryCluster: Sendable {
  struct Shared {
    var tickets: [(ticket: QueueTicket, node: String)] = []
    /// The node of each room the queue made, and who sits in it.
    var rooms: [RoomID: (node: String, players: [PlayerID])] = [:]
    var codes: [String: String] = [:]
    var streams: [String: AsyncStream<ClusterEvent>.Continuation] = [:]
    var roomsMade = 0
  }

  private let settings: Matchmaking.Settings
  private let database: DatabaseClient?
  private let shared = LockIsolated(Shared())

  /// - Parameters:
  ///   - settings: The matchmaking settings of the queue the nodes share.
  ///   - database: The nodes' database: a room whose log it has closed leaves the
  ///     directory (nil keeps every room the queue made).
  public init(settings: Matchmaking.Settings = Matchmaking.Settings(), database: DatabaseClient? = nil) {
    self.settings = settings
    self.database = database
  }

  /// Whether a room the queue made is still open.
  private func isOpen(_ room: RoomID) async -> Bool {
    guard let database = self.database else { return true }
    return (try? await database.fetchRoomLogs()[room]) != nil
  }

  /// The cluster as the node reached at `url` sees it.
  public func client(for url: String) -> ClusterClient {
    let (stream, continuation) = AsyncStream.makeStream(of: ClusterEvent.self)
    self.shared.withValue { $0.streams[url] = continuation }
    return ClusterClient(
      placement: { player in
        let placement = self.shared.withValue { shared in
          shared.rooms.first { $0.value.players.contains(player) && $0.value.node != url }
            .map { RoomPlacement(room: $0.key, url: $0.value.node) }
        }
        guard let placement, await self.isOpen(placement.room) else { return nil }
        return placement
      },
      location: { room in
        self.shared.withValue { shared in
          shared.rooms[room].flatMap { $0.node == url ? nil : RoomPlacement(room: room, url: $0.node) }
        }
      },
      events: { stream },
      loggedIn: { player, _ in self.tellOthers(than: url, .loggedInElsewhere(player)) },
      enqueue: { ticket in self.enqueue(ticket, on: url) },
      leaveQueue: { player in self.shared.withValue { $0.tickets.removeAll { $0.ticket.player == player } } },
      publishPrivateRoom: { code in self.shared.withValue { $0.codes[code] = url } },
      withdrawPrivateRoom: { code in self.shared.withValue { if $0.codes[code] == url { $0.codes[code] = nil } } },
      privateRoomLocation: { code in self.shared.withValue { $0.codes[code].flatMap { $0 == url ? nil : $0 } } })
  }

  private func tellOthers(than url: String, _ event: ClusterEvent) {
    let others = self.shared.withValue { $0.streams.filter { $0.key != url }.map(\.value) }
    for continuation in others { continuation.yield(event) }
  }

  private func enqueue(_ ticket: QueueTicket, on url: String) {
    // NB: Stored at once: the node hears so before any match it is part of.
    self.shared.withValue { $0.streams[url] }?.yield(.queued([ticket.player]))
    let (news, streams) = self.shared.withValue { shared in
      var news: [String: (rooms: [SharedMatch], elsewhere: [PlayerID: RoomPlacement])] = [:]
      shared.tickets.removeAll { $0.ticket.player == ticket.player }
      shared.tickets.append((ticket, url))
      let waiting = shared.tickets.filter { $0.ticket.variant == ticket.variant }
      let groups = Matchmaking.groups(
        of: ticket.variant,
        waiting.map { entry in
          (
            Matchmaking.Ticket(
              player: entry.ticket.player, rating: entry.ticket.rating, enqueuedAt: .zero, seats: entry.ticket.seats,
              fewest: entry.ticket.fewest),
            Duration.zero
          )
        },
        settings: self.settings)
      for group in groups {
        let tickets = group.players.compactMap { player in waiting.first { $0.ticket.player == player } }
        guard let owner = tickets.first?.node else { continue }
        shared.roomsMade += 1
        let room = RoomID(rawValue: "room-cluster-\(shared.roomsMade)")
        shared.rooms[room] = (owner, group.players)
        shared.tickets.removeAll { group.players.contains($0.ticket.player) }
        news[owner, default: ([], [:])].rooms.append(
          SharedMatch(room: room, variant: ticket.variant, players: tickets.map(\.ticket), bots: group.bots))
        for entry in tickets where entry.node != owner {
          news[entry.node, default: ([], [:])].elsewhere[entry.ticket.player] = RoomPlacement(room: room, url: owner)
        }
      }
      return (news, shared.streams)
    }
    for (node, event) in news.sorted(by: { $0.key < $1.key }) {
      streams[node]?.yield(.matched(rooms: event.rooms, elsewhere: event.elsewhere))
    }
  }
}
