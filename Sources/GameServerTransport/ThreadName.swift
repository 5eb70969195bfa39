import Glibc

/// Names the calling thread as the kernel shows it (`top -H`, `/proc/PID/task/*/comm`), at
/// most 15 bytes. Foundation's `Thread.name` does not reach the kernel on Linux, and
/// `pthread_setname_np` is not imported into Swift here.
func nameCurrentThread(_ name: String) {
  let file = open("/proc/thread-self/comm", O_WRONLY)
  guard file >= 0 else { return }
  let bytes = Array(name.utf8.prefix(15))
  _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
  close(file)
}
