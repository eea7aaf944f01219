public import RTCStatsCore

/// Maps analyses onto a ``ReportDocument``: the input of ``HTMLReport/render(_:)`` for
/// `rtcstats report` and `rtcstats analyze --format html`.
///
/// One dump: its findings first, then one section per peer connection (network-condition
/// band, transport charts, the table view's summary table) holding one per track (bitrate,
/// layers, frame rate, resolution, loss, jitter, RTT, MOS on one time axis, freezes and
/// pauses shaded, findings marked). Several dumps: one section per dump, worst first
/// (``ReportInput/badness``); with a ``CallView`` that linked streams, a call section first
/// that draws each publisher → subscriber link with the segment where quality was lost.
///
/// Tables show every figure as computed; only drawn series are thinned, by the renderer.
public enum AnalysisReport {
  /// The document of `inputs`.
  ///
  /// - Parameters:
  ///   - inputs: The dumps, in the order given.
  ///   - call: The call view of the inputs that were read (same order), when several were.
  ///   - title: The page title; `nil` names the single input, or counts the inputs.
  ///   - generator: What wrote the report, e.g. `rtcstats 0.9.0`.
  /// - Returns: The document, for ``HTMLReport/render(_:)``.
  public static func document(
    _ inputs: [ReportInput], call: CallView? = nil, title: String? = nil, generator: String
  ) -> ReportDocument {
    let ordered =
      inputs.count > 1
      ? inputs.enumerated().sorted { lhs, rhs in
        let (left, right) = (lhs.element.badness, rhs.element.badness)
        return left != right ? left.lexicographicallyPrecedes(right) == false : lhs.offset < rhs.offset
      }.map(\.element) : inputs
    var document = ReportDocument(
      title: title ?? (inputs.count == 1 ? inputs[0].name : "\(inputs.count) dumps"), generator: generator)
    if inputs.count == 1 {
      let section = DumpSection(input: inputs[0], scope: "d0")
      document.facts = section.facts
      document.findings = section.findings.items
      document.sections = section.body
    } else {
      if let call, !call.links.isEmpty {
        document.sections.append(CallSection(view: call).section())
        let mapping = FindingMapping(call.findings, scope: "call")
        document.findings = mapping.items
      }
      for (index, input) in ordered.enumerated() {
        document.sections.append(DumpSection(input: input, scope: "d\(index)").section())
      }
      document.facts = [ReportFact("inputs", "\(inputs.count) dumps, worst first")]
    }
    return document
  }
}
