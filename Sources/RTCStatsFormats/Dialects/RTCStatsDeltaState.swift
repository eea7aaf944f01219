import RTCStatsCore

// MARK: - Design
//
// rtcstats clients send a getStats report as a *delta* against the previous report of the
// same peer connection: members equal to the previous value are left out, and so are whole
// objects in some variants. `RTCStatsDeltaState` keeps the last full report of one
// connection (the *base*) and completes each delta into a full report:
//
//     base   {A: {bytes 10, fps 30}, B: {rtt 0.02}}
//     delta  {A: {bytes 25}, C: {kind "audio"}, "t": 2000}      (rtcstats file format 3)
//     full   {A: {bytes 25, fps 30, t 2000}, B: {rtt 0.02, t 2000}, C: {kind "audio", t 2000}}
//
// The two dialects differ in what an object missing from the delta means and in how the
// common timestamp is written (see ``RTCStatsDeltaRules``). The merge works on any column
// store that conforms to ``RTCStatsRows``: W3C reports (`StatsReport`) and legacy goog
// reports (`LegacyGoogStatsReport`) use the same code.
//
// Memory: the base holds one report per connection; the merged report is built in the
// parser's scratch buffer and then swapped with the base, so no report is copied as a whole.

/// A column store of stats objects the delta decompression can merge.
protocol RTCStatsRows {
  /// The number of objects.
  var count: Int { get }
  /// Removes every object, keeping the storage.
  mutating func removeAll()
  /// The id of object `index`.
  func id(at index: Int) -> String
  /// The timestamp of object `index` (ms since epoch), `nil` when absent.
  func timestamp(at index: Int) -> Double?
  /// Sets the timestamp of object `index`.
  mutating func setTimestamp(_ timestamp: Double, at index: Int)
  /// Whether object `index` carries its `type`.
  func hasType(at index: Int) -> Bool
  /// Copies every member object `index` lacks (timestamp and type included) from `base`.
  mutating func fillMissing(at index: Int, from base: Self, at baseIndex: Int)
  /// Appends a copy of object `index` of `other`.
  @discardableResult
  mutating func appendCopy(of index: Int, from other: Self) -> Int
  /// Replaces object `index` with a copy of object `otherIndex` of `other`.
  mutating func replace(at index: Int, withCopyOf otherIndex: Int, from other: Self)
}

extension StatsReport: RTCStatsRows {
  func hasType(at index: Int) -> Bool {
    type(at: index) != .other || !typeName(at: index).isEmpty
  }
}

/// How a dialect's getStats deltas are to be completed.
struct RTCStatsDeltaRules {
  /// What an object of the base that the delta does not mention means.
  enum AbsentObjects {
    /// Unchanged: keep it (rtcstats file format 3, fippo rtcstats).
    case carry
    /// Gone: drop it (jitsi rtcstats-server, whose client lists every live id, unchanged
    /// ones as `{"timestamp":0}`).
    case remove
  }

  /// What an object of the base that the delta does not mention means.
  var absentObjects: AbsentObjects
  /// rtcstats file format 3: an object without timestamp (in the delta or carried over)
  /// takes the common timestamp `"t"`. Otherwise (jitsi) a timestamp of `0` means the
  /// common timestamp and a missing one keeps the base's.
  var missingTimestampIsCommon: Bool

  /// rtcstats/rtcstats `statsDecompression` (file format 3).
  static let fileFormat3 = RTCStatsDeltaRules(absentObjects: .carry, missingTimestampIsCommon: true)
  /// jitsi/rtcstats-server `getstats-deltacompression.js`.
  static let jitsi = RTCStatsDeltaRules(absentObjects: .remove, missingTimestampIsCommon: false)
}

