import RTCStatsReport

/// The demo reports `make browser-test` renders, by file name.
enum DemoReports {
  /// Every demo: a 3-minute call, the same with hostile names, a 30-minute call, and the
  /// edge cases (empty and one-point series, no time at all, negative values).
  static var all: [(name: String, document: ReportDocument)] {
    [
      ("call", DemoCall(timeline: DemoTimeline(seconds: 180), names: .ordinary).document()),
      ("hostile", DemoCall(timeline: DemoTimeline(seconds: 180), names: .hostile).document()),
      ("long-call", longCall),
      ("edge-cases", DemoEdgeCases.document()),
    ]
  }

  /// A 30-minute call polled every second.
  static var longCall: ReportDocument {
    DemoCall(timeline: DemoTimeline(seconds: 1800), names: .ordinary).document()
  }
}
