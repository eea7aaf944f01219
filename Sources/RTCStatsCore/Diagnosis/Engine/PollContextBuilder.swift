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
  /// Per stream index: the slot of its track as last computed (an `Int`, so that the common
  /// lookup copies no track id).
  private var streamSlots: [Int] = []
  /// The selected pair of the previous poll that had one: its id, its description (copied only
  /// when the pair changes) and its STUN and byte counters.
  private var previousPairID: String?
  private var previousPair: CandidatePairInfo?
  private var previousPath = CandidatePath()
  private var previousChecks = ConnectivityChecks()
  private var describedAt = -Double.infinity
  private var previousTransportTime: Double?
  private var previousTime: Double?
  private var heldRoundTripTime: (value: Double, time: Double)?
  /// The sizes of the video `media-source`s last reported, by first appearance: ids and sizes
  /// side by side, found by comparing ids in report order (the same order poll after poll),
  /// with ``sourcePositions`` for an id out of place, so a poll hashes no string.
  private var sourceIDs: [String] = []
  private var sourceSizes: [SourceSize] = []
  private var sourcePositions: [String: Int] = [:]
  /// Per track slot: where its source's id was found last in ``sourceIDs`` (−1: not yet).
  var sourceHints: [Int] = []
  /// Stats ids of the outbound streams whose `mediaSourceId` names no `media-source` in the
  /// current report (a handful at most: arrays, reused from poll to poll).
  private(set) var detachedSenders: [String] = []
  private var presentSources: [String] = []
  /// The positions of the report's `outbound-rtp` objects (scratch, reused).
  private var senderPositions: [Int] = []

  /// The size and frame rate of the `media-source` `id` last reported; `hint` is where it was
  /// found last (updated), so the common lookup compares one id.
  func sourceSize(of id: String, hint: inout Int) -> (Double?, Double?, Double?)? {
    if hint < 0 || hint >= sourceIDs.count || sourceIDs[hint] != id {
      guard let position = sourcePositions[id] else { return nil }
      hint = position
    }
    let size = sourceSizes[hint]
    return (size.width, size.height, size.frameRate)
  }

  /// Records the size of the `media-source` `id`, expected at `expected` (its place at the
  /// previous report).
  private mutating func noteSource(_ id: String, _ size: SourceSize, expected: Int) {
    if expected < sourceIDs.count, sourceIDs[expected] == id {
      sourceSizes[expected] = size
    } else if let position = sourcePositions[id] {
      sourceSizes[position] = size
    } else {
      sourcePositions[id] = sourceIDs.count
      sourceIDs.append(id)
      sourceSizes.append(size)
    }
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
  /// The poll's stream rows as (track slot, stream index, position in the row), reused.
  private var order: [(slot: Int, stream: Int, position: Int)] = []
  /// Per stream index: which identity members were known when its track was last computed.
  private var fingerprints: [UInt16] = []
  private var implementations: [String?] = []

  /// Records the implementation of the track in `slot` (written only when it changes, so the
  /// table the polls share is not copied).
  mutating func noteImplementation(_ name: String?, slot: Int) {
    while implementations.count <= slot { implementations.append(nil) }
    if let name, implementations[slot] != name { implementations[slot] = name }
  }

  /// Whether the outbound track in `slot` had a receiver report within ``reportHold``.
  mutating func isRecentReport(slot: Int, took: Bool, time: Double?) -> Bool {
    while reportTimes.count <= slot { reportTimes.append(nil) }
    if took { reportTimes[slot] = time }
    guard let time, let last = reportTimes[slot] else { return took }
    return time - last <= reportHold
  }

  /// The context of `row` (a new ``PollContext``; ``fill(_:for:streams:report:)`` reuses one).
  mutating func context(
    for row: TimelineRow, streams: [StreamInfo], report: StatsReport?, peerConnection: String
  ) -> PollContext {
    var context = PollContext(peerConnection: peerConnection, sequence: 0, time: nil, previousTime: nil)
    fill(&context, for: row, streams: streams, report: report)
    return context
  }

  /// Writes the context of `row` into `context`, in place: every figure of the previous poll
  /// is replaced (the peer connection is kept), and the arrays' storage is reused, so a poll
  /// allocates nothing and copies no context.
  mutating func fill(
    _ context: inout PollContext, for row: TimelineRow, streams: [StreamInfo], report: StatsReport?
  ) {
    if let report { readSources(report) }
    context.reset(sequence: row.sequence, time: row.time, previousTime: previousTime)
    order.removeAll(keepingCapacity: true)
    for (position, streamRow) in row.streams.enumerated() where streamRow.stream < streams.count {
      order.append((slot(of: streamRow.stream, streams: streams), streamRow.stream, position))
    }
    if order.count > 1 { order.sort { $0.slot != $1.slot ? $0.slot < $1.slot : $0.stream < $1.stream } }
    context.tracks.reserveCapacity(order.count)
    var first = 0
    while first < order.count {
      var last = first
      while last + 1 < order.count && order[last + 1].slot == order[first].slot { last += 1 }
      let head = order[first].stream
      context.tracks.append(
        TrackPoll(slot: order[first].slot, direction: streams[head].direction, kind: streams[head].kind))
      merge(
        row.streams, order[first...last], streams: streams, into: &context.tracks[context.tracks.count - 1],
        layers: &context.layers)
      first = last + 1
    }
    context.transport = transportPoll(row, into: &context)
    // Tracks are only ever appended: the same count is the same list.
    if context.trackIDs.count != tracks.count { context.trackIDs = tracks }
    context.implementations = implementations
    noteFeedback(&context)
    if row.time != nil { previousTime = row.time }
  }

  /// Fills the time since the last receiver report of a sending connection.
  private mutating func noteFeedback(_ context: inout PollContext) {
    guard let time = context.time else { return }
    var fresh = false
    for index in context.tracks.indices {
      let track = context.tracks[index]
      guard track.direction == .outbound && track.duration != nil else { continue }
      if track.tookReceiverReport { fresh = true }
      if track.kind == .video && (track.bytes ?? 0) > 0 { context.sendsVideo = true }
    }
    if fresh { lastFeedback = time }
    context.lastFeedbackTime = lastFeedback
    if let lastFeedback, context.isSending { context.timeWithoutFeedback = time - lastFeedback }
  }

  /// The members a stream's track id follows from: each can only become known, so the id is
  /// recomputed only when one does (``StreamInfo/trackID`` builds strings).
  private static func fingerprint(_ streams: [StreamInfo], _ index: Int) -> UInt16 {
    let kind = streams[index].kind
    var bits: UInt16 = kind == .audio ? 1 : (kind == .video ? 2 : 0)
    if streams[index].trackIdentifier != nil { bits |= 4 }
    if streams[index].mediaSourceId != nil { bits |= 8 }
    if streams[index].mid != nil { bits |= 16 }
    if streams[index].senderTrackID != nil { bits |= 32 }
    if streams[index].codec != nil { bits |= 64 }
    // Grouped by codec (outbound video without a source, mid or sender track): the codec's
    // value, not only its presence, decides the group, so the id is always recomputed.
    if streams[index].direction == .outbound && bits & (8 | 16 | 32) == 0 { bits |= 0x8000 }
    return bits
  }

  private mutating func slot(of stream: Int, streams: [StreamInfo]) -> Int {
    let print = Self.fingerprint(streams, stream)
    if stream < streamSlots.count, fingerprints[stream] == print, print & 0x8000 == 0 {
      return streamSlots[stream]
    }
    let track = streams[stream].trackID
    let slot: Int
    if let existing = slotOfTrack[track] {
      slot = existing
    } else {
      slot = tracks.count
      slotOfTrack[track] = slot
      tracks.append(track)
    }
    while streamSlots.count <= stream {
      streamSlots.append(slot)
      fingerprints.append(print)
    }
    streamSlots[stream] = slot
    fingerprints[stream] = print
    return slot
  }

  /// One pass over the report for its media sources (their sizes, their ids) and the
  /// positions of its outbound streams, then the senders whose source is absent.
  private mutating func readSources(_ report: StatsReport) {
    presentSources.removeAll(keepingCapacity: true)
    detachedSenders.removeAll(keepingCapacity: true)
    senderPositions.removeAll(keepingCapacity: true)
    var sized = 0
    for index in 0..<report.count {
      switch report.type(at: index) {
      case .mediaSource:
        let id = report.id(at: index)
        presentSources.append(id)
        guard report.text(.kind, at: index) != "audio" else { continue }
        let size = SourceSize(
          width: report.number(.width, at: index), height: report.number(.height, at: index),
          frameRate: report.number(.framesPerSecond, at: index))
        guard size.width != nil || size.height != nil else { continue }
        noteSource(id, size, expected: sized)
        sized += 1
      case .outboundRTP: senderPositions.append(index)
      default: break
      }
    }
    for index in senderPositions {
      if let source = report.text(.mediaSourceId, at: index), !presentSources.contains(source) {
        detachedSenders.append(report.id(at: index))
      }
    }
  }

  private mutating func transportPoll(_ row: TimelineRow, into context: inout PollContext) -> TransportPoll? {
    var rtt = row.receiverReportRoundTripTime
    if let pair = row.transport?.roundTripTime { rtt = Swift.max(rtt ?? pair, pair) }
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
    if let pairID = transport.selectedCandidatePairID {
      if let previousID = previousPairID {
        if previousID == pairID {
          let now = transport.connectivityChecks
          let before = previousChecks
          poll.bytesReceived = Self.change(now.bytesReceived, before.bytesReceived)
          poll.bytesSent = Self.change(now.bytesSent, before.bytesSent)
          poll.responsesReceived = Self.change(now.responsesReceived, before.responsesReceived)
          let requests = Self.change(now.requestsSent, before.requestsSent)
          let consent = Self.change(now.consentRequestsSent, before.consentRequestsSent)
          poll.requestsSent = requests.map { $0 + (consent ?? 0) } ?? consent
        } else {
          poll.pairChanged = true
          context.previousPair = previousPair
        }
      }
      if previousPairID != pairID || poll.end - describedAt >= 10_000 {
        // The description is refreshed on a switch and every 10 s (candidates can be described
        // late); comparing five strings every poll would cost more than the rest of it.
        previousPairID = pairID
        previousPair = transport.candidatePair
        previousPath = CandidatePath(previousPair)
        describedAt = poll.end
      }
      previousChecks = transport.connectivityChecks
      context.pair = previousPair
      context.path = previousPath
    }
    previousTransportTime = time
    return poll
  }

  private static func change(_ now: Double?, _ before: Double?) -> Double? {
    guard let now, let before, now >= before else { return nil }
    return now - before
  }
}
