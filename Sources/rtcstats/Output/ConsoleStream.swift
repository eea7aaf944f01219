import Synchronization

/// One output stream of a ``Console``: a file descriptor, or memory for tests.
///
/// Thread-safe. The first failed write is remembered and every later write is dropped, so
/// a closed pipe costs one failed `write(2)`, not one per result.
final class ConsoleStream: Sendable {
  /// Where the bytes go.
  enum Sink: Sendable {
    /// A descriptor; `owned` ones (the `-o` file) are closed by ``close()``.
    case descriptor(Int32, owned: Bool)
    /// Memory; after `limit` bytes a write fails with `failure` (to test full disks and
    /// closed pipes).
    case memory(limit: Int?, failure: System.ErrorNumber)
  }

  private struct State {
    var captured: [UInt8] = []
    var failure: System.ErrorNumber?
  }

  private let sink: Sink
  private let state = Mutex(State())
  private let failed = Atomic(false)

  init(_ sink: Sink) {
    self.sink = sink
  }

  /// The bytes written so far (memory streams only).
  var captured: [UInt8] { state.withLock { $0.captured } }

  /// The error of the first failed write, if any.
  var failure: System.ErrorNumber? {
    guard failed.load(ordering: .acquiring) else { return nil }
    return state.withLock { $0.failure }
  }

  /// Whether a write has failed; cheap enough to ask before every piece of work.
  var hasFailed: Bool { failed.load(ordering: .acquiring) }

  /// The regular file this stream writes to (the `-o` file, or standard output redirected
  /// to a file), if any.
  var regularFile: System.FileStatus? {
    guard case .descriptor(let descriptor, _) = sink,
      case .success(let status) = System.status(ofDescriptor: descriptor), status.kind == .regular
    else { return nil }
    return status
  }

  /// Whether this stream writes to a terminal.
  var isTerminal: Bool {
    guard case .descriptor(let descriptor, _) = sink else { return false }
    return System.isTerminal(descriptor)
  }

  /// Writes `bytes`, unless an earlier write failed.
  func write(_ bytes: [UInt8]) {
    state.withLock { state in
      guard state.failure == nil else { return }
      let error: System.ErrorNumber?
      switch sink {
      case .descriptor(let descriptor, _):
        error = System.writeAll(bytes, to: descriptor)
      case .memory(let limit, let failure):
        if let limit, state.captured.count + bytes.count > limit {
          state.captured.append(contentsOf: bytes.prefix(max(0, limit - state.captured.count)))
          error = failure
        } else {
          state.captured.append(contentsOf: bytes)
          error = nil
        }
      }
      if let error {
        state.failure = error
        failed.store(true, ordering: .releasing)
      }
    }
  }

  /// Closes an owned descriptor; a failure to close (a late write error on some file
  /// systems) counts as a failed write.
  func close() {
    guard case .descriptor(let descriptor, owned: true) = sink else { return }
    state.withLock { state in
      if let error = System.close(descriptor), state.failure == nil {
        state.failure = error
        failed.store(true, ordering: .releasing)
      }
    }
  }
}
