import RTCStatsCore

// MARK: - Design
//
// A webrtc-internals dump stores every member of every stats object as its own series,
// `"<statsId>-<property>": {…, "values": "<JSON array as a string>"}`, while the engine
// wants one report per poll. The parser therefore indexes the series first and reads their
// values poll by poll afterwards, each series through its own cursor:
//
//     "OT01V55-bytesSent": {"values":"[135853,365399,572208]"}   → cursor over the document
//     "OT01V55-kind":      {"values":"[\"video\",\"video\",…]"}    → decoded runs: video ×29
//
// A values string without escapes (numbers, booleans) *is* the array text, so it is parsed
// in place, one element per poll, straight from the document: nothing is copied. A string
// with escapes (text, objects) is unescaped into a reused buffer once at indexing time and
// kept as runs of equal values, which for the near-constant text members of a stats object
// (`kind`, `codecId`, `state`) is a handful of runs.

/// One decoded value of a series whose values string had escapes.
enum InternalsCell: Equatable {
  case absent
  case number(Double)
  case text(String)
  /// `qualityLimitationDurations` (seconds; NaN where absent).
  case durations(none: Double, cpu: Double, bandwidth: Double, other: Double)
}

/// Equal consecutive values of a decoded series.
struct InternalsRun {
  var cell: InternalsCell
  var count: Int
}

/// A `"<statsId>-<property>"` series of a webrtc-internals dump that the engine reads, and
/// the cursor that reads it during emission.
struct InternalsSeries {
  /// Where the values are.
  enum Storage: Equatable {
    /// A JSON array in the document, `length` bytes from `start`, read in place.
    case document(start: Int, length: Int)
    /// Decoded values: runs `range` of the peer connection's run table.
    case runs(Range<Int>)
  }

  let key: StatsKey
  /// Number of values.
  let count: Int
  var storage: Storage
  /// Document offset and length of the series name, for error messages.
  let nameStart: Int
  let nameCount: Int
  /// The series' `startTime` and `endTime` (ms since epoch, NaN when absent).
  let startTime: Double
  let endTime: Double

  /// The object samples the first and last kept values belong to.
  var firstSample = 0
  var lastSample = Int.max
  /// Values before the first kept one, discarded.
  var skip = 0

  private var cursor = 0
  private var container = JSONContainer()
  private var isStarted = false
  private var run = 0
  private var usedInRun = 0

  init(
    key: StatsKey, count: Int, storage: Storage, nameStart: Int, nameCount: Int,
    startTime: Double, endTime: Double
  ) {
    self.key = key
    self.count = count
    self.storage = storage
    self.nameStart = nameStart
    self.nameCount = nameCount
    self.startTime = startTime
    self.endTime = endTime
  }

  // MARK: - Reading during emission

  /// Reads the next value into row `row` of `report`.
  ///
  /// - Throws: A ``JSONError`` whose offset is relative to the document.
  @inline(__always)
  mutating func readNext(
    document: UnsafePointer<UInt8>, runs: [InternalsRun], into report: inout StatsReport,
    row: Int, decoder: inout MemberDecoder
  ) throws(JSONError) {
    switch storage {
    case .runs(let range):
      if !isStarted {
        isStarted = true
        run = range.lowerBound
        try advanceRuns(by: skip, runs: runs, range: range)
      }
      guard run < range.upperBound else { throw countMismatch(at: nameStart) }
      let cell = runs[run].cell
      try advanceRuns(by: 1, runs: runs, range: range)
      Self.apply(cell, key: key, to: &report, row: row)
    case .document(let start, let length):
      var reader = JSONReader(base: document + start, count: length)
      reader.offset = cursor
      do throws(JSONError) {
        if !isStarted {
          isStarted = true
          container = try reader.beginArray()
          for _ in 0..<skip {
            guard try reader.nextElement(in: &container) else {
              throw countMismatch(at: reader.offset)
            }
            try reader.skipValue()
          }
        }
        guard try reader.nextElement(in: &container) else { throw countMismatch(at: reader.offset) }
        try InternalsValueReader.read(
          key, from: &reader, into: &report, row: row, decoder: &decoder)
        cursor = reader.offset
      } catch {
        throw JSONError(error.kind, at: error.offset + start)
      }
    }
  }

  /// Checks that a series read in place ends after its last value.
  mutating func finish(document: UnsafePointer<UInt8>) throws(JSONError) {
    guard case .document(let start, let length) = storage, isStarted else { return }
    var reader = JSONReader(base: document + start, count: length)
    reader.offset = cursor
    do throws(JSONError) {
      if try reader.nextElement(in: &container) { throw countMismatch(at: reader.offset) }
      try reader.expectEnd()
    } catch {
      throw JSONError(error.kind, at: error.offset + start)
    }
  }

  private mutating func advanceRuns(by steps: Int, runs: [InternalsRun], range: Range<Int>)
    throws(JSONError)
  {
    var remaining = steps
    while remaining > 0 {
      guard run < range.upperBound else { throw countMismatch(at: nameStart) }
      let step = min(remaining, runs[run].count - usedInRun)
      guard step > 0 else { throw countMismatch(at: nameStart) }
      usedInRun += step
      remaining -= step
      if usedInRun == runs[run].count {
        run += 1
        usedInRun = 0
      }
    }
  }

  private func countMismatch(at offset: Int) -> JSONError {
    JSONError(.typeMismatch(expected: "\(count) values", found: "a different number"), at: offset)
  }

  /// Stores a decoded value into a row.
  @inline(__always)
  static func apply(_ cell: InternalsCell, key: StatsKey, to report: inout StatsReport, row: Int) {
    switch (key, cell) {
    case (.numeric(let field), .number(let value)):
      report.setNumber(value, field, at: row)
    case (.text(let field), .text(let value)):
      report.setText(value, field, at: row)
    case (
      .durations(let noneField, let cpuField, let bandwidthField, let otherField),
      .durations(let none, let cpu, let bandwidth, let other)
    ):
      report.setNumber(none, noneField, at: row)
      report.setNumber(cpu, cpuField, at: row)
      report.setNumber(bandwidth, bandwidthField, at: row)
      report.setNumber(other, otherField, at: row)
    default:
      break
    }
  }
}
