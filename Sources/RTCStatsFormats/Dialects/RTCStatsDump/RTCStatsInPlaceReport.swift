import RTCStatsCore

/// The last full report of one peer connection of a file format 3 dump, to which each
/// rtcstats-js delta is applied in place.
///
/// Decoding a delta straight into the previous report costs time in proportion to the delta
/// (a few changed members per object), where a separate merge would copy every member of
/// every object each poll. The rules are those of rtcstats/rtcstats `statsDecompression`:
/// a member in the delta replaces the old one, a member left out keeps its value, an object
/// left out is unchanged, `null` removes an object, and objects without their own timestamp
/// take the common one (`"t"`), except objects left out that were on their own clock.
/// Two deliberate differences from `statsDecompression`: an explicit `0`, `false` or `""`
/// replaces the old value (upstream tests `!newValue` and keeps the old one), and an
/// object's own timestamp is kept (upstream overwrites it with `"t"`), so receiver reports
/// keep their RTCP time.
///
/// Applying is retry-safe, as `StreamWindow.parseValue` needs: between ``beginDelta()`` and
/// ``finishDelta(commonTimestamp:removed:)`` every change is an overwrite or an insert by
/// id, so decoding the same bytes twice gives the same report.
struct RTCStatsInPlaceReport {
  /// The current full report.
  private(set) var report = StatsReport()
  private var index: [String: Int] = [:]
  private var indexIsValid = true
  /// Per row, for the delta being applied: 0 not in the delta, 1 in it with a timestamp,
  /// 2 in it without.
  private var mentioned: [UInt8] = []
  /// The common timestamp of the current report.
  private var commonTimestamp: Double?

  init() {}

  /// Starts applying a delta.
  mutating func beginDelta() {
    if !indexIsValid {
      index.removeAll(keepingCapacity: true)
      for row in 0..<report.count { index[report.id(at: row)] = row }
      indexIsValid = true
    }
    mentioned.removeAll(keepingCapacity: true)
    mentioned.append(contentsOf: repeatElement(0, count: report.count))
  }

  /// Reads the delta object under the cursor, filed under `key` with id `id`, into its row
  /// (a new row for a new id).
  mutating func apply(
    _ reader: inout JSONReader, key: JSONKey, id: String, decoder: inout RTCStatsRowDecoder<StatsReport>
  ) throws(JSONError) {
    let row: Int
    if let existing = index[id] {
      row = existing
    } else {
      // The live ids of a connection are bounded: a delta adds them, only `null` removes.
      guard report.count < ReaderLimits.objectsPerReport else {
        throw JSONError(.limitExceeded(ReaderLimits.tooManyObjects), at: reader.offset)
      }
      row = report.append(id: id, type: .other, typeName: "", timestamp: .nan)
      index[id] = row
      mentioned.append(0)
    }
    let decoded = try decoder.decodeMembers(&reader, key: key, into: &report, row: row)
    mentioned[row] = decoded.hadTimestamp ? 1 : 2
  }

  /// Ends the delta: timestamps, removals, types of new objects.
  mutating func finishDelta(commonTimestamp common: Double?, removed: [String]) {
    if let common {
      for row in 0..<report.count {
        switch mentioned[row] {
        case 1:
          break
        case 2:
          report.setTimestamp(common, at: row)
        default:
          // Left out: it changed nothing but, possibly, its timestamp to the common one.
          // An object on its own clock (a receiver report) keeps its time.
          let own = report.timestamp(at: row)
          if own == nil || commonTimestamp == nil || own == commonTimestamp {
            report.setTimestamp(common, at: row)
          }
        }
      }
      commonTimestamp = common
    }
    if !removed.isEmpty { remove(removed) }
    report.inferMissingTypes()
  }

  /// - Complexity: O(*n* + *m*) in the objects and the ids removed.
  private mutating func remove(_ ids: [String]) {
    let gone = Set(ids)
    var kept = StatsReport()
    for row in 0..<report.count where !gone.contains(report.id(at: row)) {
      kept.appendCopy(of: row, from: report)
    }
    report = kept
    indexIsValid = false
  }

  /// Sets the report's own time: the common timestamp, else the event time when no object
  /// has a timestamp, else none.
  mutating func stamp(commonTimestamp: Double?, eventTime: Double) {
    if let commonTimestamp {
      report.timestamp = commonTimestamp
    } else if !(0..<report.count).contains(where: { report.timestamp(at: $0) != nil }) {
      report.timestamp = eventTime
    } else {
      report.timestamp = nil
    }
  }

  /// Makes a full report the current one; `full` receives the old storage, to be reused.
  mutating func replace(with full: inout StatsReport) {
    swap(&report, &full)
    indexIsValid = false
    commonTimestamp = nil
  }

  /// Forgets everything (the peer connection was closed).
  mutating func reset() {
    report.removeAll()
    index.removeAll()
    indexIsValid = true
    mentioned.removeAll()
    commonTimestamp = nil
  }
}
