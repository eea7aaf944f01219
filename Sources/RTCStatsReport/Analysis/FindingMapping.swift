import RTCStatsCore

/// The findings of one dump as page items: messages in words, anchors, the section that
/// shows each finding's evidence, and the chart markers of each track and connection.
struct FindingMapping: Sendable {
  /// The findings, in the analysis's order (the page lists them worst first).
  var items: [FindingItem] = []
  /// Per item, the diagnostic it came from.
  private var diagnostics: [Diagnostic] = []

  /// Maps `findings`; `scope` keeps the anchors of two dumps on one page apart.
  init(_ findings: [Diagnostic], scope: String) {
    for (index, finding) in findings.enumerated() {
      let target: AnchorID? =
        finding.track.map { AnchorID(track: $0, scope: scope) }
        ?? finding.peerConnection.map { AnchorID(peerConnection: $0, scope: scope) }
      let id = AnchorID(scope, "finding", String(index), finding.code.rawValue)
      items.append(FindingItem(finding, id: id, message: Self.message(finding), evidenceTarget: target))
      diagnostics.append(finding)
    }
  }

  /// The markers of the findings about `track`.
  func markers(track: TrackID) -> [ChartMarker] {
    zip(items, diagnostics).compactMap { item, finding in finding.track == track ? item.marker : nil }
  }

  /// The markers of the findings about connection `id` as a whole (no track).
  func markers(peerConnection id: String) -> [ChartMarker] {
    zip(items, diagnostics).compactMap { item, finding in
      finding.track == nil && finding.peerConnection == id ? item.marker : nil
    }
  }

  /// The finding's template filled with its evidence: counts as integers, figures with at
  /// most three decimals (as `rtcstats analyze` writes them), flags as `yes`/`no`.
  static func message(_ finding: Diagnostic) -> String {
    finding.filled { _, value in
      switch value {
      case .integer(let integer): String(integer)
      case .number(let number): DecimalFormat.compact(number, decimals: 3)
      case .text(let text): text
      case .bool(let flag): flag ? "yes" : "no"
      }
    }
  }
}

extension AnchorID {
  /// A peer connection's section within dump `scope` (several dumps may share its name).
  init(peerConnection: String, scope: String) {
    self.init(scope, "pc", peerConnection)
  }

  /// A track's section within dump `scope`.
  init(track: TrackID, scope: String) {
    self.init(
      components: [
        scope, "track", track.peerConnection, track.direction.rawValue, track.kind?.rawValue ?? "unknown",
        track.group.key,
      ])
  }
}
