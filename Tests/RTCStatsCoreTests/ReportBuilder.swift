import RTCStatsCore

/// Builds reports in code for engine tests.
struct ReportBuilder {
  var report = StatsReport()

  @discardableResult
  mutating func add(
    _ type: StatsType, id: String, at timestamp: Double, numbers: [NumericField: Double] = [:],
    texts: [TextField: String] = [:]
  ) -> ReportBuilder {
    let row = report.append(id: id, type: type, typeName: type.name, timestamp: timestamp)
    for (field, value) in numbers { report.setNumber(value, field, at: row) }
    for (field, value) in texts { report.setText(value, field, at: row) }
    return self
  }

  static func inboundVideo(
    at time: Double, bytes: Double, packets: Double, lost: Double = 0, frames: Double = 0,
    ssrc: Double = 1, id: String = "IT01V1"
  ) -> StatsReport {
    var builder = ReportBuilder()
    builder.add(
      .inboundRTP, id: id, at: time,
      numbers: [
        .ssrc: ssrc, .bytesReceived: bytes, .packetsReceived: packets, .packetsLost: lost,
        .framesDecoded: frames, .headerBytesReceived: packets * 12,
      ],
      texts: [.kind: "video", .trackIdentifier: "track-1"])
    return builder.report
  }
}
