import RTCStatsCore

extension AnalysisJSONEncoder {
  /// `findings: [{code, severity, message, peerConnection, track, start, end, evidence, threshold}]`.
  static func encode(findings: [Diagnostic], into writer: inout JSONWriter) {
    writer.key("findings")
    writer.beginArray()
    for finding in findings {
      writer.beginObject()
      writer.member("code", finding.code.rawValue)
      writer.member("severity", finding.severity.rawValue)
      writer.member("message", DiagnosticText.message(finding))
      writer.member("peerConnection", finding.peerConnection)
      writer.key("track")
      if let track = finding.track { encode(track, into: &writer) } else { writer.null() }
      writer.member("start", finding.start)
      writer.member("end", finding.end)
      writer.key("evidence")
      encode(finding.evidence, into: &writer)
      writer.key("threshold")
      encode(finding.threshold, into: &writer)
      writer.endObject()
    }
    writer.endArray()
  }

  /// `networkCondition: {grade, reason, degradationSource, evidence, timeShare, timeline, send, receive}`.
  static func encode(condition: NetworkCondition?, into writer: inout JSONWriter) {
    writer.key("networkCondition")
    guard let condition else { return writer.null() }
    writer.beginObject()
    encodeMembers(of: condition.overall, into: &writer)
    writer.key("send")
    writer.beginObject()
    encodeMembers(of: condition.send, into: &writer)
    writer.endObject()
    writer.key("receive")
    writer.beginObject()
    encodeMembers(of: condition.receive, into: &writer)
    writer.endObject()
    writer.endObject()
  }

  private static func encodeMembers(of summary: NetworkConditionSummary, into writer: inout JSONWriter) {
    writer.member("grade", summary.grade.rawValue)
    writer.member("reason", summary.reason.rawValue)
    writer.member("degradationSource", summary.degradationSource.rawValue)
    writer.key("evidence")
    encode(summary.evidence, into: &writer)
    writer.key("timeShare")
    writer.beginObject()
    for grade in NetworkGrade.allCases {
      writer.key(grade.rawValue)
      writer.number((summary.timeShare[grade] * 100).rounded() / 100)
    }
    writer.endObject()
    writer.key("timeline")
    writer.beginArray()
    for run in summary.timeline {
      writer.beginObject()
      writer.member("start", run.start)
      writer.member("end", run.end)
      writer.member("grade", run.grade.rawValue)
      writer.member("reason", run.reason.rawValue)
      writer.endObject()
    }
    writer.endArray()
  }

  /// `mos: {model, mean, p50, p95, min, max, inputs{roundTripTime, jitter, packetLossPercent}, scoredIntervals, unknownIntervals, intervals[]}`.
  func encode(mos: MOSSummary?, place: IntervalSeries.Place, into writer: inout JSONWriter) {
    writer.key("mos")
    guard let mos else { return writer.null() }
    writer.beginObject()
    writer.member("model", MOSSummary.model)
    writer.member("mean", mos.mos?.mean)
    writer.member("p50", mos.mos?.p50)
    writer.member("p95", mos.mos?.p95)
    writer.member("min", mos.mos?.min)
    writer.member("max", mos.mos?.max)
    writer.key("inputs")
    writer.beginObject()
    Self.member("roundTripTime", mos.roundTripTime, into: &writer)
    Self.member("jitter", mos.jitter, into: &writer)
    Self.member("packetLossPercent", mos.packetLossPercent, into: &writer)
    writer.endObject()
    writer.member("scoredIntervals", mos.scoredIntervals)
    writer.member("unknownIntervals", mos.unknownIntervals)
    if includeIntervals {
      encodeIntervals(place, into: &writer) { .mos(mos.intervals, place: place) }
    }
    writer.endObject()
  }
}
