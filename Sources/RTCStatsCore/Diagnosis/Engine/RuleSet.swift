/// One instance of every rule of ``RuleRegistry``, each a stored property of its own type, so
/// that every poll calls each rule directly: no existential box to unwrap (and check for
/// uniqueness) and no witness-table call per rule and poll, and the rule's code is
/// specialised for it.
///
/// The rules run in ``RuleRegistry/rules`` order (the order of the findings of one poll); a
/// test checks that ``visit(_:)`` lists every registered rule once, in that order.
struct RuleSet: Sendable {
  private var highPacketLoss: HighPacketLossRule
  private var lossBurst: LossBurstRule
  private var highRoundTripTime: HighRoundTripTimeRule
  private var highJitter: HighJitterRule
  private var jitterBufferStress: JitterBufferStressRule
  private var lowAvailableBandwidth: LowAvailableBandwidthRule
  private var bandwidthLimitedEncoder: BandwidthLimitedEncoderRule
  private var applicationLimitedEncoder: ApplicationLimitedEncoderRule
  private var cpuLimitedEncoder: CPULimitedEncoderRule
  private var codecFallback: CodecFallbackRule
  private var videoFreeze: VideoFreezeRule
  private var videoPause: VideoPauseRule
  private var lowFrameRate: LowFrameRateRule
  private var resolutionChange: ResolutionChangeRule
  private var inactiveLayer: InactiveLayerRule
  private var keyframeStorm: KeyframeStormRule
  private var heavyRetransmission: HeavyRetransmissionRule
  private var audioConcealment: AudioConcealmentRule
  private var lowAudioMOS: LowAudioMOSRule
  private var dryTrack: DryTrackRule
  private var mediaStopped: MediaStoppedRule
  private var oneWayMedia: OneWayMediaRule
  private var connectivityLost: ConnectivityLostRule
  private var feedbackStopped: FeedbackStoppedRule
  private var iceDisconnected: IceDisconnectedRule
  private var iceRestart: IceRestartRule
  private var candidatePairChange: CandidatePairChangeRule
  private var turnRelay: TurnRelayRule
  private var relayOverTCP: RelayOverTCPRule
  private var dtlsFailure: DTLSFailureRule
  private var getUserMediaError: GetUserMediaErrorRule
  private var statsGap: StatsGapRule
  private var truncatedHistory: TruncatedHistoryRule

  /// Every rule with its entry of `table`.
  init(_ table: ThresholdTable) {
    func make<Rule: DiagnosisRule>(_: Rule.Type = Rule.self) -> Rule {
      Rule(thresholds: table.entry(Rule.descriptor.code.rawValue))
    }
    highPacketLoss = make()
    lossBurst = make()
    highRoundTripTime = make()
    highJitter = make()
    jitterBufferStress = make()
    lowAvailableBandwidth = make()
    bandwidthLimitedEncoder = make()
    applicationLimitedEncoder = make()
    cpuLimitedEncoder = make()
    codecFallback = make()
    videoFreeze = make()
    videoPause = make()
    lowFrameRate = make()
    resolutionChange = make()
    inactiveLayer = make()
    keyframeStorm = make()
    heavyRetransmission = make()
    audioConcealment = make()
    lowAudioMOS = make()
    dryTrack = make()
    mediaStopped = make()
    oneWayMedia = make()
    connectivityLost = make()
    feedbackStopped = make()
    iceDisconnected = make()
    iceRestart = make()
    candidatePairChange = make()
    turnRelay = make()
    relayOverTCP = make()
    dtlsFailure = make()
    getUserMediaError = make()
    statsGap = make()
    truncatedHistory = make()
  }

  /// Calls `visitor` with every rule in registry order.
  mutating func visit<Visitor: RuleVisitor>(_ visitor: inout Visitor) {
    visitor.visit(&highPacketLoss)
    visitor.visit(&lossBurst)
    visitor.visit(&highRoundTripTime)
    visitor.visit(&highJitter)
    visitor.visit(&jitterBufferStress)
    visitor.visit(&lowAvailableBandwidth)
    visitor.visit(&bandwidthLimitedEncoder)
    visitor.visit(&applicationLimitedEncoder)
    visitor.visit(&cpuLimitedEncoder)
    visitor.visit(&codecFallback)
    visitor.visit(&videoFreeze)
    visitor.visit(&videoPause)
    visitor.visit(&lowFrameRate)
    visitor.visit(&resolutionChange)
    visitor.visit(&inactiveLayer)
    visitor.visit(&keyframeStorm)
    visitor.visit(&heavyRetransmission)
    visitor.visit(&audioConcealment)
    visitor.visit(&lowAudioMOS)
    visitor.visit(&dryTrack)
    visitor.visit(&mediaStopped)
    visitor.visit(&oneWayMedia)
    visitor.visit(&connectivityLost)
    visitor.visit(&feedbackStopped)
    visitor.visit(&iceDisconnected)
    visitor.visit(&iceRestart)
    visitor.visit(&candidatePairChange)
    visitor.visit(&turnRelay)
    visitor.visit(&relayOverTCP)
    visitor.visit(&dtlsFailure)
    visitor.visit(&getUserMediaError)
    visitor.visit(&statsGap)
    visitor.visit(&truncatedHistory)
  }

  /// Reads one poll.
  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    var visitor = PollVisitor(poll: poll, sink: sink)
    sink = FindingSink(peerConnection: nil)
    visit(&visitor)
    sink = visitor.sink
  }

  /// Reads one event.
  mutating func observe(event: StatsEvent, into sink: inout FindingSink) {
    var visitor = EventVisitor(event: event, sink: sink)
    sink = FindingSink(peerConnection: nil)
    visit(&visitor)
    sink = visitor.sink
  }

  /// Reports what is still open.
  mutating func finish(into sink: inout FindingSink) {
    var visitor = FinishVisitor(sink: sink)
    sink = FindingSink(peerConnection: nil)
    visit(&visitor)
    sink = visitor.sink
  }

  /// The codes of the rules in the order ``visit(_:)`` calls them.
  var codes: [DiagnosticCode] {
    var visitor = CodeVisitor()
    var copy = self
    copy.visit(&visitor)
    return visitor.codes
  }
}

/// Something done to every rule of a ``RuleSet``, specialised per rule type.
protocol RuleVisitor {
  /// Does it to `rule`.
  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule)
}

private struct PollVisitor: RuleVisitor {
  let poll: PollContext
  var sink: FindingSink

  @inline(__always)
  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule) { rule.observe(poll, into: &sink) }
}

private struct EventVisitor: RuleVisitor {
  let event: StatsEvent
  var sink: FindingSink

  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule) { rule.observe(event: event, into: &sink) }
}

private struct FinishVisitor: RuleVisitor {
  var sink: FindingSink

  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule) { rule.finish(into: &sink) }
}

private struct CodeVisitor: RuleVisitor {
  var codes: [DiagnosticCode] = []

  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule) { codes.append(Rule.code) }
}
