#if canImport(Glibc)
  import CMalloc
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every call of `RTCStatsFormats` into the C library, in one place, so that the rest of the
/// module imports neither Glibc nor Darwin and the package builds on Linux and macOS alike.
///
/// Files are read with `open`/`read`/`fstat`/`close` (a whole document is mapped with
/// `mmap`); byte searches and comparisons use
/// `memchr`/`memcmp` (vectorised in both C libraries); `strtod` rounds long decimals
/// exactly; `sysconf` counts the cores once per process; glibc's `malloc_trim` returns freed
/// pages (a no-op on Darwin, whose allocator returns them itself).
enum System {
  // MARK: - Files

  /// The descriptor of standard input.
  static var standardInput: Int32 { STDIN_FILENO }

  /// Opens `path` read-only (close-on-exec); the `errno` value on failure.
  static func openForReading(_ path: String) -> Result<Int32, SystemError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(code: errno))
  }

  /// What `fstat` says about an open file.
  struct FileStatus {
    /// Whether it is a directory.
    var isDirectory: Bool
    /// The size of a regular file; `nil` for pipes, terminals and the like.
    var regularFileSize: Int?
  }

  /// `fstat` of an open descriptor.
  static func status(of descriptor: Int32) -> Result<FileStatus, SystemError> {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(SystemError(code: errno)) }
    let type = info.st_mode & S_IFMT
    return .success(
      FileStatus(isDirectory: type == S_IFDIR, regularFileSize: type == S_IFREG ? Int(info.st_size) : nil))
  }

  /// Reads up to `buffer.count` bytes, retrying when a signal interrupts; 0 at the end.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> Result<Int, SystemError>
  {
    while true {
      #if canImport(Glibc)
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      #else
        let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
      #endif
      if count >= 0 { return .success(count) }
      let code = errno
      if code != EINTR { return .failure(SystemError(code: code)) }
    }
  }

  /// A second descriptor of the same open file (`dup`, close-on-exec); `nil` on failure.
  static func duplicate(_ descriptor: Int32) -> Int32? {
    let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    return copy >= 0 ? copy : nil
  }

  /// Closes a descriptor.
  static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  /// Maps the first `byteCount` bytes of an open regular file read-only (`mmap`,
  /// `MAP_PRIVATE`); `nil` when it cannot be mapped (the caller then reads it).
  ///
  /// The pages are the page cache's own: nothing is copied and no anonymous memory is
  /// touched, where `read` into a fresh buffer copies every byte and faults every page of the
  /// buffer in (see ``MappedFile``).
  ///
  /// Linux only, where a truncated mapping is guarded (``guardMapping(_:)``); elsewhere `nil`.
  static func mapFile(_ descriptor: Int32, byteCount: Int) -> UnsafeRawBufferPointer? {
    #if canImport(Glibc)
      guard byteCount > 0 else { return nil }
      let mapped = mmap(nil, byteCount, PROT_READ, MAP_PRIVATE, descriptor, 0)
      guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
      return UnsafeRawBufferPointer(start: mapped, count: byteCount)
    #else
      return nil
    #endif
  }

  /// Unmaps what ``mapFile(_:byteCount:)`` mapped.
  static func unmapFile(_ bytes: UnsafeRawBufferPointer) {
    #if canImport(Glibc)
      _ = munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    #endif
  }

  // MARK: - Bytes

  /// The first `byte` in `count` bytes at `start` (`memchr`), or `nil`.
  @inline(__always)
  static func firstByte(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
    memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
  }

  /// Whether `count` bytes at `a` and `b` are equal (`memcmp`).
  @inline(__always)
  static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }

  /// The correctly rounded value of a NUL-terminated decimal (`strtod`, in the C locale:
  /// this process never calls `setlocale`).
  static func parseDouble(_ text: UnsafePointer<CChar>) -> Double {
    strtod(text, nil)
  }

  // MARK: - Large buffers

  /// Buffers this large and larger are mapped in huge pages where the system has them.
  static let hugePageSize = 2 << 20

  /// A buffer of at least `byteCount` bytes for a whole document, 64-byte aligned.
  ///
  /// On Linux, from ``hugePageSize`` up, the buffer is anonymous memory aligned to 2 MB and
  /// advised as transparent huge pages (`madvise(MADV_HUGEPAGE)`; the kernel's default
  /// `enabled` mode is `madvise`): `read` into a fresh 50 MB buffer then faults 25 huge pages
  /// instead of 12,800 small ones, which cost the webrtc-internals bench 4 % of its samples
  /// (`perf record`). A kernel without huge pages just maps small ones. Elsewhere, below the
  /// size or when the mapping fails, the buffer comes from the allocator.
  ///
  /// Release it with ``deallocate(_:)``, never with `deallocate()`.
  static func allocateLarge(byteCount: Int) -> LargeBuffer {
    #if canImport(Glibc)
      if byteCount >= hugePageSize, let mapped = mapHugePages(byteCount: byteCount) {
        return mapped
      }
    #endif
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 64)
    return LargeBuffer(bytes: bytes, mapping: nil)
  }

  /// Releases a buffer from ``allocateLarge(byteCount:)``.
  static func deallocate(_ buffer: LargeBuffer) {
    #if canImport(Glibc)
      if let mapping = buffer.mapping {
        _ = munmap(mapping.baseAddress, mapping.count)
        return
      }
    #endif
    buffer.bytes.deallocate()
  }

  #if canImport(Glibc)
    /// Anonymous memory rounded up and aligned to ``hugePageSize``, advised as huge pages.
    private static func mapHugePages(byteCount: Int) -> LargeBuffer? {
      let size = (byteCount + hugePageSize - 1) / hugePageSize * hugePageSize
      // Map one huge page more, then unmap the unaligned head and the rest of the tail.
      let mapped = mmap(nil, size + hugePageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
      guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
      let address = UInt(bitPattern: mapped)
      let aligned = (address + UInt(hugePageSize) - 1) / UInt(hugePageSize) * UInt(hugePageSize)
      let head = Int(aligned - address)
      if head > 0 { _ = munmap(mapped, head) }
      let tail = hugePageSize - head
      if tail > 0 { _ = munmap(mapped + head + size, tail) }
      let base = mapped + head
      _ = madvise(base, size, MADV_HUGEPAGE)
      let mapping = UnsafeMutableRawBufferPointer(start: base, count: size)
      return LargeBuffer(
        bytes: UnsafeMutableRawBufferPointer(start: base, count: byteCount), mapping: mapping)
    }
  #endif

  // MARK: - Process

  /// The cores online, read once per process.
  static let activeProcessorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// Returns the free pages of every malloc arena to the system (glibc `malloc_trim`; Darwin's
  /// allocator needs no help).
  static func releaseFreedMemory() {
    #if canImport(Glibc)
      _ = malloc_trim(0)
    #endif
  }
}

/// A buffer from ``System/allocateLarge(byteCount:)``: its bytes, and the mapping to unmap
/// (`nil`: the allocator's).
struct LargeBuffer {
  /// The bytes asked for.
  var bytes: UnsafeMutableRawBufferPointer
  /// The whole mapping, when the buffer is mapped memory.
  var mapping: UnsafeMutableRawBufferPointer?
}

/// A failed C library call: its `errno` value, described in words.
struct SystemError: Error, Sendable {
  /// The `errno` value.
  var code: Int32

  /// A short lowercase description: the common cases in rtcstats's words, the rest from
  /// `strerror`.
  var description: String {
    switch code {
    case ENOENT: "no such file"
    case EACCES, EPERM: "permission denied"
    case EISDIR: "is a directory, not a dump file"
    case ELOOP: "too many levels of symbolic links"
    case ENAMETOOLONG: "file name too long"
    case ENOTDIR: "a component of the path is not a directory"
    default: String(cString: strerror(code))
    }
  }
}
