/// Several dumps of one call seen together: which sent track reaches which received track,
/// the clocks' offsets, where quality was lost on each link, and call-level findings.
///
/// Built by ``CallLinker/link(_:thresholds:conditions:)``.
public struct CallView: Sendable {
  /// The dumps, in the order given.
  public var dumps: [CallDump]
  /// Every endpoint of every dump.
  public var endpoints: [LinkEndpoint]
  /// Clock offsets between dumps that could be established.
  public var clockOffsets: [ClockOffset]
  /// The links, by subscriber.
  public var links: [StreamLink]
  /// Streams no other stream is linked with.
  public var unlinked: [UnlinkedStream]
  /// Call-level findings, as data (``DiagnosticCode``s of the call view).
  public var findings: [Diagnostic]

  /// Creates a view.
  public init(
    dumps: [CallDump], endpoints: [LinkEndpoint], clockOffsets: [ClockOffset], links: [StreamLink],
    unlinked: [UnlinkedStream], findings: [Diagnostic]
  ) {
    self.dumps = dumps
    self.endpoints = endpoints
    self.clockOffsets = clockOffsets
    self.links = links
    self.unlinked = unlinked
    self.findings = findings
  }

  /// The endpoint at `reference`.
  public func endpoint(_ reference: EndpointReference) -> LinkEndpoint? {
    endpoints.first { $0.reference == reference }
  }
}
