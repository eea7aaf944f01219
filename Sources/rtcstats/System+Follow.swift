#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The platform calls of `rtcstats follow`: reading a file that grows, noticing truncation and
/// rotation, waiting for standard input with a timeout.
extension System {
  /// Opens `path` for reading.
  static func openForReading(_ path: String) -> Result<Int32, ErrorNumber> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    return descriptor >= 0 ? .success(descriptor) : .failure(.current)
  }

  /// Reads up to `buffer.count` bytes, retrying after signals.
  ///
  /// - Returns: The bytes read (0 at the end of what is there now), or the error.
  static func readAvailable(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
    Int, ErrorNumber
  > {
    guard let base = buffer.baseAddress else { return .success(0) }
    while true {
      #if canImport(Glibc)
        let count = Glibc.read(descriptor, base, buffer.count)
      #else
        let count = Darwin.read(descriptor, base, buffer.count)
      #endif
      if count >= 0 { return .success(count) }
      let error = ErrorNumber.current
      if error.code != EINTR { return .failure(error) }
    }
  }

  /// The size of the open file `descriptor`, bytes.
  static func size(ofDescriptor descriptor: Int32) -> Int64? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    return Int64(info.st_size)
  }

  /// Moves the read position of `descriptor` to `offset`.
  static func seek(_ descriptor: Int32, to offset: Int64) -> Bool {
    lseek(descriptor, off_t(offset), SEEK_SET) >= 0
  }

  /// Waits until `descriptor` has bytes to read (or its end), at most `milliseconds`.
  ///
  /// - Returns: Whether it became readable.
  static func waitForInput(_ descriptor: Int32, milliseconds: Int) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, Int32(milliseconds)) > 0
  }

  /// The wall-clock time, ms since the epoch.
  static func wallClockMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
  }

  /// Sleeps for `milliseconds`.
  static func sleep(milliseconds: Int) {
    _ = usleep(useconds_t(milliseconds * 1000))
  }
}
