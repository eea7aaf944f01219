/// The diagnosis of one peer connection (or of the page, for page-level events), fed each
/// poll and event as it arrives: every rule, the per-direction network-condition trackers,
/// each received track's health and each audio track's MOS.
///
/// Memory is bounded by the number of tracks, open episodes, findings and grade changes — not
/// by the number of polls — except the MOS distributions (like the analysis' own figures) and
/// the MOS interval list kept only when the analysis keeps every row.
struct ConnectionDiagnosis: Sendable {
  let id: String?
  private let keepsIntervals: Bool
  private var builder = PollContextBuilder()
  private var rules: RuleSet
  private var grader: ConditionGrader
  private var sendTracker: ConditionTracker
  private var receiveTracker: ConditionTracker
  private(set) var send = ConditionAccumulator()
  private(set) var receive = ConditionAccumulator()
  private(set) var overall = ConditionAccumulator()
  /// Each received track's health, in the order the tracks were first graded.
  private(set) var health: [TrackHealth] = []
  /// Per track slot, the position of its ``health`` (−1: none yet).
  private var healthPosition: [Int] = []
  /// Each audio track's MOS, in the order the tracks appeared.
  private var mos: [MOSAccumulator] = []
  /// Per track slot, the position of its ``mos`` accumulator (−1: none, a video track).
  private var mosPosition: [Int] = []
  private(set) var findings: [Diagnostic] = []
  private(set) var droppedFindings = 0
  private(set) var latest: PollDiagnosis?
  /// Scratch for the grader's per-track levels, reused from poll to poll.
  private var trackLevels: [(Int, Int?)] = []
  /// Scratch for the grader's samples of the poll, written in place.
  private var sentSample = ConditionSample(start: 0, end: 0)
  private var receivedSample = ConditionSample(start: 0, end: 0)

  /// The most findings kept per connection.
  static let findingLimit = 10_000

  init(id: String?, thresholds: ThresholdTable, keepsIntervals: Bool) {
    self.id = id
    self.keepsIntervals = keepsIntervals
    rules = RuleSet(thresholds)
    grader = ConditionGrader(thresholds)
    sendTracker = ConditionTracker(thresholds)
    receiveTracker = ConditionTracker(thresholds)
    builder.roundTripTimeHold = thresholds.entry("condition").number("rttHold", or: 10_000)
    builder.reportHold = thresholds.entry("condition").number("reportHold", or: 2_000)
  }

  /// Reads one poll.
  mutating func observe(_ row: TimelineRow, streams: [StreamInfo], report: StatsReport?) -> PollDiagnosis {
    let poll = builder.context(for: row, streams: streams, report: report, peerConnection: id ?? "")
    var sink = FindingSink(peerConnection: id)
    rules.observe(poll, into: &sink)
    keep(sink.reported)
    grade(poll)
    for index in poll.tracks.indices {
      let track = poll.tracks[index]
      guard track.kind == .audio else { continue }
      while mosPosition.count <= track.slot { mosPosition.append(-1) }
      if mosPosition[track.slot] < 0 {
        mosPosition[track.slot] = mos.count
        mos.append(MOSAccumulator(track: poll.id(of: track), keepsIntervals: keepsIntervals))
      }
      mos[mosPosition[track.slot]].add(track, transport: poll.transport)
    }
    let update = PollDiagnosis(
      sequence: row.sequence, time: row.time, started: sink.started, ended: sink.reported,
      send: sendTracker.current, receive: receiveTracker.current)
    latest = update
    return update
  }

  /// Reads one event.
  mutating func observe(event: StatsEvent) {
    var sink = FindingSink(peerConnection: id)
    rules.observe(event: event, into: &sink)
    keep(sink.reported)
  }

  /// The diagnosis with every open episode closed (the receiver is left as it was).
  func finished() -> ConnectionDiagnosis {
    var copy = self
    var sink = FindingSink(peerConnection: id)
    copy.rules.finish(into: &sink)
    copy.keep(sink.reported)
    let sent = copy.sendTracker.finish()
    let received = copy.receiveTracker.finish()
    for interval in sent { copy.send.add(interval) }
    for interval in received { copy.receive.add(interval) }
    for (up, down) in zip(sent, received) { copy.overall.add(Self.combine(up, down)) }
    return copy
  }

  /// Each audio track's MOS, in the order the tracks appeared.
  var audioMOS: [MOSSummary] { mos.map(\.summary) }

  private mutating func keep(_ reported: [Diagnostic]) {
    for finding in reported {
      guard findings.count < Self.findingLimit else {
        droppedFindings += 1
        continue
      }
      findings.append(finding)
    }
  }

  private mutating func grade(_ poll: PollContext) {
    guard grader.grade(poll, trackLevels: &trackLevels, send: &sentSample, receive: &receivedSample) else {
      return
    }
    // The tracks are read in place: a `TrackPoll` is some forty optional figures.
    for (position, level) in trackLevels {
      guard let level else { continue }
      let slot = poll.tracks[position].slot
      while healthPosition.count <= slot { healthPosition.append(-1) }
      if healthPosition[slot] < 0 {
        healthPosition[slot] = health.count
        health.append(TrackHealth(track: poll.id(of: poll.tracks[position])))
      }
      health[healthPosition[slot]].add(
        start: poll.tracks[position].start ?? receivedSample.start,
        end: poll.tracks[position].end ?? receivedSample.end, isDegraded: level >= 2)
    }
    let sent = sendTracker.add(sentSample)
    let received = receiveTracker.add(receivedSample)
    if let sent { send.add(sent) }
    if let received { receive.add(received) }
    if let sent, let received { overall.add(Self.combine(sent, received)) }
  }

  /// Which reason names an interval both directions grade alike, first first.
  private static let reasonOrder: [ConditionReason] = [
    .networkConditionChange, .bandwidth, .packetLoss, .unknown, .none,
  ]

  /// The worse of the two directions' intervals (a known grade beats unknown).
  static func combine(_ send: FinalInterval, _ receive: FinalInterval) -> FinalInterval {
    if send.grade.badness > receive.grade.badness { return send }
    if receive.grade.badness > send.grade.badness { return receive }
    guard send.reason != receive.reason else { return receive }
    let first = Self.reasonOrder.first { $0 == send.reason || $0 == receive.reason }
    return first == send.reason ? send : receive
  }
}
