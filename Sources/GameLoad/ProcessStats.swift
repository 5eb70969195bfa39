import Foundation

/// A process's CPU time and resident memory, read from /proc.
struct ProcessStats {
  var cpuSeconds = 0.0
  var residentBytes = 0

  init(pid: Int32) {
    if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    {
      // NB: Fields after the command name; utime and stime are the 14th and 15th fields.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) {
        self.cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
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
