import RTCStatsCore

/// Reads one element of a webrtc-internals values array as the member a ``StatsKey`` names,
/// through ``MemberDecoder`` with the ``MemberPolicy/webrtcInternals`` policy.
///
/// webrtc-internals stores what `getStats()` gave, serialised by JavaScript: numbers,
/// booleans, strings, and objects (`qualityLimitationDurations`) either inline or as JSON
/// strings. Recent Chrome JSON-quotes some strings twice (`"\"connected\""`); the quotes
/// are stripped. A text member given as a number (`mid: 0`) becomes its digits; a numeric
/// member given as a string (`ssrc: "2927209963"`, Chrome ≤ M90) is parsed.
enum InternalsValueReader {
  // MARK: - In place (emission)

  /// Reads the element under the cursor straight into row `row`.
  @inline(__always)
  static func read(
    _ key: StatsKey, from reader: inout JSONReader, into report: inout StatsReport, row: Int,
    decoder: inout MemberDecoder
  ) throws(JSONError) {
    switch key {
    case .numeric(let field):
      if let value = try decoder.number(&reader, name: nil, policy: .webrtcInternals) {
        report.setNumber(value, field, at: row)
      }
    case .text(let field):
      if let text = try decoder.text(&reader, name: nil, policy: .webrtcInternals) {
        report.setText(text, field, at: row)
      }
    case .durations:
      let cell = try cell(key, from: &reader, decoder: &decoder)
      InternalsSeries.apply(cell, key: key, to: &report, row: row)
    default:
      try reader.skipValue()
    }
  }

  // MARK: - Decoded ahead (indexing)

  /// Reads the element under the cursor as a cell for `key`.
  static func cell(_ key: StatsKey, from reader: inout JSONReader, decoder: inout MemberDecoder)
    throws(JSONError) -> InternalsCell
  {
    switch key {
    case .numeric:
      return try decoder.number(&reader, name: nil, policy: .webrtcInternals).map { .number($0) } ?? .absent
    case .text:
      return try decoder.text(&reader, name: nil, policy: .webrtcInternals).map { .text($0) } ?? .absent
    case .durations:
      let values = try decoder.durations(&reader, name: nil, policy: .webrtcInternals)
      return .durations(none: values.none, cpu: values.cpu, bandwidth: values.bandwidth, other: values.other)
    default:
      try reader.skipValue()
      return .absent
    }
  }
}
