import RTCStatsCore

/// The classes that colour a chart's series by position; the colours themselves are in the
/// page's style sheet, one set for light and one for dark mode.
enum SeriesPalette {
  /// Eight classes, `s0`…`s7`; the ninth series takes the first colour again.
  static let classes: [StaticString] = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"]

  /// The class of the series at `index`.
  static func colourClass(_ index: Int) -> StaticString {
    classes[index % classes.count]
  }

  /// The class of a severity (badges, markers): `sev-info`, `sev-warning`, `sev-critical`.
  static func severityClass(_ severity: Severity) -> StaticString {
    switch severity {
    case .info: "sev-info"
    case .warning: "sev-warning"
    case .critical: "sev-critical"
    }
  }

  /// The class of a band level: `lvl-excellent` … `lvl-unknown`.
  static func levelClass(_ level: BandLevel) -> StaticString {
    switch level {
    case .excellent: "lvl-excellent"
    case .good: "lvl-good"
    case .fair: "lvl-fair"
    case .warning: "lvl-warning"
    case .critical: "lvl-critical"
    case .unknown: "lvl-unknown"
    }
  }

  /// The class of a shaded interval: `shade-freeze` … `shade-other`.
  static func shadeClass(_ kind: ShadedInterval.Kind) -> StaticString {
    switch kind {
    case .freeze: "shade-freeze"
    case .pause: "shade-pause"
    case .outage: "shade-outage"
    case .other: "shade-other"
    case .degradation: "shade-degradation"
    }
  }
}
