import Synchronization

/// What the decoders of finished dumps learned (``MemberDecoder/Learned``: interned strings
/// and member-name predictions), kept for the next dumps the process reads.
///
/// A folder of tickets is a thousand small dumps written by the same browsers: their member
/// names, types and most text values are the same from file to file. A fresh decoder per
/// file scanned, hashed and looked up every name of its first polls again and allocated its
/// tables (some 100 KB, zeroed) again: with one or a few polls per file that was a good part
/// of the per-file cost. A parser takes what an earlier dump's decoder learned when it
/// starts (``take()``) and gives back what it learned when it finishes (``give(_:)``).
///
/// Nothing a decoder reads depends on it: an interned string equals the one built from the
/// bytes, and a prediction is checked against the bytes before it is used. Memory is bounded:
/// at most ``maximumKept`` states are kept (one per thread that parses at once), and a state
/// that grew past ``maximumStrings`` strings or half the catalog is dropped, not kept.
final class LearnedStore: Sendable {
  /// The store of the dumps ``DumpReader`` reads.
  static let shared = LearnedStore()

  /// States kept at most (more threads than this seldom parse at once).
  static let maximumKept = 8
  /// The most interned strings a kept state may hold.
  static let maximumStrings = 8192

  private let kept = Mutex<[MemberDecoder.Learned]>([])

  /// What a finished dump's decoder learned, if one is kept; it is no longer kept.
  func take() -> MemberDecoder.Learned? {
    kept.withLock { $0.popLast() }
  }

  /// Keeps `learned` for the next dump, unless it is too large or enough are kept.
  func give(_ learned: consuming MemberDecoder.Learned) {
    guard learned.isWorthKeeping else { return }
    kept.withLock { [learned] in
      if $0.count < Self.maximumKept { $0.append(learned) }
    }
  }

  /// How many states are kept.
  var count: Int { kept.withLock { $0.count } }
}
