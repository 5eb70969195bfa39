import Glibc

/// CPU seconds used so far by the calling thread, and by the whole process.
enum CPUTime {
  static var thread: Double { self.read(CLOCK_THREAD_CPUTIME_ID) }
  static var process: Double { self.read(CLOCK_PROCESS_CPUTIME_ID) }
  /// Monotonic seconds, read without a system call: for timing short stretches of the calling
  /// thread's own work, where the CPU clocks' system calls would cost more than the work.
  static var monotonic: Double { self.read(CLOCK_MONOTONIC) }

  private static func read(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }
}
