/// The diagnosis of one peer connection (or of the page, for page-level events), fed each
/// poll and event as it arrives: every rule, the per-direction network-condition trackers,
/// each received track's health and each audio track's MOS.
///
/// Memory is bounded by the number of tracks, open episodes, findings and grade changes — not
/// by the number of polls — except the MOS distributions (like the analysis' own figures) and
/// the MOS interval list kept only when the analysis keeps every row.
struct ConnectionDiagnosis: Sendable {
  // No stored property has a default value: ``init(id:thresholds:keepsIntervals:)`` copies
  // the table's resolved diagnosis, and defaults would be built and dropped for every copy.
  private(set) var id: String?
  private var keepsIntervals: Bool
  private var builder: PollContextBuilder
  private var rules: RuleSet
  private var grader: ConditionGrader
  private var sendTracker: ConditionTracker
  private var receiveTracker: ConditionTracker
  private(set) var send: ConditionAccumulator
  private(set) var receive: ConditionAccumulator
  private(set) var overall: ConditionAccumulator
  /// Each received track's health, in the order the tracks were first graded.
  private(set) var health: [TrackHealth]
  /// Per track slot, the position of its ``health`` (−1: none yet).
  private var healthPosition: [Int]
  /// Each audio track's MOS, in the order the tracks appeared.
  private var mos: [MOSAccumulator]
  /// Per track slot, the position of its ``mos`` accumulator (−1: none, a video track).
  private var mosPosition: [Int]
  private(set) var findings: [Diagnostic]
  private(set) var droppedFindings: Int
  private(set) var latest: PollDiagnosis?
  /// Scratch for the grader's per-track levels, reused from poll to poll.
  private var trackLevels: [(Int, Int?)]
  /// Scratch for the grader's samples of the poll, written in place.
  private var sentSample: ConditionSample
  private var receivedSample: ConditionSample
  /// The poll being read, rebuilt in place at every poll (its arrays' storage reused).
  private var poll: PollContext

  /// The most findings kept per connection.
  static let findingLimit = 10_000

  /// Makes this copy of a table's ``ResolvedThresholds/connection`` the diagnosis of
  /// connection `id` (`nil`: the page): the rules, grader and trackers are built from the
  /// table once, not for every connection of every file.
  ///
  /// The copy is made by the caller where the diagnosis is kept (`array.append(prototype)`,
  /// then this in place): an initialiser (`self = prototype`) copied the whole diagnosis
  /// twice, some 170 references retained each time, and that was a few per cent of the
  /// cost of a small file.
  mutating func start(id: String?, keepsIntervals: Bool) {
    self.id = id
    self.keepsIntervals = keepsIntervals
    poll.peerConnection = id ?? ""
  }

  /// A diagnosis with every rule, grader and tracker built from `thresholds`, for no
  /// connection yet (``ResolvedThresholds`` keeps one per table).
  init(resolving thresholds: ThresholdTable) {
    id = nil
    keepsIntervals = false
    rules = RuleSet(thresholds)
    grader = ConditionGrader(thresholds)
    sendTracker = ConditionTracker(thresholds)
    receiveTracker = ConditionTracker(thresholds)
    (send, receive, overall) = (ConditionAccumulator(), ConditionAccumulator(), ConditionAccumulator())
    (health, healthPosition, mos, mosPosition) = ([], [], [], [])
    (findings, droppedFindings, latest, trackLevels) = ([], 0, nil, [])
    sentSample = ConditionSample(start: 0, end: 0)
    receivedSample = ConditionSample(start: 0, end: 0)
    builder = PollContextBuilder()
    poll = PollContext(peerConnection: "", sequence: 0, time: nil, previousTime: nil)
    builder.roundTripTimeHold = thresholds.entry("condition").number("rttHold", or: 10_000)
    builder.reportHold = thresholds.entry("condition").number("reportHold", or: 2_000)
  }

  /// Reads one poll.
  mutating func observe(_ row: TimelineRow, streams: [StreamInfo], report: StatsReport?) -> PollDiagnosis {
    builder.fill(&poll, for: row, streams: streams, report: report)
    var sink = FindingSink(peerConnection: id)
    rules.observe(poll, into: &sink)
    keep(sink.reported)
    grade()
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

  /// What the diagnosis found so far, with every open episode closed (the receiver is left as
  /// it was): only the rules and the trackers' pending intervals are copied to be closed.
  func outcome() -> ConnectionOutcome {
    var rules = rules
    var sink = FindingSink(peerConnection: id)
    rules.finish(into: &sink)
    var outcome = ConnectionOutcome(
      id: id, findings: findings, droppedFindings: droppedFindings, send: send, receive: receive,
      overall: overall, health: health, audioMOS: mos.map(\.summary))
    Self.keep(sink.reported, in: &outcome.findings, dropped: &outcome.droppedFindings)
    let sent = sendTracker.remaining()
    let received = receiveTracker.remaining()
    for interval in sent { outcome.send.add(interval) }
    for interval in received { outcome.receive.add(interval) }
    for (up, down) in zip(sent, received) { outcome.overall.add(Self.combine(up, down)) }
    return outcome
  }

  private mutating func keep(_ reported: [Diagnostic]) {
    Self.keep(reported, in: &findings, dropped: &droppedFindings)
  }

  /// Adds `reported` to `findings` up to ``findingLimit``, counting the rest in `dropped`.
  private static func keep(_ reported: [Diagnostic], in findings: inout [Diagnostic], dropped: inout Int) {
    for finding in reported {
      guard findings.count < findingLimit else {
        dropped += 1
        continue
      }
      findings.append(finding)
    }
  }

  private mutating func grade() {
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

/// What one connection's diagnosis found, its open episodes closed (``ConnectionDiagnosis/outcome()``).
struct ConnectionOutcome: Sendable {
  /// The connection (`nil`: the page).
  let id: String?
  /// The findings, in the order they were reported.
  var findings: [Diagnostic]
  /// Findings beyond ``ConnectionDiagnosis/findingLimit``, counted.
  var droppedFindings: Int
  /// The graded intervals of each direction, and of the two together.
  var send: ConditionAccumulator
  var receive: ConditionAccumulator
  var overall: ConditionAccumulator
  /// Each received track's health, in the order the tracks were first graded.
  let health: [TrackHealth]
  /// Each audio track's MOS, in the order the tracks appeared.
  let audioMOS: [MOSSummary]
}
