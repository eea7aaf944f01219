/// One instance of every rule of ``RuleRegistry``, each a stored property of its own type, so
/// that every poll calls each rule directly: no existential box to unwrap (and check for
/// uniqueness) and no witness-table call per rule and poll, and the rule's code is
/// specialised for it.
///
/// The rules run in ``RuleRegistry/rules`` order (the order of the findings of one poll); a
/// test checks that ``visit(_:_:)`` lists every registered rule once, in that order.
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

  /// Calls `visitor` with every rule in registry order and `input` (read in place).
  mutating func visit<Visitor: RuleVisitor>(_ visitor: inout Visitor, _ input: borrowing Visitor.Input) {
    visitor.visit(&highPacketLoss, input)
    visitor.visit(&lossBurst, input)
    visitor.visit(&highRoundTripTime, input)
    visitor.visit(&highJitter, input)
    visitor.visit(&jitterBufferStress, input)
    visitor.visit(&lowAvailableBandwidth, input)
    visitor.visit(&bandwidthLimitedEncoder, input)
    visitor.visit(&applicationLimitedEncoder, input)
    visitor.visit(&cpuLimitedEncoder, input)
    visitor.visit(&codecFallback, input)
    visitor.visit(&videoFreeze, input)
    visitor.visit(&videoPause, input)
    visitor.visit(&lowFrameRate, input)
    visitor.visit(&resolutionChange, input)
    visitor.visit(&inactiveLayer, input)
    visitor.visit(&keyframeStorm, input)
    visitor.visit(&heavyRetransmission, input)
    visitor.visit(&audioConcealment, input)
    visitor.visit(&lowAudioMOS, input)
    visitor.visit(&dryTrack, input)
    visitor.visit(&mediaStopped, input)
    visitor.visit(&oneWayMedia, input)
    visitor.visit(&connectivityLost, input)
    visitor.visit(&feedbackStopped, input)
    visitor.visit(&iceDisconnected, input)
    visitor.visit(&iceRestart, input)
    visitor.visit(&candidatePairChange, input)
    visitor.visit(&turnRelay, input)
    visitor.visit(&relayOverTCP, input)
    visitor.visit(&dtlsFailure, input)
    visitor.visit(&getUserMediaError, input)
    visitor.visit(&statsGap, input)
    visitor.visit(&truncatedHistory, input)
  }

  /// Reads one poll.
  mutating func observe(_ poll: PollContext, into sink: inout FindingSink) {
    var visitor = PollVisitor(sink: sink)
    sink = FindingSink(peerConnection: nil)
    visit(&visitor, poll)
    sink = visitor.sink
  }

  /// Reads one event.
  mutating func observe(event: StatsEvent, into sink: inout FindingSink) {
    var visitor = EventVisitor(sink: sink)
    sink = FindingSink(peerConnection: nil)
    visit(&visitor, event)
    sink = visitor.sink
  }

  /// Reports what is still open.
  mutating func finish(into sink: inout FindingSink) {
    var visitor = FinishVisitor(sink: sink)
    sink = FindingSink(peerConnection: nil)
    visit(&visitor, ())
    sink = visitor.sink
  }

  /// The codes of the rules in the order ``visit(_:_:)`` calls them.
  var codes: [DiagnosticCode] {
    var visitor = CodeVisitor()
    var copy = self
    copy.visit(&visitor, ())
    return visitor.codes
  }
}

/// Something done to every rule of a ``RuleSet`` with one input, specialised per rule type.
protocol RuleVisitor {
  /// What each rule is given.
  associatedtype Input
  /// Does it to `rule`.
  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule, _ input: borrowing Input)
}

private struct PollVisitor: RuleVisitor {
  var sink: FindingSink

  @inline(__always)
  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule, _ poll: borrowing PollContext) {
    rule.observe(poll, into: &sink)
  }
}

private struct EventVisitor: RuleVisitor {
  var sink: FindingSink

  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule, _ event: borrowing StatsEvent) {
    rule.observe(event: event, into: &sink)
  }
}

private struct FinishVisitor: RuleVisitor {
  var sink: FindingSink

  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule, _: borrowing Void) { rule.finish(into: &sink) }
}

private struct CodeVisitor: RuleVisitor {
  var codes: [DiagnosticCode] = []

  mutating func visit<Rule: DiagnosisRule>(_ rule: inout Rule, _: borrowing Void) { codes.append(Rule.code) }
}
