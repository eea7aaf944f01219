/// Why a dump could not be read: the one error type of `RTCStatsFormats`.
///
/// ``category`` decides the exit status (`input`: 66 EX_NOINPUT, `data`: 65 EX_DATAERR);
/// ``line`` and ``column`` (1-based, bytes) say where, when known; ``reason`` says what
/// happened for code that reacts to it (the ``message`` is for people).
public struct DumpError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of failure.
  public enum Category: Sendable, Equatable {
    /// The input cannot be opened or read.
    case input
    /// The bytes are not a supported, well-formed dump.
    case data
  }

  /// What happened, as data.
  public enum Reason: Sendable, Equatable {
    /// Anything but a truncation: the message says what.
    case invalid
    /// The input ended in the middle of a value: a cut-off download or a file still being
    /// written. `problem` says what was expected (`unexpected end of input, expected ','`).
    /// `DumpReader` analyses the part before the cut when there is one.
    case truncated(problem: String)
    /// Well-formed data beyond one of the reader's limits (``ReaderLimits``): never skipped
    /// as damage, always the dump's error.
    case limitExceeded
    /// Compressed data that cannot be decompressed (corrupt gzip).
    case undecodable
    /// The input is not a stats dump at all, told from its content: binary data (an image),
    /// plain text, JSON of something else, an archive, rtcstats's own output (``NotADump``).
    /// A batch skips such files instead of failing on them.
    case notADump
  }

  /// What kind of failure.
  public var category: Category
  /// What is wrong, lowercase, without the file name.
  public var message: String
  /// The 1-based line of the problem, when known.
  public var line: Int?
  /// The 1-based column (in bytes) of the problem, when known.
  public var column: Int?
  /// What happened, as data.
  public var reason: Reason

  /// Creates an error; ``reason`` is ``Reason/invalid``.
  public init(_ category: Category, _ message: String, line: Int? = nil, column: Int? = nil) {
    self.category = category
    self.message = message
    self.line = line
    self.column = column
    self.reason = .invalid
  }

  /// The error for an input that ends in the middle of a value; the message is
  /// `the dump is truncated: <problem>`.
  public static func truncated(_ problem: String, line: Int? = nil, column: Int? = nil) -> DumpError {
    var error = DumpError(.data, "the dump is truncated: " + problem, line: line, column: column)
    error.reason = .truncated(problem: problem)
    return error
  }

  /// The error for data beyond one of the reader's limits (``ReaderLimits``).
  public static func limitExceeded(_ message: String, line: Int? = nil, column: Int? = nil) -> DumpError {
    var error = DumpError(.data, message, line: line, column: column)
    error.reason = .limitExceeded
    return error
  }

  /// The error for compressed data that cannot be decompressed.
  static func undecodable(_ message: String) -> DumpError {
    var error = DumpError(.data, message)
    error.reason = .undecodable
    return error
  }

  /// The error for an input that is not a stats dump at all (``Reason/notADump``).
  public static func notADump(_ message: String) -> DumpError {
    var error = DumpError(.data, message)
    error.reason = .notADump
    return error
  }

  /// Whether the input is not a stats dump at all (``Reason/notADump``).
  public var isNotADump: Bool { reason == .notADump }

  /// Whether the input ended in the middle of a value.
  public var isTruncation: Bool {
    if case .truncated = reason { return true }
    return false
  }

  /// `LINE:COL: message`, or the message alone when there is no position.
  public var description: String {
    guard let line else { return message }
    return column.map { "\(line):\($0): \(message)" } ?? "\(line): \(message)"
  }
}
