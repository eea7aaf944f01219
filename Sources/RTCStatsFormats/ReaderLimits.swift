/// The limits that keep the reader's memory bounded on hostile or broken dumps, each with
/// the clear error past it.
///
/// | limit | value | past it |
/// |---|---|---|
/// | stats objects in one report | ``objectsPerReport`` (65,536) | exit 65: `a report holds more than 65536 stats objects …` |
/// | live ids of a delta-compressed connection (rtcstats dumps) | ``objectsPerReport`` | the same error |
/// | stats objects logged one per line before an id repeats | ``objectsPerReport`` | the same error |
/// | distinct strings interned (ids, text values) | `StringInterner.capacityLimit` (65,536) | later strings are built per use, not kept |
/// | one JSON value (a line, a snapshot) | `StreamWindow.defaultMaximumSize` (128 MB) | exit 65: `a single JSON value is larger than 128 MB` |
/// | nesting | `JSONReader.defaultMaxDepth` (512) | exit 65 |
///
/// Real reports hold tens to a few thousand objects (a 50-participant SFU call: about 1500),
/// so the object limit is far above any real dump and far below what exhausts memory.
public enum ReaderLimits {
  /// The most stats objects one report may hold.
  public static let objectsPerReport = 1 << 16

  /// The error past ``objectsPerReport``.
  static var tooManyObjects: String {
    "a report holds more than \(objectsPerReport) stats objects; rtcstats reads at most that many per report"
  }
}
