/// Why a dump could not be read: the one error type of `RTCStatsFormats`.
///
/// ``category`` decides the exit status (`input`: 66 EX_NOINPUT, `data`: 65 EX_DATAERR);
/// ``line`` and ``column`` (1-based, bytes) say where, when known.
public struct DumpError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of failure.
  public enum Category: Sendable, Equatable {
    /// The input cannot be opened or read.
    case input
    /// The bytes are not a supported, well-formed dump.
    case data
  }

  public var category: Category
  /// What is wrong, lowercase, without the file name.
  public var message: String
  public var line: Int?
  public var column: Int?

  public init(_ category: Category, _ message: String, line: Int? = nil, column: Int? = nil) {
    self.category = category
    self.message = message
    self.line = line
    self.column = column
  }

  /// `LINE:COL: message`, or the message alone when there is no position.
  public var description: String {
    guard let line else { return message }
    return column.map { "\(line):\($0): \(message)" } ?? "\(line): \(message)"
  }
}
