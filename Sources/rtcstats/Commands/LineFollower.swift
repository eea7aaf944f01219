/// Reads a JSON-lines log as it is written, line by line, like `tail -F`: a file is followed
/// as it grows (a truncated file is read again from its start, a rotated one — a new file
/// at the path — from the new file's start), standard input until it ends.
///
/// Complete lines are handed over as soon as their newline arrives; nothing waits for more
/// bytes than a line. A line longer than ``lineLimit`` is an error (bounded memory).
struct LineFollower {
  /// What a ``next(waitingAtMost:)`` call found.
  enum Event: Equatable {
    /// Complete lines (without their newline).
    case lines([[UInt8]])
    /// Nothing new within the wait.
    case idle
    /// The file was cut shorter or replaced: reading starts again from its start.
    case restarted(String)
    /// Standard input ended (a last line without a newline is handed over before).
    case end
    /// A read failed.
    case failure(System.ErrorNumber)
    /// A line passed ``lineLimit`` bytes.
    case lineTooLong
  }

  /// The longest line kept, bytes.
  static let lineLimit = 256 << 20

  private let path: String?
  private var descriptor: Int32
  private var identity: System.FileStatus?
  private var offset: Int64 = 0
  private var partial: [UInt8] = []
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var ended = false

  /// Follows the file at `path`, or standard input for `-`.
  static func open(_ path: String) -> Result<LineFollower, System.ErrorNumber> {
    if path == "-" { return .success(LineFollower(path: nil, descriptor: System.standardInput)) }
    switch System.openForReading(path) {
    case .success(let descriptor): return .success(LineFollower(path: path, descriptor: descriptor))
    case .failure(let error): return .failure(error)
    }
  }

  private init(path: String?, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
    if case .success(let status) = System.status(ofDescriptor: descriptor) { identity = status }
  }

  /// Reads what is there; waits at most `milliseconds` when nothing is.
  mutating func next(waitingAtMost milliseconds: Int) -> Event {
    if ended { return .end }
    if path == nil, !System.waitForInput(descriptor, milliseconds: milliseconds) { return .idle }
    let count: Int
    switch buffer.withUnsafeMutableBytes({ System.readAvailable(descriptor, into: $0) }) {
    case .success(let read): count = read
    case .failure(let error): return .failure(error)
    }
    if count > 0 {
      offset += Int64(count)
      return split(count)
    }
    guard path != nil else {
      ended = true
      return partial.isEmpty ? .end : .lines([partial])
    }
    if let restart = checkReplaced() { return restart }
    System.sleep(milliseconds: milliseconds)
    return .idle
  }

  private mutating func split(_ count: Int) -> Event {
    var lines: [[UInt8]] = []
    var start = 0
    for index in 0..<count where buffer[index] == 0x0A {
      partial.append(contentsOf: buffer[start..<index])
      lines.append(partial)
      partial.removeAll(keepingCapacity: true)
      start = index + 1
    }
    partial.append(contentsOf: buffer[start..<count])
    if partial.count > Self.lineLimit { return .lineTooLong }
    return lines.isEmpty ? .idle : .lines(lines)
  }

  /// At the end of the file: whether it was truncated, or the path now names another file.
  private mutating func checkReplaced() -> Event? {
    guard let path else { return nil }
    if let size = System.size(ofDescriptor: descriptor), size < offset {
      _ = System.seek(descriptor, to: 0)
      offset = 0
      partial.removeAll()
      return .restarted("truncated, reading it again from the start")
    }
    guard case .success(let now) = System.status(of: path, followingLinks: true),
      let identity, now.device != identity.device || now.inode != identity.inode,
      case .success(let replacement) = System.openForReading(path)
    else { return nil }
    _ = System.close(descriptor)
    descriptor = replacement
    self.identity = now
    offset = 0
    partial.removeAll()
    return .restarted("replaced (rotated), reading the new file from its start")
  }
}
