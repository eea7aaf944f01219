import RTCStatsCore

// MARK: - Design
//
// Legacy rtcstats clients (fippo, jitsi) send a getStats report as a *delta* against the
// previous report of the same peer connection: members equal to the previous value are
// left out, every report's newest timestamp moves to a top-level `timestamp`, and objects
// carrying it get `timestamp: 0`. `RTCStatsDeltaState` keeps the last full report of one
// connection (the *base*) and completes each delta into a full report (jitsi
// `getstats-deltacompression.js`):
//
//     base   {A: {bytes 10, fps 30, ts 1000}, B: {rtt 0.02, ts 900}}
//     delta  {A: {bytes 25, timestamp 0}, C: {kind "audio", timestamp 0}, "timestamp": 2000}
//     full   {A: {bytes 25, fps 30, ts 2000}, C: {kind "audio", ts 2000}}     (B is gone)
//
// jitsi's client lists every live id (unchanged ones as `{"timestamp":0}`), so an id the
// delta leaves out is gone. The older fippo client leaves unchanged objects out instead; the
// state notices when such an object comes back without its `type` and from then on keeps
// absent objects. The merge works on any column store that conforms to ``RTCStatsRows``:
// W3C reports (`StatsReport`) and legacy goog reports (`LegacyGoogStatsReport`).
//
// Memory: the base holds one report per connection; the merged report is built in the
// parser's scratch buffer and then swapped with the base, so no report is copied as a whole.
// (File format 3 deltas are applied in place instead, see ``RTCStatsInPlaceReport``.)

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

/// The last full report of one peer connection, and the merge of the next delta into it.
struct RTCStatsDeltaState<Rows: RTCStatsRows> {
  /// The last full report.
  private(set) var base: Rows
  private var index: [String: Int] = [:]
  private var seen: [Bool] = []
  /// Objects dropped from the base, kept in case a later delta mentions the id again without
  /// its `type` (a client that leaves unchanged objects out instead of listing them), so that
  /// the delta still has something to merge with.
  private var graveyard: Rows
  private var graveyardIndex: [String: Int] = [:]
  /// Set once a delta brought back a dropped object: from then on absent objects are kept.
  private(set) var keepsAbsentObjects = false

  init(empty: Rows) {
    base = empty
    graveyard = empty
  }

  /// Whether the state holds no report yet.
  var isEmpty: Bool { base.count == 0 }
  /// The objects of the last full report: the connection's live ids.
  var liveCount: Int { base.count }

  /// Completes `delta` into a full report, in place.
  ///
  /// - Parameters:
  ///   - delta: The decoded delta; on return the full report. Call ``commit(_:)`` after
  ///     using it.
  ///   - removed: Ids the delta marks as gone (`null`).
  ///   - commonTimestamp: The report's top-level `timestamp`, which objects with
  ///     `timestamp: 0` take; an object without timestamp keeps its previous one.
  /// - Complexity: O(*n*) in the number of objects of the base and the delta.
  mutating func merge(into delta: inout Rows, removed: [String], commonTimestamp: Double?) {
    seen.removeAll(keepingCapacity: true)
    seen.append(contentsOf: repeatElement(false, count: base.count))
    for row in 0..<delta.count {
      let id = delta.id(at: row)
      if let commonTimestamp, delta.timestamp(at: row) == 0 {
        delta.setTimestamp(commonTimestamp, at: row)
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
    let gone = Set(removed)
    for baseRow in 0..<base.count where !seen[baseRow] {
      let id = base.id(at: baseRow)
      if !gone.isEmpty, gone.contains(id) { continue }
      if keepsAbsentObjects {
        delta.appendCopy(of: baseRow, from: base)
      } else if let buried = graveyardIndex[id] {
        graveyard.replace(at: buried, withCopyOf: baseRow, from: base)
      } else {
        if graveyard.count >= ReaderLimits.objectsPerReport {
          // Ids come and go (a hostile or very long dump): forget the oldest dead objects.
          graveyard.removeAll()
          graveyardIndex.removeAll(keepingCapacity: true)
        }
        graveyardIndex[id] = graveyard.appendCopy(of: baseRow, from: base)
      }
    }
  }

  /// Makes `merged` (the result of ``merge(into:removed:commonTimestamp:)``, or a full
  /// report) the new base; `merged` receives the old base's storage, to be reused.
  mutating func commit(_ merged: inout Rows) {
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
  }
}
