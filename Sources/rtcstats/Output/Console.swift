/// Where the command writes: standard output (or the `-o` file) for data, standard error
/// for messages.
///
/// Thread-safe, so that batch workers can report as they finish. Tests capture into memory.
///
/// Every message line goes through ``TerminalText/escaped(_:)``: a file name or a dump
/// string quoted in a message can never move the cursor, set the window title or forge a
/// line. A write to a closed pipe (EPIPE) marks the output ``outputClosed``: the command
/// stops its work and exits quietly with the status so far. Any other write failure is
/// ``outputFailureMessage``, printed once, exit 74.
final class Console: Sendable {
  private let output: ConsoleStream
  private let messages: ConsoleStream
  /// The file `-o` named, for messages; `nil` for standard output.
  let outputPath: String?
  /// Whether warning lines are left out (`-q`); errors are always printed.
  let isQuiet: Bool
  /// The columns that help text wraps to (see ``width(columnsVariable:isTerminal:terminalColumns:)``).
  let width: Int
  /// The columns the analyze table fits (``TableLayout/width(columnsVariable:terminalColumns:)``):
  /// unlike help, as wide as `COLUMNS` says also when piped.
  let tableWidth: Int
  /// Whether this is the process's own console (``standard()``): the process exits when the
  /// command returns, so what the command is done with need not be released.
  let endsWithProcess: Bool

  private init(
    output: ConsoleStream, messages: ConsoleStream, outputPath: String? = nil, isQuiet: Bool = false,
    width: Int, tableWidth: Int? = nil, endsWithProcess: Bool = false
  ) {
    self.output = output
    self.messages = messages
    self.outputPath = outputPath
    self.isQuiet = isQuiet
    self.width = width
    self.tableWidth = tableWidth ?? width
    self.endsWithProcess = endsWithProcess
  }

  /// Writes to file descriptors 1 and 2; help wraps to the terminal.
  static func standard() -> Console {
    let columns = System.environment("COLUMNS")
    let isTerminal = System.isTerminal(System.standardOutput)
    let terminalColumns = isTerminal ? System.terminalColumns(System.standardOutput) : nil
    return Console(
      output: ConsoleStream(.descriptor(System.standardOutput, owned: false)),
      messages: ConsoleStream(.descriptor(System.standardError, owned: false)),
      width: width(columnsVariable: columns, isTerminal: isTerminal, terminalColumns: terminalColumns),
      tableWidth: TableLayout.width(columnsVariable: columns, terminalColumns: terminalColumns),
      endsWithProcess: true)
  }

  /// Keeps everything in memory, for tests.
  ///
  /// - `width`: The help width.
  /// - `outputLimit`: After this many bytes of output, writes fail with `failure`.
  /// - `endsWithProcess`: Whether to act as the process's own console (``endsWithProcess``).
  static func capturing(
    width: Int = 80, outputLimit: Int? = nil, failure: System.ErrorNumber = .brokenPipe,
    endsWithProcess: Bool = false
  ) -> Console {
    Console(
      output: ConsoleStream(.memory(limit: outputLimit, failure: failure)),
      messages: ConsoleStream(.memory(limit: nil, failure: failure)), width: width,
      endsWithProcess: endsWithProcess)
  }

  /// The help width: `COLUMNS` when it is a number, else the terminal's width, else 80;
  /// never more than 80 when standard output is not a terminal, never less than 40.
  static func width(columnsVariable: String?, isTerminal: Bool, terminalColumns: Int?) -> Int {
    let requested = columnsVariable.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    var columns = requested ?? (isTerminal ? terminalColumns : nil) ?? 80
    if !isTerminal { columns = min(columns, 80) }
    return max(columns, 40)
  }

  /// This console with its output going to the file at `path` (created or truncated),
  /// and warnings left out when `quiet`.
  ///
  /// - Returns: The console, or the message line when the file cannot be opened.
  func configured(outputPath path: String?, quiet: Bool) -> Result<Console, OutputFileError> {
    var stream = output
    if let path, path != "-" {
      switch System.openForWriting(path) {
      case .success(let descriptor): stream = ConsoleStream(.descriptor(descriptor, owned: true))
      case .failure(let error): return .failure(OutputFileError(path: path, error: error))
      }
    }
    let named = path == "-" ? nil : path
    return .success(
      Console(
        output: stream, messages: messages, outputPath: named, isQuiet: quiet, width: width,
        tableWidth: tableWidth, endsWithProcess: endsWithProcess))
  }

  /// A `-o` file that cannot be created or truncated.
  struct OutputFileError: Error, Equatable {
    var path: String
    var error: System.ErrorNumber
    /// `rtcstats: FILE: cannot write (permission denied)`; a missing folder is named so.
    var line: String {
      let reason = error == .noSuchEntry ? "its folder does not exist" : error.description
      return "rtcstats: \(path): cannot write (\(reason))"
    }
  }

  // MARK: - Output

  /// What was written to the output (capturing consoles only).
  var capturedOutput: String { String(decoding: capturedBytes, as: UTF8.self) }
  /// The bytes written to the output, as written (capturing consoles only): a write cut short
  /// may end inside a character, which ``capturedOutput`` would decode as a replacement.
  var capturedBytes: [UInt8] { output.captured }
  /// What was written to standard error (capturing consoles only).
  var capturedError: String { String(decoding: messages.captured, as: UTF8.self) }
  /// Whether standard output is a terminal.
  var outputIsTerminal: Bool { output.isTerminal }

  /// The regular file the output goes to (`-o FILE`, or `> FILE` in the shell): inputs
  /// collected from folders leave it out, so that `rtcstats analyze tickets/ >
  /// tickets/out.json` does not read its own output.
  var outputFile: System.FileStatus? { output.regularFile }

  /// Whether a write to the output failed, for any reason.
  var outputFailed: Bool { output.hasFailed }

  /// Whether the reader went away (EPIPE): stop working, print nothing more, keep the
  /// status so far.
  var outputClosed: Bool { output.failure == .brokenPipe }

  /// The line to print when writing failed for another reason than a closed pipe (a full
  /// disk, an I/O error); `nil` otherwise.
  var outputFailureMessage: String? {
    guard let failure = output.failure, failure != .brokenPipe else { return nil }
    guard let outputPath else { return "rtcstats: cannot write the output (\(failure))" }
    return "rtcstats: \(outputPath): cannot write (\(failure))"
  }

  /// Writes data to the output; after a failure later writes are dropped.
  func write(_ bytes: [UInt8]) { output.write(bytes) }

  /// Writes text to the output.
  func write(_ text: String) { output.write(Array(text.utf8)) }

  /// Closes the `-o` file, if any; a failure shows in ``outputFailureMessage``.
  func closeOutput() { output.close() }

  // MARK: - Messages

  /// Writes one message line to standard error, control characters escaped.
  func error(_ line: String) {
    messages.write(Array((TerminalText.escaped(line) + "\n").utf8))
  }

  /// Whether standard error is a terminal (progress lines are drawn only there).
  var messagesAreTerminal: Bool { messages.isTerminal }

  /// Writes `text` to standard error as it is, for the progress line's cursor controls;
  /// the caller makes sure it holds no dump text.
  func rawMessage(_ text: String) {
    messages.write(Array(text.utf8))
  }

  /// Writes one warning line to standard error, unless the console is quiet.
  func warning(_ line: String) {
    guard !isQuiet else { return }
    error(line)
  }
}
