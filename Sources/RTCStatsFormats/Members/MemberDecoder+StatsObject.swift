import RTCStatsCore

extension MemberDecoder {
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
