/// The unit of a metric's values (the Vonage/OpenTok high-level stats units).
public enum MetricUnit: String, Sendable, Hashable, CaseIterable {
  /// Bits per second.
  case bitsPerSecond = "bps"
  /// Milliseconds.
  case milliseconds = "ms"
  /// Percent, 0–100.
  case percent = "%"
  /// Frames per second.
  case framesPerSecond = "fps"
  /// Pixels.
  case pixels = "px"
  /// A count (packets, frames, events).
  case count = "count"
  /// A linear level, 0–1.
  case level = "0–1"
  /// A name from a fixed set (a `qualityLimitationReason`).
  case reason = "reason"
}

/// Which tracks a metric describes: the tracks of any of its directions and any of its kinds.
///
/// Stored as two bit masks (bit 0 inbound/audio, bit 1 outbound/video), so that
/// ``contains(direction:kind:)`` — asked per metric and track when a file's summary is
/// assembled — is two bit tests, not two hashed set look-ups.
public struct MetricScope: Sendable, Hashable {
  private var directionBits: UInt8
  private var kindBits: UInt8

  /// The directions it applies to.
  public var directions: Set<Direction> {
    get { Set([Direction.inbound, .outbound].filter { directionBits & Self.bit($0) != 0 }) }
    set { directionBits = newValue.reduce(0) { $0 | Self.bit($1) } }
  }

  /// The kinds it applies to.
  public var kinds: Set<MediaKind> {
    get { Set([MediaKind.audio, .video].filter { kindBits & Self.bit($0) != 0 }) }
    set { kindBits = newValue.reduce(0) { $0 | Self.bit($1) } }
  }

  /// Creates a scope.
  public init(directions: Set<Direction>, kinds: Set<MediaKind>) {
    directionBits = directions.reduce(0) { $0 | Self.bit($1) }
    kindBits = kinds.reduce(0) { $0 | Self.bit($1) }
  }

  /// Whether a track of `direction` and `kind` has the metric.
  @inline(__always)
  public func contains(direction: Direction, kind: MediaKind) -> Bool {
    directionBits & Self.bit(direction) != 0 && kindBits & Self.bit(kind) != 0
  }

  @inline(__always)
  private static func bit(_ direction: Direction) -> UInt8 { direction == .inbound ? 1 : 2 }

  @inline(__always)
  private static func bit(_ kind: MediaKind) -> UInt8 { kind == .audio ? 1 : 2 }

  /// Every track.
  public static let all = MetricScope(directions: [.inbound, .outbound], kinds: [.audio, .video])
  /// Received tracks.
  public static let inbound = MetricScope(directions: [.inbound], kinds: [.audio, .video])
  /// Sent tracks.
  public static let outbound = MetricScope(directions: [.outbound], kinds: [.audio, .video])
  /// Video, both directions.
  public static let video = MetricScope(directions: [.inbound, .outbound], kinds: [.video])
  /// Audio, both directions.
  public static let audio = MetricScope(directions: [.inbound, .outbound], kinds: [.audio])
  /// Received video.
  public static let inboundVideo = MetricScope(directions: [.inbound], kinds: [.video])
  /// Received audio.
  public static let inboundAudio = MetricScope(directions: [.inbound], kinds: [.audio])
  /// Sent video.
  public static let outboundVideo = MetricScope(directions: [.outbound], kinds: [.video])

  /// `inbound video`, `all`, … for documentation.
  public var label: String {
    let direction = directions.count == 2 ? "" : (directions.first?.rawValue ?? "")
    let kind = kinds.count == 2 ? "" : (kinds.first?.rawValue ?? "")
    let words = [direction, kind].filter { !$0.isEmpty }
    return words.isEmpty ? "all" : words.joined(separator: " ")
  }
}

/// How a track's per-interval figure combines the figures of its streams (simulcast layers,
/// or the successive `inbound-rtp` objects of one received track) at one poll.
public enum LayerMerge: String, Sendable, Hashable {
  /// Added up (bitrates, counts).
  case sum
  /// The largest (loss, jitter, RTT: the worst layer).
  case maximum
  /// The value of the layer with the largest frame height (frame rate, resolution).
  case largestLayer
  /// The value of the first stream that has the interval.
  case first
}

/// How precisely per-interval figures are kept.
public enum MetricPrecision: Sendable, Hashable {
  /// Rounded to single precision (7 significant digits), as the interval series always was.
  case single
  /// Full double precision.
  case double
}

