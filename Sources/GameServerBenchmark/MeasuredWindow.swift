/// What the benchmark counts over its measured window, or read at one moment of it.
struct MeasuredWindow {
  var views = 0
  var moves = 0
  /// The database's commits, and the pages they wrote (LogStatistics).
  var commits = 0
  var pages = 0
  var threadCPU = 0.0
  var processCPU = 0.0
  var allocations: UInt64 = 0
  var threadAllocations: UInt64 = 0
  var wall = 0.0
}
