/// A regular file mapped read-only into memory, unmapped when the last reference goes.
///
/// Whole-document dialects (webrtc-internals, rtcstats v0) need every byte of the file at
/// once. Reading it means a fresh buffer of the file's size: `read` copies every byte into it
/// and the kernel zeroes and maps each of its pages on first touch. On this project's VM that
/// cost 11–217 ms for 50 MB, where mapping the file and touching every page cost 5–6 ms
/// (`Tests/Bench/first_touch.c` on `internals-50mb.json`): the pages are the page cache's own,
/// already filled.
///
/// The mapping is private and read-only: nothing in the readers writes into a dump's bytes.
/// A file truncated by another process while it is mapped makes the pages past its new end
/// unreadable (`SIGBUS`): a guard (``System/guardMapping(_:)``, Linux) reads them as zeros
/// instead and marks the file ``wasCut``, so that the reader reports that file, and a batch
/// goes on with the others. Where there is no guard (macOS), files are read, not mapped.
public final class MappedFile: @unchecked Sendable {
  // Unchecked: the bytes are immutable once mapped and freed only in `deinit`.

  /// The file's bytes, from its first.
  public let bytes: UnsafeRawBufferPointer
  /// The mapping's slot in the SIGBUS guard.
  private let guardSlot: Int
  /// A descriptor of the file of its own, for its size now (``wasCut``).
  private let descriptor: Int32

  /// Files smaller than this are read, not mapped: a mapping costs two system calls and a
  /// fault per 16 pages, which a small `read` into a reused buffer does not.
  public static let minimumSize = 1 << 20

  /// Maps the first `byteCount` bytes of the open regular file `descriptor`; `nil` when
  /// it cannot be mapped.
  init?(descriptor: Int32, byteCount: Int) {
    guard let own = System.duplicate(descriptor) else { return nil }
    guard let bytes = System.mapFile(own, byteCount: byteCount) else {
      System.close(own)
      return nil
    }
    guard let slot = System.guardMapping(bytes) else {
      System.unmapFile(bytes)
      System.close(own)
      return nil
    }
    self.bytes = bytes
    self.descriptor = own
    guardSlot = slot
  }

  /// Whether the file is shorter than it was when it was mapped (truncated by another
  /// process): its bytes past the new end read as zeros, those of the last page without a
  /// fault (the kernel zero-fills a page's tail), those of the pages after through the guard.
  public var wasCut: Bool {
    if System.mappingWasCut(slot: guardSlot) { return true }
    guard case .success(let status) = System.status(of: descriptor), let size = status.regularFileSize
    else { return true }
    return size < bytes.count
  }

  deinit {
    System.unguardMapping(slot: guardSlot)
    System.unmapFile(bytes)
    System.close(descriptor)
  }
}
