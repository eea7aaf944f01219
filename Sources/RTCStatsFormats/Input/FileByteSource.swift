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
      descriptor = System.standardInput
      ownsDescriptor = false
      size = nil
      return
    }
    let fd: Int32
    switch System.openForReading(path) {
    case .success(let opened): fd = opened
    case .failure(let error): throw DumpError(.input, error.description)
    }
    let status: System.FileStatus
    switch System.status(of: fd) {
    case .success(let value):
      status = value
    case .failure(let error):
      System.close(fd)
      throw DumpError(.input, error.description)
    }
    if status.isDirectory {
      System.close(fd)
      throw DumpError(.input, "is a directory, not a dump file")
    }
    descriptor = fd
    ownsDescriptor = true
    size = status.regularFileSize
  }

  /// Closes the file (not standard input).
  public func close() {
    if ownsDescriptor { System.close(descriptor) }
  }

  /// The whole file mapped (``MappedFile``): a regular file opened by path, of at least
  /// ``MappedFile/minimumSize`` bytes now; `nil` otherwise (standard input, a pipe).
  ///
  /// The source is read from the file's first byte on, so the mapping is the whole stream.
  public mutating func mapWholeStream() -> MappedFile? {
    guard ownsDescriptor, case .success(let status) = System.status(of: descriptor),
      let size = status.regularFileSize, size >= MappedFile.minimumSize
    else { return nil }
    return MappedFile(descriptor: descriptor, byteCount: size)
  }

  /// Reads up to `buffer.count` bytes; 0 at the end of the file.
  ///
  /// - Throws: ``DumpError`` with category ``DumpError/Category/input`` when `read(2)` fails.
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DumpError) -> Int {
    switch System.read(descriptor, into: buffer) {
    case .success(let count): return count
    case .failure(let error): throw DumpError(.input, "read failed: " + error.description)
    }
  }
}
