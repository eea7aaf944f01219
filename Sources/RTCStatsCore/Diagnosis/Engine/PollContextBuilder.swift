/// Turns each ``TimelineRow`` of one peer connection into a ``PollContext``: the row's streams
/// grouped per track and merged, the transport with its changes since the previous poll, and
/// the capture sources' sizes read from the report's `media-source` objects.
///
/// Tracks get a stable slot (0, 1, …) the first time they appear, so rules keep per-track
/// state in arrays instead of dictionaries.
///
/// - Complexity: O(*s* log *s*) per row of *s* streams; memory O(tracks + media sources).
struct PollContextBuilder: Sendable {
  private var slotOfTrack: [TrackID: Int] = [:]
  private(set) var tracks: [TrackID] = []
  /// Per stream index: the track id seen last and its slot.
  private var streamTracks: [(track: TrackID, slot: Int)] = []
  private var previousTransport: TransportRow?
  private var previousTransportTime: Double?
  private var previousTime: Double?
  private var heldRoundTripTime: (value: Double, time: Double)?
  private var sources: [String: SourceSize] = [:]
  /// Stats ids of the outbound streams whose `mediaSourceId` names no `media-source` in the
  /// current report.
  private(set) var detachedSenders: Set<String> = []

  /// The size and frame rate of the `media-source` `id` last reported.
  func sourceSize(of id: String) -> (Double?, Double?, Double?)? {
    sources[id].map { ($0.width, $0.height, $0.frameRate) }
  }

  private struct SourceSize: Sendable {
    var width: Double?
    var height: Double?
    var frameRate: Double?
  }

  /// Round-trip times older than this are not carried over to polls without one, ms.
  var roundTripTimeHold = 10_000.0
  /// A receiver report's loss and jitter apply to the polls up to this long after it arrived,
  /// ms: video reports come about every second, so a short hold bridges a poll without one,
  /// while audio reports (every ~5 s) are not smeared over the next report's interval.
  var reportHold = 2_000.0
  private var reportTimes: [Double?] = []
  private var lastFeedback: Double?

  /// Whether the outbound track in `slot` had a receiver report within ``reportHold``.
  mutating func isRecentReport(slot: Int, took: Bool, time: Double?) -> Bool {
    while reportTimes.count <= slot { reportTimes.append(nil) }
    if took { reportTimes[slot] = time }
    guard let time, let last = reportTimes[slot] else { return took }
    return time - last <= reportHold
  }

  mutating func context(
    for row: TimelineRow, streams: [StreamInfo], report: StatsReport?, peerConnection: String
  ) -> PollContext {
    if let report { readSources(report) }
    var context = PollContext(
      peerConnection: peerConnection, sequence: row.sequence, time: row.time, previousTime: previousTime)
    var members: [(slot: Int, row: StreamRow)] = []
    members.reserveCapacity(row.streams.count)
    for streamRow in row.streams where streamRow.stream < streams.count {
      members.append((slot(of: streamRow.stream, streams: streams), streamRow))
    }
    members.sort { $0.slot != $1.slot ? $0.slot < $1.slot : $0.row.stream < $1.row.stream }
    var first = 0
    while first < members.count {
      var last = first
      while last + 1 < members.count && members[last + 1].slot == members[first].slot { last += 1 }
      let rows = members[first...last].map(\.row)
      context.tracks.append(merge(rows, slot: members[first].slot, streams: streams))
      first = last + 1
    }
    context.transport = transportPoll(row)
    noteFeedback(&context)
    if row.time != nil { previousTime = row.time }
    return context
  }

  /// Fills the time since the last receiver report of a sending connection.
  private mutating func noteFeedback(_ context: inout PollContext) {
    guard let time = context.time else { return }
    let outbound = context.tracks.filter { $0.direction == .outbound && $0.duration != nil }
    if outbound.contains(where: \.tookReceiverReport) { lastFeedback = time }
    context.sendsVideo = outbound.contains { $0.kind == .video && ($0.bytes ?? 0) > 0 }
    context.lastFeedbackTime = lastFeedback
    if let lastFeedback, context.isSending { context.timeWithoutFeedback = time - lastFeedback }
  }

  private mutating func slot(of stream: Int, streams: [StreamInfo]) -> Int {
    let track = streams[stream].trackID
    if stream < streamTracks.count, streamTracks[stream].track == track { return streamTracks[stream].slot }
    let slot: Int
    if let existing = slotOfTrack[track] {
      slot = existing
    } else {
      slot = tracks.count
      slotOfTrack[track] = slot
      tracks.append(track)
    }
    while streamTracks.count <= stream { streamTracks.append((track, slot)) }
    streamTracks[stream] = (track, slot)
    return slot
  }

  private mutating func readSources(_ report: StatsReport) {
    var present: Set<String> = []
    var named: [(sender: String, source: String)] = []
    for index in 0..<report.count {
      switch report.type(at: index) {
      case .mediaSource: present.insert(report.id(at: index))
      case .outboundRTP:
        if let source = report.text(.mediaSourceId, at: index) {
          named.append((report.id(at: index), source))
        }
      default: break
      }
    }
    detachedSenders.removeAll(keepingCapacity: true)
    for (sender, source) in named where !present.contains(source) { detachedSenders.insert(sender) }
    for index in 0..<report.count where report.type(at: index) == .mediaSource {
      guard report.text(.kind, at: index) != "audio" else { continue }
      let size = SourceSize(
        width: report.number(.width, at: index), height: report.number(.height, at: index),
        frameRate: report.number(.framesPerSecond, at: index))
      guard size.width != nil || size.height != nil else { continue }
      sources[report.id(at: index)] = size
    }
  }

  private mutating func transportPoll(_ row: TimelineRow) -> TransportPoll? {
    let measured = [row.transport?.roundTripTime, row.receiverReportRoundTripTime].compactMap { $0 }
    let rtt = measured.max()
    if let rtt, let time = row.time { heldRoundTripTime = (rtt, time) }
    guard let transport = row.transport, let time = row.time else { return nil }
    var poll = TransportPoll(row: transport, end: time)
    poll.start = previousTransportTime
    poll.measuredRoundTripTime = rtt
    if let rtt {
      poll.roundTripTime = rtt
    } else if let held = heldRoundTripTime, time - held.time <= roundTripTimeHold {
      poll.roundTripTime = held.value
    }
    if let previous = previousTransport, previous.selectedCandidatePairID != nil,
      transport.selectedCandidatePairID != nil
    {
      if previous.selectedCandidatePairID == transport.selectedCandidatePairID {
        let now = transport.connectivityChecks
        let before = previous.connectivityChecks
        poll.bytesReceived = Self.change(now.bytesReceived, before.bytesReceived)
        poll.bytesSent = Self.change(now.bytesSent, before.bytesSent)
        poll.responsesReceived = Self.change(now.responsesReceived, before.responsesReceived)
        let requests = Self.change(now.requestsSent, before.requestsSent)
        let consent = Self.change(now.consentRequestsSent, before.consentRequestsSent)
        poll.requestsSent = requests.map { $0 + (consent ?? 0) } ?? consent
      } else {
        poll.pairChanged = true
        poll.previousPair = previous.candidatePair
      }
    }
    if transport.selectedCandidatePairID != nil || previousTransport == nil {
      previousTransport = transport
    }
    previousTransportTime = time
    return poll
  }

  private static func change(_ now: Double?, _ before: Double?) -> Double? {
    guard let now, let before, now >= before else { return nil }
    return now - before
  }
}
