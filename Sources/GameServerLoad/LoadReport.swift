import Foundation

/// What a load run measured, as a table row.
struct LoadReport {
  var connections: Int
  var idle: Bool
  /// Rooms moving at a set pace rather than as fast as they can.
  var openLoop = false
  var seconds: Double
  var moves: Int
  var views: Int
  var latencies: [UInt64]
  var cpuSeconds: Double
  /// The part of `cpuSeconds` spent in the kernel.
  var kernelSeconds: Double
  var residentBefore: Int
  var residentAfter: Int

  func percentile(_ fraction: Double) -> Double {
    guard !self.latencies.isEmpty else { return 0 }
    let sorted = self.latencies.sorted()
    return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1_000_000
  }

  var table: String {
    let perConnection = Double(self.residentAfter - self.residentBefore) / Double(max(1, self.connections)) / 1024
    let total = Double(self.residentAfter) / 1_048_576
    if self.idle {
      return """
        | connections (idle, logged in) | server resident memory | per connection |
        |--:|--:|--:|
        | \(self.connections) | \(String(format: "%.1f", total)) MB | \(String(format: "%.1f", perConnection)) kB |
        """
    }
    let cpuPerView = self.views > 0 ? self.cpuSeconds * 1_000_000 / Double(self.views) : 0
    let kernelPerView = self.views > 0 ? self.kernelSeconds * 1_000_000 / Double(self.views) : 0
    if self.openLoop {
      // NB: Players per core as peers publish it: the players, over the server's CPU seconds
      // per second.
      let share = self.cpuSeconds / self.seconds
      let perCore = share > 0 ? Double(self.connections) / share : 0
      return """
        | players (open loop) | moves/s | views/s | p50 ms | p99 ms | p99.9 ms | server CPU share (cores) | players per core | server CPU µs per view | server memory |
        |--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
        | \(self.connections) | \(Int(Double(self.moves) / self.seconds)) | \(Int(Double(self.views) / self.seconds)) | \(String(format: "%.2f", self.percentile(0.5))) | \(String(format: "%.2f", self.percentile(0.99))) | \(String(format: "%.2f", self.percentile(0.999))) | \(String(format: "%.3f", share)) | \(Int(perCore)) | \(String(format: "%.1f", cpuPerView)) | \(String(format: "%.1f", total)) MB |
        """
    }
    return """
      | connections | moves/s | views/s | p50 ms | p99 ms | server CPU µs per view | of which kernel | server memory | per connection |
      |--:|--:|--:|--:|--:|--:|--:|--:|--:|
      | \(self.connections) | \(Int(Double(self.moves) / self.seconds)) | \(Int(Double(self.views) / self.seconds)) | \(String(format: "%.2f", self.percentile(0.5))) | \(String(format: "%.2f", self.percentile(0.99))) | \(String(format: "%.1f", cpuPerView)) | \(String(format: "%.1f", kernelPerView)) | \(String(format: "%.1f", total)) MB | \(String(format: "%.1f", perConnection)) kB |
      """
  }
}
