public import RTCStatsCore

/// A finding in a findings list: severity badge, message, where and when, evidence, and a
/// link to the place that shows the evidence (a chart or section).
///
/// Lists are drawn worst first (severity, then start time). Mark the finding on the charts
/// with ``marker``.
public struct FindingItem: Sendable, Hashable {
  /// The finding's own anchor, the target of its chart markers.
  public var id: AnchorID
  /// How much it matters.
  public var severity: Severity
  /// The message, for example `packet loss 6.2% for 40 s`.
  public var message: String
  /// What it is about, for example `PC_0 inbound video`.
  public var location: String?
  /// When it starts, ms since the epoch.
  public var start: Double?
  /// When it ends, ms since the epoch.
  public var end: Double?
  /// The facts it rests on, in order.
  public var evidence: [ReportFact]
  /// Where the evidence is shown (a chart or section of the page).
  public var evidenceTarget: AnchorID?

  /// Creates a finding.
  public init(
    id: AnchorID, severity: Severity, message: String, location: String? = nil, start: Double? = nil,
    end: Double? = nil, evidence: [ReportFact] = [], evidenceTarget: AnchorID? = nil
  ) {
    self.id = id
    self.severity = severity
    self.message = message
    self.location = location
    self.start = start
    self.end = end
    self.evidence = evidence
    self.evidenceTarget = evidenceTarget
  }

  /// A finding from a Core diagnostic: its severity, time range and evidence; the location
  /// is the track (or peer connection) it names.
  ///
  /// - Parameters:
  ///   - diagnostic: The diagnostic.
  ///   - id: The anchor of the finding; unique within the page.
  ///   - message: The diagnostic in words, as the frontend renders its template.
  ///   - evidenceTarget: Where the page shows the evidence.
  public init(_ diagnostic: Diagnostic, id: AnchorID, message: String, evidenceTarget: AnchorID? = nil) {
    let location =
      diagnostic.track.map { track in
        [track.peerConnection, track.direction.rawValue, track.kind?.rawValue].compactMap(\.self)
          .joined(separator: " ")
      } ?? diagnostic.peerConnection
    self.init(
      id: id, severity: diagnostic.severity, message: message, location: location,
      start: diagnostic.start, end: diagnostic.end,
      evidence: diagnostic.evidence.map { ReportFact($0.name, FindingItem.format($0.value)) },
      evidenceTarget: evidenceTarget)
  }

  /// A marker for the charts that show the finding; `nil` when it has no time.
  public var marker: ChartMarker? {
    guard let start else { return nil }
    return ChartMarker(time: start, end: end, severity: severity, label: message, target: id)
  }

  /// `findings` worst first, then earliest first (findings without a time last among their
  /// severity), and in the given order where both are equal.
  static func worstFirst(_ findings: [FindingItem]) -> [FindingItem] {
    findings.enumerated().sorted { lhs, rhs in
      if lhs.element.severity != rhs.element.severity { return lhs.element.severity > rhs.element.severity }
      let lhsStart = lhs.element.start ?? .infinity
      let rhsStart = rhs.element.start ?? .infinity
      return lhsStart != rhsStart ? lhsStart < rhsStart : lhs.offset < rhs.offset
    }.map(\.element)
  }

  private static func format(_ value: EvidenceValue) -> String {
    switch value {
    case .number(let number): DecimalFormat.shortest(number, digits: 4)
    case .integer(let integer): String(integer)
    case .text(let text): text
    case .bool(let flag): flag ? "yes" : "no"
    }
  }
}
