import GameServerModels

extension Matchmaking.State {
  /// The rating gap a ticket accepts now: the base gap, widened by the time it has waited.
  public func allowedGap(for ticket: Matchmaking.Ticket) -> Int {
    let waited = Int((self.elapsed - ticket.enqueuedAt).components.seconds)
    return self.settings.baseRatingGap + self.settings.ratingGapPerSecond * waited
  }

  /// Pairs the variant's queue: each player, oldest first, with the earliest later player close
  /// enough in rating (either player's allowed gap will do); a player who waited `botAfter` alone
  /// gets a bot.
  mutating func pair(_ variant: GameVariant) -> [Matchmaking.Match] {
    guard var tickets = self.queues[variant] else { return [] }
    var matches: [Matchmaking.Match] = []
    var index = 0
    while index < tickets.count {
      let first = tickets[index]
      let partner = tickets.indices.dropFirst(index + 1).first { other in
        abs(tickets[other].rating - first.rating)
          <= max(self.allowedGap(for: first), self.allowedGap(for: tickets[other]))
      }
      if let partner {
        matches.append(.init(variant: variant, players: [first.player, tickets[partner].player], bots: 0))
        tickets.remove(at: partner)
        tickets.remove(at: index)
      } else if let botAfter = self.settings.botAfter, self.elapsed - first.enqueuedAt >= botAfter {
        matches.append(.init(variant: variant, players: [first.player], bots: 1))
        tickets.remove(at: index)
      } else {
        index += 1
      }
    }
    self.queues[variant] = tickets.isEmpty ? nil : tickets
    return matches
  }
}
