import RTCStatsCore

/// One value of a flat row (``FlatRow``).
enum FlatValue: Sendable {
  case string(String?)
  case integer(Int?)
  case number(Double?)
  case bool(Bool?)
  /// A finding's evidence or threshold: an object in NDJSON, its compact JSON in CSV.
  case evidence(Evidence)
}

/// One line of `analyze --per`: named values in the fixed order of its kind's
/// ``FlatRows/columns(of:)``, every column present (`null` when it does not apply), so that
/// jq, DuckDB and spreadsheets see one table per kind.
struct FlatRow: Sendable {
  /// The kind of row, the value of its `row` member: `file`, `track`, `interval`, `finding`,
  /// or `error` and `skipped` for files that were not analysed.
  var kind: String
  var names: [String] = []
  var values: [FlatValue] = []

  init(kind: String, path: String, format: String?, peerConnection: String?) {
    self.kind = kind
    append("schemaVersion", .integer(AnalysisJSONEncoder.schemaVersion))
    append("row", .string(kind))
    append("path", .string(path))
    append("format", .string(format))
    append("peerConnection", .string(peerConnection))
  }

  mutating func append(_ name: String, _ value: FlatValue) {
    names.append(name)
    values.append(value)
  }

  /// A call-level figure as columns: a distribution as `name` (its mean), `nameP95` and
  /// `nameMax`; a count or a number as `name`.
  mutating func append(_ name: String, summary value: SummaryValue?, isDistribution: Bool) {
    guard isDistribution else {
      switch value {
      case .integer(let count): append(name, .integer(count))
      case .number(let number): append(name, .number(number))
      case .distribution(let distribution): append(name, .number(distribution.mean))
      case nil: append(name, .number(nil))
      }
      return
    }
    let distribution = value?.distribution
    append(name, .number(distribution?.mean))
    append(name + "P95", .number(distribution?.p95))
    append(name + "Max", .number(distribution?.max))
  }

  /// The row as one JSON line.
  func writeJSON(into writer: inout JSONWriter) {
    writer.beginObject()
    for index in names.indices {
      writer.key(names[index])
      switch values[index] {
      case .string(let value): writer.string(value)
      case .integer(let value): writer.integer(value)
      case .number(let value): writer.number(value)
      case .bool(let value): writer.bool(value)
      case .evidence(let evidence): AnalysisJSONEncoder.encode(evidence, into: &writer)
      }
    }
    writer.endObject()
    writer.endLine()
  }

  private static func compactJSON(_ evidence: Evidence) -> String {
    var writer = JSONWriter(capacity: 256)
    AnalysisJSONEncoder.encode(evidence, into: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The row's cells for CSV, in column order: numbers as JSON writes them, evidence as
  /// compact JSON, `null` as an empty cell.
  var csvCells: [String] {
    values.map { value in
      switch value {
      case .string(let text): text ?? ""
      case .integer(let count): count.map { String($0) } ?? ""
      case .number(let number): number.map { JSONWriter.format($0, fractionDigits: 3) } ?? ""
      case .bool(let flag): flag.map { $0 ? "true" : "false" } ?? ""
      case .evidence(let evidence):
        Self.compactJSON(evidence)
      }
    }
  }
}
