import RTCStatsCore

/// The damaged lines of a JSON-lines getStats log, skipped so that the rest is read.
///
/// A log written line by line is damaged line by line: a crash and restart leaves a line
/// cut short with the next one glued to it, two writers interleave their lines, another
/// program logs a line of its own. ``GetStatsParser`` skips such a line (from the start of
/// the value that failed to the end of its line), notes it here, and reads on. The rule:
///
/// - a line is skipped only in a JSON-lines log: a value read before it fitted on one line,
///   or, when the first line is damaged, the line after it is one whole value;
/// - a dump whose damaged lines are at least as many as its values read (at least half of
///   it garbage, a single damaged line included) is not read: the first damaged line's
///   error is thrown, with its line and column;
/// - a cut at the very end of the stream stays a truncation (analysed up to the cut).
///
/// What is wrong with a line is said from the line alone, so that the sequential and the
/// parallel reader (``ParallelLines``, whose chunks end at line ends) say the same: the
/// error when it lies on the line, else "the line ends inside a value".
struct DamagedLines: Sendable {
  /// Line numbers kept for the diagnostic.
  static let listedLines = 10
  /// What a line that ends inside its value is said to have.
  static let cutLine = "the line ends inside a value"

  /// Damaged lines skipped.
  private(set) var count = 0
  /// The first damaged lines (1-based), at most ``listedLines``.
  private(set) var lines: [Int] = []
  /// The first damaged line's error.
  private(set) var firstError: DumpError?

  /// Notes a damaged line `line` whose value failed with `error`.
  mutating func note(line: Int, error: DumpError) {
    var own = error
    if error.isTruncation || (error.line.map { $0 != line } ?? false) {
      own = DumpError(.data, Self.cutLine, line: line)
    } else if error.line == nil {
      own.line = line
    }
    count += 1
    if lines.count < Self.listedLines { lines.append(line) }
    if firstError == nil { firstError = own }
  }

  /// Adds a parallel worker's damaged lines, numbered from the line its chunk started at.
  mutating func absorb(_ other: DamagedLines, firstLine: Int) {
    for line in other.lines where lines.count < Self.listedLines { lines.append(line + firstLine - 1) }
    if firstError == nil, var error = other.firstError {
      error.line = error.line.map { $0 + firstLine - 1 }
      firstError = error
    }
    count += other.count
  }

  /// Throws the first damaged line's error when the damaged lines are at least as many as
  /// the values read.
  func check(valuesRead: Int) throws(DumpError) {
    guard let firstError, count >= valuesRead else { return }
    throw firstError
  }

  /// The diagnostic of the skipped lines, if any.
  var diagnostic: Diagnostic? {
    guard let firstError, let line = firstError.line else { return nil }
    var evidence: Evidence = ["line": .integer(line), "problem": .text(firstError.message)]
    guard count > 1 else { return Diagnostic(.damagedLine, evidence: evidence) }
    evidence.set("count", .integer(count))
    let listed = lines.map(String.init).joined(separator: ", ")
    evidence.set("lines", .text(count > lines.count ? listed + ", …" : listed))
    return Diagnostic(.damagedLines, evidence: evidence)
  }
}
