/// The call view's entry point: links the streams of several dumps of one call, places each
/// link's quality loss on a segment and computes its end-to-end figures.
///
///     let view = CallLinker.link([publisherDump, subscriberDump])
///     for link in view.links { print(link.publisher, "→", link.subscriber, link.degradation?.segment) }
///
/// See ``StreamMatcher`` for the linking, ``ClockOffsetEstimator`` for the clocks,
/// ``SegmentAttributor`` for the segments and ``EndToEndCalculator`` for the figures.
public enum CallLinker {
  /// The view of `dumps` (each analysed with every timeline row kept).
  ///
  /// - `conditions`: Where path conditions come from; the default reads them from the
  ///   timelines (``TimelineConditions``).
  public static func link(
    _ dumps: [CallDump], thresholds: CallThresholds = CallThresholds(),
    conditions: (any NetworkConditionSource)? = nil
  ) -> CallView {
    let endpoints = dumps.indices.flatMap { LinkEndpoint.endpoints(of: dumps[$0], index: $0) }
    let matched = StreamMatcher(endpoints: endpoints, thresholds: thresholds).match(dumpCount: dumps.count)
    let source = conditions ?? TimelineConditions(dumps: dumps, thresholds: thresholds)
    var index: [EndpointReference: LinkEndpoint] = [:]
    for endpoint in endpoints { index[endpoint.reference] = endpoint }
    let receivers = endpoints.filter { $0.direction == .inbound }
    var links = matched.links
    for position in links.indices {
      guard var sender = index[links[position].publisher], let receiver = index[links[position].subscriber]
      else { continue }
      if links[position].method == .ssrc { sender = sender.restricted(to: receiver.ssrcs) }
      let aligned = AlignedIntervals(
        sender: sender, receiver: receiver.series, offset: links[position].offset ?? 0,
        tolerance: thresholds.pollAlignmentTolerance)
      let context = LinkContext(
        link: links[position], sender: sender, receiver: receiver, aligned: aligned, links: matched.links,
        receivers: receivers, index: index)
      links[position].degradation = SegmentAttributor(thresholds: thresholds, conditions: source).degradation(
        of: context)
      links[position].figures = EndToEndCalculator(dumps: dumps, conditions: source).figures(of: context)
    }
    let findings = CallFindings.findings(links: links, unlinked: matched.unlinked, index: index, dumps: dumps)
    return CallView(
      dumps: dumps, endpoints: endpoints, clockOffsets: matched.offsets, links: links,
      unlinked: matched.unlinked,
      findings: findings)
  }
}

/// Everything known about one link while its segments and figures are worked out.
public struct LinkContext: Sendable {
  /// The link.
  public var link: StreamLink
  /// Its sent track.
  public var sender: LinkEndpoint
  /// Its received track.
  public var receiver: LinkEndpoint
  /// The receiver's intervals with the sender's side, at the link's offset.
  public var aligned: AlignedIntervals
  /// Every link of the call (to find the subscriber's other streams and their publishers).
  public var links: [StreamLink]
  /// Every received track of the call.
  public var receivers: [LinkEndpoint]
  /// Every endpoint by reference.
  public var index: [EndpointReference: LinkEndpoint]
}
