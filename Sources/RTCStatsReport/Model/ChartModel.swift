public import RTCStatsCore

/// A time-series chart: series of one unit over the section's time axis, with shaded
/// intervals and finding markers.
///
/// The renderer draws every series it is given — downsampled to the pixel width, min and
/// max per pixel column so peaks survive — and a missing value as a break in the line.
/// A chart whose series hold no value is not drawn; the page says "no data" instead.
public struct ChartModel: Sendable, Hashable {
  /// The anchor of the chart (findings link to the chart that shows their evidence).
  public var id: AnchorID
  /// The heading, for example `Bitrate`.
  public var title: String
  /// The unit of every series, which sets the value ticks (`500 kbps`, `120 ms`).
  public var unit: ValueUnit
  /// The series, drawn in order and coloured by position (eight colours, then again).
  public var series: [SeriesModel]
  /// Intervals shaded behind the series (freezes, pauses).
  public var intervals: [ShadedInterval]
  /// Markers on the time axis, each linking to a finding.
  public var markers: [ChartMarker]
  /// The value range to show; `nil` means from zero (or the lowest value, when negative)
  /// to a round number above the highest value.
  public var valueRange: ClosedRange<Double>?

  /// Creates a chart.
  public init(
    id: AnchorID, title: String, unit: ValueUnit, series: [SeriesModel],
    intervals: [ShadedInterval] = [], markers: [ChartMarker] = [],
    valueRange: ClosedRange<Double>? = nil
  ) {
    self.id = id
    self.title = title
    self.unit = unit
    self.series = series
    self.intervals = intervals
    self.markers = markers
    self.valueRange = valueRange
  }

  /// Whether any series has a finite value to draw.
  public var hasData: Bool {
    series.contains { $0.points.contains { $0.value?.isFinite ?? false } }
  }

  /// Whether any series has a finite value within `range`.
  func hasData(in range: TimeRange) -> Bool {
    series.contains { series in
      series.points.contains { point in
        (point.value?.isFinite ?? false) && point.time >= range.start && point.time <= range.end
      }
    }
  }

  /// The range the chart's points, intervals and markers span, or `nil`.
  var contentTimeRange: TimeRange? {
    let times =
      series.lazy.flatMap { $0.points.lazy.map(\.time) }
      + intervals.flatMap { [$0.start, $0.end] } + markers.flatMap { [$0.time, $0.end ?? $0.time] }
    return TimeRange.enclosing(times)
  }
}

/// One line of a chart.
public struct SeriesModel: Sendable, Hashable {
  /// How the points are joined.
  public enum Shape: String, Sendable, Hashable {
    /// Straight lines between neighbouring points.
    case line
    /// Each value held until the next point's time, then a vertical step (resolution,
    /// layer count): a value changes at a moment, it does not slide.
    case step
  }

  /// The legend label, for example `bitrate` or `layer h`.
  public var label: String
  /// How the points are joined.
  public var shape: Shape
  /// Whether the line is dashed (a secondary figure beside a primary one, for example totalBitrate).
  public var isDashed: Bool
  /// The points in time order.
  ///
  /// A point without a value is a gap: the line stops at the
  /// point before it and starts again at the point after it.
  public var points: [SeriesPoint]

  /// Creates a series.
  public init(label: String, shape: Shape = .line, isDashed: Bool = false, points: [SeriesPoint]) {
    self.label = label
    self.shape = shape
    self.isDashed = isDashed
    self.points = points
  }
}

/// A value at a time; `nil` (or a non-finite value) is a gap in the series.
public struct SeriesPoint: Sendable, Hashable {
  /// ms since the epoch.
  public var time: Double
  /// The value in the chart's unit, or `nil` for no value.
  public var value: Double?

  /// Creates a point.
  public init(time: Double, value: Double?) {
    self.time = time
    self.value = value
  }
}

/// A shaded interval behind a chart's series: a freeze, a pause, an outage.
public struct ShadedInterval: Sendable, Hashable {
  /// What the interval is; it sets the shade and the legend entry.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Frozen video, a paused (muted) track, no media at all, anything else.
    case freeze, pause, outage, other
    /// Where a call link lost quality (the legend says `quality lost`; the tooltip the segment).
    case degradation

    /// The legend entry.
    var legendLabel: String { self == .degradation ? "quality lost" : rawValue }
  }

  /// The start, ms since the epoch.
  public var start: Double
  /// The end, ms since the epoch.
  public var end: Double
  /// What the interval is.
  public var kind: Kind
  /// The tooltip, for example `freeze 1.2 s`.
  public var label: String

  /// Creates an interval; the ends are swapped when given the wrong way round.
  public init(start: Double, end: Double, kind: Kind, label: String) {
    self.start = min(start, end)
    self.end = max(start, end)
    self.kind = kind
    self.label = label
  }
}

/// A finding marked on a chart's time axis, linking to the finding in the list.
public struct ChartMarker: Sendable, Hashable {
  /// When the finding starts, ms since the epoch.
  public var time: Double
  /// When it ends, if it spans a time; drawn as a bar along the top of the plot.
  public var end: Double?
  /// The finding's severity; it sets the colour.
  public var severity: Severity
  /// The tooltip, for example the finding's message.
  public var label: String
  /// The finding's anchor.
  public var target: AnchorID

  /// Creates a marker.
  public init(time: Double, end: Double? = nil, severity: Severity, label: String, target: AnchorID) {
    self.time = time
    self.end = end
    self.severity = severity
    self.label = label
    self.target = target
  }
}
