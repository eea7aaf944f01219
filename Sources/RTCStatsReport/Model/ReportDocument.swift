/// Everything an HTML report shows, as plain values: the input of ``HTMLReport/render(_:)``.
///
/// The analysis is mapped onto this model by the frontend; the report target knows nothing
/// about dumps or metrics. A typical document has one ``ReportSection`` per dump, holding
/// one per peer connection, holding one per track (and per simulcast/SVC layer).
public struct ReportDocument: Sendable, Hashable {
  /// The page title and top heading, for example the dump's file name.
  public var title: String
  /// What wrote the report, for example `rtcstats 0.9.0`; shown in the header and footer.
  public var generator: String
  /// Facts shown under the title (`input`, `created`, `format`…), in order.
  public var facts: [ReportFact]
  /// Findings over the whole document, listed first, worst first.
  public var findings: [FindingItem]
  /// The sections, in order.
  public var sections: [ReportSection]
  /// The time axis of sections that set none; `nil` means the range their content spans.
  public var timeRange: TimeRange?

  /// Creates a document.
  public init(
    title: String, generator: String, facts: [ReportFact] = [], findings: [FindingItem] = [],
    sections: [ReportSection] = [], timeRange: TimeRange? = nil
  ) {
    self.title = title
    self.generator = generator
    self.facts = facts
    self.findings = findings
    self.sections = sections
    self.timeRange = timeRange
  }
}

/// A labelled fact, for example `codec: VP8` or `duration: 30.0 s`.
public struct ReportFact: Sendable, Hashable {
  /// The label.
  public var label: String
  /// The value, already written for people.
  public var value: String

  /// Creates a fact.
  public init(_ label: String, _ value: String) {
    self.label = label
    self.value = value
  }
}
