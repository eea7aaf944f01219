/// A regular file mapped read-only into memory, unmapped when the last reference goes.
///
/// Whole-document dialects (webrtc-internals, rtcstats v0) need every byte of the file at
/// once. Reading it means a fresh buffer of the file's size: `read` copies every byte into it
/// and the kernel zeroes and maps each of its pages on first touch. On this project's VM that
/// first touch cost 11–217 ms for 50 MB (`Tests/Bench`, a C loop reading
/// `internals-50mb.json`), where mapping the file and touching every page cost 5–6 ms: the
/// pages are the page cache's own, already filled.
///
/// The mapping is private and read-only: nothing in the readers writes into a dump's bytes.
/// A file truncated by another process while it is mapped makes the pages past its new end
/// unreadable (`SIGBUS`); logs are appended to, not truncated, and `follow` never maps.
public final class MappedFile: @unchecked Sendable {
  // Unchecked: the bytes are immutable once mapped and freed only in `deinit`.

  /// The file's bytes, from its first.
  public let bytes: UnsafeRawBufferPointer

  /// Files smaller than this are read, not mapped: a mapping costs two system calls and a
  /// fault per 16 pages, which a small `read` into a reused buffer does not.
  public static let minimumSize = 1 << 20

  /// Maps the first `byteCount` bytes of the open regular file `descriptor`; `nil` when
  /// it cannot be mapped.
  init?(descriptor: Int32, byteCount: Int) {
    guard let bytes = System.mapFile(descriptor, byteCount: byteCount) else { return nil }
    self.bytes = bytes
  }

  deinit {
    System.unmapFile(bytes)
  }
}
