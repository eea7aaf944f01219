#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file or standard input, read with `read(2)`.
public struct FileByteSource: ByteSource {
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// The file size when it is a regular file.
  public let size: Int?

  /// Opens `path` for reading; `"-"` means standard input.
  ///
  /// - Throws: ``DumpError`` with category ``DumpError/Category/input`` when the path does
  ///   not exist, is a directory, or cannot be read.
  public init(path: String) throws(DumpError) {
    if path == "-" {
      descriptor = STDIN_FILENO
      ownsDescriptor = false
      size = nil
      return
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      throw DumpError(.input, Self.describe(errno: code))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      _ = Glibc.close(fd)
      throw DumpError(.input, Self.describe(errno: code))
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      _ = Glibc.close(fd)
      throw DumpError(.input, "is a directory, not a dump file")
    }
    descriptor = fd
    ownsDescriptor = true
    size = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
  }

  /// Closes the file (not standard input).
  public func close() {
    if ownsDescriptor { _ = Glibc.close(descriptor) }
  }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    while true {
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      let code = errno
      if code == EINTR { continue }
      throw DumpError(.input, "read failed: " + Self.describe(errno: code))
    }
  }

  static func describe(errno code: Int32) -> String {
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
