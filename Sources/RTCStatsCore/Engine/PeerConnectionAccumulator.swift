/// Turns the reports of one peer connection into ``TimelineRow``s.
///
/// Each report is processed in two passes. The first records the objects other objects
/// refer to (codecs, media sources, receiver reports, transports, candidate pairs and
/// candidates), so that references resolve whatever the order of the objects in the report.
/// The second samples every `inbound-rtp` and `outbound-rtp` with its ``StreamSampler``.
struct PeerConnectionAccumulator {
  let id: String
  private(set) var timeline: Timeline
  private var references = ReferencedObjects()
  private var samplers: [StreamSampler] = []
  /// Sampler position per stats id, one table per direction: an id reused for the other
  /// direction (a hand-edited or merged dump) is another stream.
  private var inboundIndex: [String: Int] = [:]
  private var outboundIndex: [String: Int] = [:]
  private var transport = TransportSampler()
  /// The fold kept up to date as rows arrive (so that the summary is built while the dump is
  /// still being read).
  private var foldSoFar: TimelineFold
  /// Whether a stream changed track after rows had been folded: the rows folded before then
  /// were grouped by the old tracks.
  private var regroupedAfterFolding = false

  init(id: String, retention: TimelineRetention) {
    self.id = id
    timeline = Timeline(peerConnection: id, retention: retention)
    foldSoFar = TimelineFold(peerConnection: id)
  }

  /// The fold of every row: the running fold, unless a stream changed track after rows were
  /// folded and the timeline still has every row to fold again by the final tracks.
  var fold: TimelineFold {
    regroupedAfterFolding && timeline.retention.keepsEverything ? TimelineFold(folding: timeline) : foldSoFar
  }

  /// The most RTP streams kept per peer connection; more are ignored and counted.
  static let streamLimit = 4096
  /// Streams ignored beyond ``streamLimit``.
  private(set) var ignoredStreams = 0
  /// Reports with a time, and the earliest and latest of those times.
  private(set) var timedReports = 0
  private(set) var earliestTime: Double?
  private(set) var latestTime: Double?

  /// Referenced objects ignored beyond their limit.
  var ignoredObjects: Int { references.ignoredCount }
  /// Counter values dropped as impossible, and the first such member.
  var impossibleValues: (count: Int, first: String?) {
    (samplers.reduce(0) { $0 + $1.impossibleValues }, samplers.lazy.compactMap(\.firstImpossibleMember).first)
  }

  /// Samples skipped because they were older than the previous sample of the same object.
  var outOfOrderSamples: Int { samplers.reduce(0) { $0 + $1.outOfOrderSamples } }
  /// Counter resets seen (a stream restarting behind the same stats id).
  var counterResets: Int { samplers.reduce(0) { $0 + $1.resets } }

  /// Adds the report numbered `sequence` and returns its row.
  @discardableResult
  mutating func add(_ report: StatsReport, sequence: Int) -> TimelineRow {
    var receiverReportTimes: [Double] = []
    var newest = report.timestamp
    var streamObjects = 0
    for index in 0..<report.count {
      let timestamp = report.timestamp(at: index) ?? report.timestamp ?? .nan
      // The poll's time is its newest local object's: `remote-*` objects carry the time of
      // the last RTCP report, on the other end's clock.
      let type = report.type(at: index)
      if type == .inboundRTP || type == .outboundRTP { streamObjects += 1 }
      if report.timestamp == nil, !timestamp.isNaN, type != .remoteInboundRTP, type != .remoteOutboundRTP {
        newest = max(newest ?? timestamp, timestamp)
      }
      if let roundTripTime = references.record(report: report, index: index, timestamp: timestamp) {
        receiverReportTimes.append(roundTripTime)
      }
    }
    var row = TimelineRow(sequence: sequence, time: newest)
    row.streams.reserveCapacity(streamObjects)
    if let newest {
      timedReports += 1
      earliestTime = min(earliestTime ?? newest, newest)
      latestTime = max(latestTime ?? newest, newest)
    }
    for index in 0..<report.count {
      let type = report.type(at: index)
      guard type == .inboundRTP || type == .outboundRTP else { continue }
      let timestamp = report.timestamp(at: index) ?? report.timestamp ?? .nan
      let direction: Direction = type == .inboundRTP ? .inbound : .outbound
      if let streamRow = sample(
        report: report, index: index, timestamp: timestamp, sequence: sequence, direction: direction)
      {
        row.streams.append(streamRow)
      }
    }
    if let time = newest {
      if !receiverReportTimes.isEmpty {
        row.receiverReportRoundTripTime =
          receiverReportTimes.reduce(0, +) / Double(receiverReportTimes.count)
      }
      row.transport = transport.row(report: report, time: time, references: &references)
    }
    timeline.append(row)
    foldSoFar.add(row, in: timeline)
    return row
  }

  /// Whether an `inbound-rtp` object now names another `trackIdentifier` than its stream had:
  /// an SFU (Google Meet) reusing one SSRC, hence one stats id, for another remote participant.
  ///
  /// It starts a new track, not a new segment of the old one.
  private static func isAnotherTrack(report: StatsReport, index: Int, than known: String?) -> Bool {
    guard let known, let now = report.text(.trackIdentifier, at: index) else { return false }
    return now != known
  }

  private mutating func sample(
    report: StatsReport, index: Int, timestamp: Double, sequence: Int, direction: Direction
  ) -> StreamRow? {
    let statsID = report.id(at: index)
    let position: Int
    var isNew = false
    if let existing = direction == .inbound ? inboundIndex[statsID] : outboundIndex[statsID],
      direction == .outbound
        || !Self.isAnotherTrack(
          report: report, index: index, than: timeline.streams[existing].trackIdentifier)
    {
      position = existing
    } else {
      guard samplers.count < Self.streamLimit else {
        ignoredStreams += 1
        return nil
      }
      isNew = true
      position = samplers.count
      if direction == .inbound { inboundIndex[statsID] = position } else { outboundIndex[statsID] = position }
      samplers.append(StreamSampler(index: position, direction: direction))
      timeline.streams.append(
        StreamInfo(peerConnection: id, statsID: statsID, direction: direction, firstSequence: sequence))
    }
    let context = references.context(report: report, index: index, direction: direction)
    let row = samplers[position].sample(
      report: report, at: index, timestamp: timestamp, context: context, info: &timeline.streams[position])
    if isNew {
      timeline.anchorLastStream()
    } else if samplers[position].regrouped {
      // A member that groups streams changed: the stream may belong to another track now.
      timeline.refreshAnchors()
      if timeline.endIndex > 0 { regroupedAfterFolding = true }
    }
    return row
  }
}