/// A figure rtcstats computes, described once: its name and unit, the W3C members it reads,
/// its definition, how it is measured per interval, merged across layers and summarised.
///
/// The descriptor drives the interval rows of the ``Timeline``, the summaries of
/// ``TrackAnalysis`` and ``LayerAnalysis``, the JSON, CSV and table columns and the metrics
/// table in README. Every metric lives in its own file under `Metrics/Definitions/` and is
/// listed once in ``MetricRegistry``. Descriptors are shared, immutable objects.
public final class MetricDescriptor: Sendable, Identifiable {
  /// The JSON name, in summaries and interval rows (`bitrate`).
  public let name: String
  /// The name in a layer's summary when it differs (`encodedFrameRate`).
  public let layerName: String?
  /// The unit of the values.
  public let unit: MetricUnit
  /// The W3C members read, as `type.member` or `member`.
  public let inputs: [String]
  /// The definition, as written in README.
  public let formula: String
  /// Which tracks have the metric in their summary.
  public let scope: MetricScope
  /// How the track's figure at one poll combines its layers'.
  public let merge: LayerMerge
  /// How the call-level figure is computed.
  public let summary: SummaryRule
  /// How precisely interval figures are kept.
  public let precision: MetricPrecision
  /// Whether CSV has a column for the summary.
  public let isCSVColumn: Bool
  /// The per-interval figure, `nil` throughout for summary-only metrics.
  ///
  /// Not optional: a `let` closure is called in place, where an optional one is copied (its
  /// context retained and released) at every one of the figures a stream row stores.
  private let extract: @Sendable (borrowing StreamRow, Direction, MediaKind?) -> Double?
  /// Whether the figure is rounded to single precision.
  private let isSinglePrecision: Bool
  /// The counter a ``counter(_:_:scope:formula:inputs:direction:)`` metric reads: its figure is
  /// computed in place, without a closure call (four in ten of a stream row's figures).
  private let counterFigure: CounterFigure?

  /// The name, unique in the registry.
  public var id: String { name }
  /// Whether the metric has a figure per interval.
  public let hasIntervalValue: Bool

  /// Describes a metric.
  ///
  /// - `interval`: The figure over the interval a ``StreamRow`` closes (or the gauge at its
  ///   end), given the stream's direction and kind; `nil` for summary-only metrics.
  public convenience init(
    name: String, layerName: String? = nil, unit: MetricUnit, inputs: [String], formula: String,
    scope: MetricScope, merge: LayerMerge = .first, summary: SummaryRule,
    precision: MetricPrecision = .double,
    isCSVColumn: Bool = false,
    interval: (@Sendable (borrowing StreamRow, Direction, MediaKind?) -> Double?)? = nil
  ) {
    self.init(
      name: name, layerName: layerName, unit: unit, inputs: inputs, formula: formula, scope: scope,
      merge: merge, summary: summary, precision: precision, isCSVColumn: isCSVColumn, interval: interval,
      counterFigure: nil)
  }

  /// Describes a metric; `counterFigure`, when set, is what `interval` computes.
  init(
    name: String, layerName: String? = nil, unit: MetricUnit, inputs: [String], formula: String,
    scope: MetricScope, merge: LayerMerge = .first, summary: SummaryRule,
    precision: MetricPrecision = .double,
    isCSVColumn: Bool = false,
    interval: (@Sendable (borrowing StreamRow, Direction, MediaKind?) -> Double?)?,
    counterFigure: CounterFigure?
  ) {
    self.counterFigure = counterFigure
    self.name = name
    self.layerName = layerName
    self.unit = unit
    self.inputs = inputs
    self.formula = formula
    self.scope = scope
    self.merge = merge
    self.summary = summary
    self.precision = precision
    self.isCSVColumn = isCSVColumn
    self.extract = interval ?? { _, _, _ in nil }
    hasIntervalValue = interval != nil
    isSinglePrecision = precision == .single
  }

  /// The metric's figure in `row` of a stream of `direction` and `kind`, rounded to the
  /// metric's precision; `nil` when unknown or not applicable.
  public func value(in row: borrowing StreamRow, direction: Direction, kind: MediaKind?) -> Double? {
    let figure: Double?
    if let counterFigure {
      figure = counterFigure.value(in: row, direction: direction)
    } else {
      figure = extract(row, direction, kind)
    }
    guard let value = figure, value.isFinite else { return nil }
    return isSinglePrecision ? Double(Float(value)) : value
  }

  /// Rounds a merged figure to the metric's precision.
  func rounded(_ value: Double?) -> Double? {
    guard let value, value.isFinite else { return nil }
    return precision == .single ? Double(Float(value)) : value
  }
}

extension MetricDescriptor {
  /// Whether the metric has a call-level figure in track summaries.
  public var hasSummary: Bool {
    if case .none = summary { return false }
    return true
  }
}
