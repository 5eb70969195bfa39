import CoreMetrics
import GameServerGame
import GameServerWire
import Metrics
import Prometheus
import Synchronization

/// The server's metrics, through swift-metrics, exported by swift-prometheus at `/metrics`.
///
/// `game_connections` (open connections), `game_rooms` (rooms open), `game_moves_total` (moves,
/// words, removals, passes and resignations received), `game_messages_total` (client messages),
/// `game_messages_rejected_total` (errors answered), `game_messages_dropped_total` (messages
/// never sent because the room-log line they showed was not saved), and
/// `game_message_handling_seconds` (how long the server took to handle a message, on its thread).
final class ServerMetrics: Sendable {
  let registry: PrometheusCollectorRegistry
  let connections: CoreMetrics.Gauge
  let rooms: CoreMetrics.Gauge
  let moves: CoreMetrics.Counter
  let messages: CoreMetrics.Counter
  let rejected: CoreMetrics.Counter
  let dropped: CoreMetrics.Counter
  let handling: CoreMetrics.Timer
  /// The games served: what tells a move from another message.
  let games: GameCatalog

  private static let bootstrapped = Mutex<PrometheusCollectorRegistry?>(nil)

  init(games: GameCatalog) {
    self.games = games
    // NB: swift-metrics takes one factory per process; every app in it shares the registry.
    self.registry = Self.bootstrapped.withLock { registry in
      if let registry { return registry }
      let made = PrometheusCollectorRegistry()
      MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: made))
      registry = made
      return made
    }
    self.connections = CoreMetrics.Gauge(label: "game_connections")
    self.rooms = CoreMetrics.Gauge(label: "game_rooms")
    self.moves = CoreMetrics.Counter(label: "game_moves_total")
    self.messages = CoreMetrics.Counter(label: "game_messages_total")
    self.rejected = CoreMetrics.Counter(label: "game_messages_rejected_total")
    self.dropped = CoreMetrics.Counter(label: "game_messages_dropped_total")
    self.handling = CoreMetrics.Timer(label: "game_message_handling_seconds", preferredDisplayUnit: .seconds)
  }

  /// The metrics in Prometheus's text format.
  func render() -> String {
    self.registry.emitToString()
  }

  func record(_ request: ClientRequest) {
    self.messages.increment()
    // NB: Every game message but a rematch request is a move; a type no game has is not.
    if case let .move(move) = request.message, move.type != "rematch", self.games.isMoveType(move.type) {
      self.moves.increment()
    }
  }
}
