/// The process exit status (sysexits.h values, as swift-argument-parser uses them).
enum ExitStatus: Int32, Sendable {
  /// Every input was analysed.
  case success = 0
  /// A file reached the `--fail-on` grade.
  case failOn = 1
  /// EX_USAGE: bad options or arguments.
  case usage = 64
  /// EX_DATAERR: an input is not a supported, well-formed dump.
  case dataError = 65
  /// EX_NOINPUT: an input does not exist or cannot be read.
  case noInput = 66
  /// EX_IOERR: writing the output failed (e.g. a closed pipe or a full disk).
  case ioError = 74

  /// The worse of two outcomes, for a batch: the larger status (74, 66, 65, 64, 1, 0).
  func worse(_ other: ExitStatus) -> ExitStatus { other.rawValue > rawValue ? other : self }
}
