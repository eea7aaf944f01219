/// Every diagnosis rule, in the order `explain` lists them and README documents them.
///
/// Adding a rule: one file under `Diagnosis/Rules/` declaring a ``DiagnosisRule`` with its
/// ``RuleDescriptor``, plus one line here and its stored property in ``RuleSet`` (which calls
/// each rule directly; a test checks the two lists agree). Its thresholds join the
/// ``ThresholdTable`` and `explain` from the descriptor.
public enum RuleRegistry {
  /// The rule types.
  public static let rules: [any DiagnosisRule.Type] = [
    // Network: loss, delay, bandwidth.
    HighPacketLossRule.self,
    LossBurstRule.self,
    HighRoundTripTimeRule.self,
    HighJitterRule.self,
    JitterBufferStressRule.self,
    LowAvailableBandwidthRule.self,
    // Encoder limits.
    BandwidthLimitedEncoderRule.self,
    ApplicationLimitedEncoderRule.self,
    CPULimitedEncoderRule.self,
    CodecFallbackRule.self,
    // What the viewer and listener get.
    VideoFreezeRule.self,
    VideoPauseRule.self,
    LowFrameRateRule.self,
    ResolutionChangeRule.self,
    InactiveLayerRule.self,
    KeyframeStormRule.self,
    HeavyRetransmissionRule.self,
    AudioConcealmentRule.self,
    LowAudioMOSRule.self,
    // Media flow and connectivity.
    DryTrackRule.self,
    MediaStoppedRule.self,
    OneWayMediaRule.self,
    ConnectivityLostRule.self,
    FeedbackStoppedRule.self,
    IceDisconnectedRule.self,
    IceRestartRule.self,
    CandidatePairChangeRule.self,
    TurnRelayRule.self,
    RelayOverTCPRule.self,
    DTLSFailureRule.self,
    GetUserMediaErrorRule.self,
    // The data itself.
    StatsGapRule.self,
    TruncatedHistoryRule.self,
  ]

  /// Every rule's descriptor, in registry order.
  public static var descriptors: [RuleDescriptor] { rules.map { $0.descriptor } }

  /// The descriptor of the rule with code `code`, or `nil`.
  public static func descriptor(code: String) -> RuleDescriptor? {
    rules.lazy.map { $0.descriptor }.first { $0.code.rawValue == code }
  }
}