/// The last full report of one peer connection, and the merge of the next delta into it.
struct RTCStatsDeltaState<Rows: RTCStatsRows> {
  /// The last full report.
  private(set) var base: Rows
  private var index: [String: Int] = [:]
  private var seen: [Bool] = []
  /// jitsi rules: objects dropped from the base, kept in case a later delta mentions the id
  /// again without its `type` (a client that leaves unchanged objects out instead of listing
  /// them), so that the delta still has something to merge with.
  private var graveyard: Rows
  private var graveyardIndex: [String: Int] = [:]
  /// Set once a delta brought back a dropped object: from then on absent objects are kept.
  private(set) var keepsAbsentObjects = false
  /// The common timestamp of the base report.
  private var baseCommonTimestamp: Double?

  init(empty: Rows) {
    base = empty
    graveyard = empty
  }

  /// Whether the state holds no report yet.
  var isEmpty: Bool { base.count == 0 }

  /// Completes `delta` into a full report, in place.
  ///
  /// - Parameters:
  ///   - delta: The decoded delta; on return the full report. Call ``commit(_:)`` after
  ///     using it.
  ///   - removed: Ids the delta marks as gone (`null` in file format 3).
  ///   - commonTimestamp: The report's common timestamp (`"t"` or top-level `timestamp`).
  ///   - rules: The dialect's rules.
  /// - Complexity: O(*n*) in the number of objects of the base and the delta.
  mutating func merge(
    into delta: inout Rows, removed: [String], commonTimestamp: Double?, rules: RTCStatsDeltaRules
  ) {
    seen.removeAll(keepingCapacity: true)
    seen.append(contentsOf: repeatElement(false, count: base.count))
    for row in 0..<delta.count {
      let id = delta.id(at: row)
      if let commonTimestamp {
        if rules.missingTimestampIsCommon {
          if delta.timestamp(at: row) == nil { delta.setTimestamp(commonTimestamp, at: row) }
        } else if delta.timestamp(at: row) == 0 {
          delta.setTimestamp(commonTimestamp, at: row)
        }
      }
      if let baseRow = index[id] {
        seen[baseRow] = true
        delta.fillMissing(at: row, from: base, at: baseRow)
      } else if !delta.hasType(at: row), let buried = graveyardIndex[id] {
        // The client left the object out of an earlier delta because it had not changed.
        keepsAbsentObjects = true
        delta.fillMissing(at: row, from: graveyard, at: buried)
      }
    }
    let carry = rules.absentObjects == .carry || keepsAbsentObjects
    for baseRow in 0..<base.count where !seen[baseRow] {
      let id = base.id(at: baseRow)
      if !removed.isEmpty, removed.contains(id) { continue }
      if carry {
        let row = delta.appendCopy(of: baseRow, from: base)
        // An object left out entirely changed nothing but, possibly, its timestamp to the
        // common one. Objects that followed the report time move on with it; an object on
        // its own clock (a receiver report with an older RTCP time) keeps its time, or an
        // unchanged report would look like a new one.
        if rules.missingTimestampIsCommon, let commonTimestamp {
          let own = base.timestamp(at: baseRow)
          if own == nil || baseCommonTimestamp == nil || own == baseCommonTimestamp {
            delta.setTimestamp(commonTimestamp, at: row)
          }
        }
      } else if let buried = graveyardIndex[id] {
        graveyard.replace(at: buried, withCopyOf: baseRow, from: base)
      } else {
        graveyardIndex[id] = graveyard.appendCopy(of: baseRow, from: base)
      }
    }
    baseCommonTimestamp = commonTimestamp
  }

  /// Makes `merged` (the result of ``merge(into:removed:commonTimestamp:rules:)``, or a full
  /// report) the new base; `merged` receives the old base's storage, to be reused.
  ///
  /// - Parameter isFull: Whether `merged` is a full report that was not merged.
  mutating func commit(_ merged: inout Rows, isFull: Bool = false) {
    if isFull { baseCommonTimestamp = nil }
    swap(&base, &merged)
    index.removeAll(keepingCapacity: true)
    for row in 0..<base.count { index[base.id(at: row)] = row }
  }

  /// Forgets everything (the peer connection was closed).
  mutating func reset() {
    base.removeAll()
    graveyard.removeAll()
    index.removeAll()
    graveyardIndex.removeAll()
    seen.removeAll()
    baseCommonTimestamp = nil
  }
}
