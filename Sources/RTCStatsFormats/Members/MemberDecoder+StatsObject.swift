import RTCStatsCore

extension MemberDecoder {
  /// Reads the W3C stats object under the cursor (`{"id":…,"type":…,"timestamp":…,…}`)
  /// into a new row of `report`, as getStats snapshots hold them.
  ///
  /// An object without `type` gets the type its members suggest
  /// (`StatsReport.inferredType(at:)`); one without `id` a stable synthetic id.
  ///
  /// - Parameters:
  ///   - id: The id to use when the object has none (e.g. the key of a `{id: stats}` map).
  ///   - timestamp: The timestamp to use when the object has none (ms, or NaN).
  /// - Returns: The row index.
  mutating func decodeStatsObject(
    _ reader: inout JSONReader, into report: inout StatsReport, id: String? = nil,
    timestamp: Double = .nan
  ) throws(JSONError) -> Int {
    let row = report.append(id: id ?? "", type: .other, typeName: "", timestamp: .nan)
    _ = try decodeMembers(&reader, table: MemberTables.w3c, into: &report, row: row)
    if report.timestamp(at: row) == nil, !timestamp.isNaN {
      report.setTimestamp(timestamp, at: row)
    }
    if report.typeName(at: row).isEmpty {
      report.setType(report.inferredType(at: row), name: "", at: row)
    }
    if report.id(at: row).isEmpty { report.setID(Self.syntheticID(report, row: row), at: row) }
    return row
  }

  /// A number, a numeric string or a boolean, as W3C dumps write numeric members.
  mutating func readNumber(_ reader: inout JSONReader, name: JSONKey) throws(JSONError) -> Double? {
    try number(&reader, name: name, policy: .w3c)
  }

  /// A string, or a number or boolean spelled as text, as W3C dumps write text members.
  mutating func readText(_ reader: inout JSONReader, name: JSONKey) throws(JSONError) -> String? {
    try text(&reader, name: name, policy: .w3c)
  }

  /// An id for an object that has none: its type and SSRC (`inbound-rtp ssrc 1234`), which
  /// stays the same from poll to poll, or else its position in the report.
  static func syntheticID(_ report: StatsReport, row: Int) -> String {
    let type = report.type(at: row) == .other ? report.typeName(at: row) : report.type(at: row).name
    if let ssrc = report.number(.ssrc, at: row) {
      return "\(type) ssrc \(ssrc.rounded() == ssrc && abs(ssrc) < 1e15 ? String(Int64(ssrc)) : String(ssrc))"
    }
    return "\(type) #\(row)"
  }
}
