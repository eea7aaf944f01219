#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every platform call of the command, in one place, with a Glibc and a Darwin branch.
///
/// The rest of the `rtcstats` target never imports Glibc or Darwin: it writes, asks about
/// terminals, opens the `-o` file, reads folders and exits through this shim, so the
/// package builds on Linux and macOS alike. Failures come back as an ``ErrorNumber``
/// (the `errno` value), never as a crash.
enum System {
  /// An `errno` value, with the wording rtcstats uses for it.
  struct ErrorNumber: Error, Equatable, Sendable, CustomStringConvertible {
    var code: Int32

    /// The standard error numbers the command reacts to.
    static let brokenPipe = ErrorNumber(code: EPIPE)
    static let noSuchEntry = ErrorNumber(code: ENOENT)
    static let linkLoop = ErrorNumber(code: ELOOP)
    static let noSpace = ErrorNumber(code: ENOSPC)

    /// Lowercase, as in every rtcstats message: `no space left on device`.
    var description: String {
      switch code {
      case ENOENT: return "no such file or folder"
      case EACCES, EPERM: return "permission denied"
      case EISDIR: return "is a folder"
      case ENOTDIR: return "a component of the path is not a folder"
      case ELOOP: return "too many levels of symbolic links"
      case ENOSPC: return "no space left on device"
      case EROFS: return "read-only file system"
      default:
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
      }
    }

    /// The calling thread's current `errno`.
    static var current: ErrorNumber { ErrorNumber(code: errno) }
  }

  // MARK: - Descriptors

  /// Standard input, output and error.
  static let standardInput: Int32 = STDIN_FILENO
  static let standardOutput: Int32 = STDOUT_FILENO
  static let standardError: Int32 = STDERR_FILENO

  /// Writes every byte to `descriptor`, retrying after signals.
  ///
  /// - Returns: `nil` on success, else the error of the first failed `write(2)`.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> ErrorNumber? {
    bytes.withUnsafeBytes { buffer -> ErrorNumber? in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = rawWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          let error = ErrorNumber.current
          if error.code == EINTR { continue }
          return error
        }
        offset += written
      }
      return nil
    }
  }

  /// Creates `path` or truncates it, for writing (mode 0666 less the umask).
  static func openForWriting(_ path: String) -> Result<Int32, ErrorNumber> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    return descriptor >= 0 ? .success(descriptor) : .failure(.current)
  }

  /// Closes a descriptor that ``openForWriting(_:)`` returned.
  ///
  /// - Returns: `nil` on success, else the error (a late write failure on some file systems).
  static func close(_ descriptor: Int32) -> ErrorNumber? {
    rawClose(descriptor) == 0 ? nil : .current
  }

  /// The bytes of the file at `path`, at most `limit` of them (a larger file is an error,
  /// `EFBIG`), for small files the command reads whole (`--thresholds`).
  static func contents(of path: String, limit: Int) -> Result<[UInt8], ErrorNumber> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(.current) }
    defer { _ = rawClose(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.current)
      }
      if count == 0 { return .success(bytes) }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > limit { return .failure(ErrorNumber(code: EFBIG)) }
    }
  }

  // MARK: - Files and folders

  /// What `stat(2)` or `lstat(2)` says about a path.
  struct FileStatus: Equatable, Sendable {
    /// The kinds of file the command tells apart.
    enum Kind: Equatable, Sendable {
      case regular
      case folder
      case symbolicLink
      /// A pipe, socket or device.
      case other
    }

    var kind: Kind
    /// The device and inode, which name a file whatever path leads to it.
    var device: UInt64
    var inode: UInt64
  }

  /// The status of `path`; with `followingLinks` false a symbolic link is described
  /// itself (`lstat`), else the file it leads to (`stat`).
  static func status(of path: String, followingLinks: Bool) -> Result<FileStatus, ErrorNumber> {
    var info = stat()
    let result: Int32
    if followingLinks {
      result = stat(path, &info)
    } else {
      result = lstat(path, &info)
    }
    guard result == 0 else { return .failure(.current) }
    let kind: FileStatus.Kind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .regular
      case S_IFDIR: .folder
      case S_IFLNK: .symbolicLink
      default: .other
      }
    return .success(
      FileStatus(
        kind: kind, device: UInt64(truncatingIfNeeded: info.st_dev),
        inode: UInt64(truncatingIfNeeded: info.st_ino)))
  }

  /// The status of an open descriptor (`fstat`).
  static func status(ofDescriptor descriptor: Int32) -> Result<FileStatus, ErrorNumber> {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.current) }
    let kind: FileStatus.Kind = info.st_mode & S_IFMT == S_IFREG ? .regular : .other
    return .success(
      FileStatus(
        kind: kind, device: UInt64(truncatingIfNeeded: info.st_dev),
        inode: UInt64(truncatingIfNeeded: info.st_ino)))
  }

  /// Where the symbolic link at `path` points, as written in the link; `nil` when it is not
  /// a link.
  static func linkTarget(of path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { raw -> Int in
      guard let base = raw.baseAddress else { return -1 }
      return readlink(path, base.assumingMemoryBound(to: CChar.self), raw.count)
    }
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  /// The names in a folder, `.` and `..` left out, in the order the system lists them.
  static func folderEntries(_ path: String) -> Result<[String], ErrorNumber> {
    guard let folder = opendir(path) else { return .failure(.current) }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return .success(names)
  }

  // MARK: - Terminal

  /// Whether `descriptor` is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The width of the terminal on `descriptor`, from `ioctl(TIOCGWINSZ)`; `nil` when it is
  /// not a terminal or reports no width.
  static func terminalColumns(_ descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The value of an environment variable, `nil` when unset.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  // MARK: - Process

  /// The number of online CPU cores, read once (at least 1).
  static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// Makes a write to a closed pipe fail with EPIPE instead of killing the process, so
  /// that the command can stop quietly with its own status.
  static func ignoreBrokenPipeSignal() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// Ends the process with `status`.
  static func exit(_ status: Int32) -> Never {
    rawExit(status)
  }

  // MARK: - The C functions whose names the shim reuses

  private static func rawWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Darwin)
      Darwin.write(descriptor, bytes, count)
    #endif
  }

  private static func rawClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #elseif canImport(Darwin)
      Darwin.close(descriptor)
    #endif
  }

  private static func rawExit(_ status: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(status)
    #elseif canImport(Darwin)
      Darwin.exit(status)
    #endif
  }
}
