import Foundation

/// A process's CPU time and resident memory, read from /proc.
struct ProcessStats {
  /// CPU time in the process's own code.
  var userSeconds = 0.0
  /// CPU time the kernel spent on the process's behalf: system calls (sockets, poll, files).
  var kernelSeconds = 0.0
  var residentBytes = 0

  var cpuSeconds: Double { self.userSeconds + self.kernelSeconds }

  /// Several processes (the nodes of a cluster) together.
  init(pids: [Int32]) {
    for pid in pids {
      let one = ProcessStats(pid: pid)
      self.userSeconds += one.userSeconds
      self.kernelSeconds += one.kernelSeconds
      self.residentBytes += one.residentBytes
    }
  }

  init(pid: Int32) {
    if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    {
      // NB: Fields after the command name; utime and stime are the 14th and 15th fields.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        self.userSeconds = user / ticks
        self.kernelSeconds = system / ticks
      }
    }
    if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    {
      self.residentBytes = kilobytes * 1024
    }
  }
}
