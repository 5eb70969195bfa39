import GameServerGame
import GameServerWire

extension Matchmaking {
  /// Groups the tickets of one queue by the rules of ``Matchmaking``, for a queue kept elsewhere
  /// (servers sharing one): each ticket, oldest first, with how long it has waited. Returns the
  /// matches that start now; the tickets not in one wait on.
  ///
  /// ```swift
  /// Matchmaking.groups(of: variant, [(ada, .seconds(3)), (bob, .zero)], settings: Settings())
  /// // [Match(variant: variant, players: [ada.player, bob.player], bots: 0)]
  /// ```
  public static func groups(
    of variant: GameVariant, _ waiting: [(ticket: Ticket, waited: Duration)], settings: Settings
  )
    -> [Match]
  {
    var state = State(settings: settings)
    state.queues[variant] = waiting.map { ticket, waited in
      var ticket = ticket
      ticket.enqueuedAt = .zero - waited
      return ticket
    }
    return state.pair(variant)
  }
}

extension Matchmaking.State {
  /// The rating gap a ticket accepts now: the base gap, widened by the time it has waited.
  public func allowedGap(for ticket: Matchmaking.Ticket) -> Int {
    let waited = Int((self.elapsed - ticket.enqueuedAt).components.seconds)
    return self.settings.baseRatingGap + self.settings.ratingGapPerSecond * waited
  }

  /// Groups the variant's queue: each player, oldest first, with the earliest later players
  /// asking for as many seats and close enough in rating to everyone in the group (either
  /// player's allowed gap will do). A full group starts; one that is not starts once its oldest
  /// player waited `gatherWait`, if it has the game's fewest players (at least two); a group with
  /// fewer gets bots for the seats left once its oldest waited `botAfter`.
  mutating func pair(_ variant: GameVariant) -> [Matchmaking.Match] {
    guard var tickets = self.queues[variant] else { return [] }
    var matches: [Matchmaking.Match] = []
    var index = 0
    while index < tickets.count {
      let first = tickets[index]
      var group = [index]
      for other in tickets.indices.dropFirst(index + 1) where group.count < first.seats {
        guard tickets[other].seats == first.seats else { continue }
        let fits = group.allSatisfy { member in
          abs(tickets[other].rating - tickets[member].rating)
            <= max(self.allowedGap(for: tickets[member]), self.allowedGap(for: tickets[other]))
        }
        if fits { group.append(other) }
      }
      let waited = self.elapsed - first.enqueuedAt
      let fewest = max(2, first.fewest)
      let players = group.map { tickets[$0].player }
      if group.count == first.seats || (group.count >= fewest && waited >= self.settings.gatherWait) {
        matches.append(.init(variant: variant, players: players, bots: 0))
        for member in group.reversed() { tickets.remove(at: member) }
      } else if group.count < fewest, let botAfter = self.settings.botAfter, waited >= botAfter {
        // NB: Bots take the seats left: a player alone gets `seats - 1` of them, as ever.
        matches.append(.init(variant: variant, players: players, bots: max(1, first.seats - group.count)))
        for member in group.reversed() { tickets.remove(at: member) }
      } else {
        index += 1
      }
    }
    self.queues[variant] = tickets.isEmpty ? nil : tickets
    return matches
  }
}
