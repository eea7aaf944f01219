import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where the command writes: standard output for data, standard error for messages.
///
/// Thread-safe, so that batch workers can report as they finish. Tests capture into memory.
final class Console: Sendable {
  private enum Target {
    case descriptors
    case memory
  }

  private struct State {
    var output: [UInt8] = []
    var error: [UInt8] = []
    var outputFailed = false
  }

  private let target: Target
  private let state = Mutex(State())

  /// Writes to file descriptors 1 and 2.
  static func standard() -> Console { Console(target: .descriptors) }
  /// Keeps everything in memory, for tests.
  static func capturing() -> Console { Console(target: .memory) }

  private init(target: Target) {
    self.target = target
  }

  /// What was written to standard output (capturing consoles only).
  var capturedOutput: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }
  /// What was written to standard error (capturing consoles only).
  var capturedError: String { state.withLock { String(decoding: $0.error, as: UTF8.self) } }
  /// Whether a write to standard output failed (EPIPE, ENOSPC…).
  var outputFailed: Bool { state.withLock { $0.outputFailed } }

  /// Writes data to standard output; a failure is remembered (exit 74) and later writes are
  /// dropped.
  func write(_ bytes: [UInt8]) {
    state.withLock { state in
      guard !state.outputFailed else { return }
      switch target {
      case .memory: state.output.append(contentsOf: bytes)
      case .descriptors: if !Self.writeAll(bytes, to: STDOUT_FILENO) { state.outputFailed = true }
      }
    }
  }

  func write(_ text: String) { write(Array(text.utf8)) }

  /// Writes one message line to standard error.
  func error(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    state.withLock { state in
      switch target {
      case .memory: state.error.append(contentsOf: bytes)
      case .descriptors: _ = Self.writeAll(bytes, to: STDERR_FILENO)
      }
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(
          descriptor, buffer.baseAddress.unsafelyUnwrapped + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }
}
