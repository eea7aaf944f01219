/// One part of the report: a dump, a peer connection, a track or a layer, with its band,
/// charts, tables, findings and subsections.
///
/// Sections nest; the heading level follows the depth. Charts and band of a section and of
/// all its subsections share one time axis: ``timeRange`` if set here or above, else the
/// range the section's whole content spans.
public struct ReportSection: Sendable, Hashable {
  /// What the section stands for; it sets the style, not the content.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// One input file, a call made of several dumps, a peer connection, a track, a
    /// simulcast/SVC layer, anything else.
    case dump, call, peerConnection, track, layer, other
  }

  /// The anchor of the section (table of contents, finding links).
  public var id: AnchorID
  /// What the section stands for.
  public var kind: Kind
  /// The heading, for example `PC_0` or `outbound video · VP8`.
  public var title: String
  /// A line under the heading, for example a track identifier.
  public var subtitle: String?
  /// Facts listed under the heading.
  public var facts: [ReportFact]
  /// Warnings about the data shown (a truncated dump, a clock jump), in order.
  public var notes: [String]
  /// Findings of this section, worst first.
  public var findings: [FindingItem]
  /// A band of a categorical value over time (the network-condition grade).
  public var band: BandModel?
  /// Charts on the shared time axis, in order.
  public var charts: [ChartModel]
  /// Summary tables, in order.
  public var tables: [TableModel]
  /// Subsections, in order.
  public var children: [ReportSection]
  /// The time axis of this section and its subsections; `nil` inherits or computes it.
  public var timeRange: TimeRange?

  /// Creates a section.
  public init(
    id: AnchorID, kind: Kind, title: String, subtitle: String? = nil, facts: [ReportFact] = [],
    notes: [String] = [], findings: [FindingItem] = [], band: BandModel? = nil,
    charts: [ChartModel] = [], tables: [TableModel] = [], children: [ReportSection] = [],
    timeRange: TimeRange? = nil
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.subtitle = subtitle
    self.facts = facts
    self.notes = notes
    self.findings = findings
    self.band = band
    self.charts = charts
    self.tables = tables
    self.children = children
    self.timeRange = timeRange
  }

  /// The range every time in the section and its subsections spans, or `nil`.
  var contentTimeRange: TimeRange? {
    var range: TimeRange?
    func include(_ other: TimeRange?) {
      guard let other else { return }
      range = range.map { $0.union(other) } ?? other
    }
    for chart in charts { include(chart.contentTimeRange) }
    include(band?.contentTimeRange)
    for child in children { include(child.timeRange ?? child.contentTimeRange) }
    return range
  }
}
