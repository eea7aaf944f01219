import RTCStatsCore

/// Turns a legacy (callback `getStats`, Chrome < M117, libwebrtc `StatsCollector`) report
/// into W3C rows, so that the engine analyses old dumps like new ones.
///
/// Sources of the field meanings: libwebrtc `pc/legacy_stats_collector.cc` (earlier
/// `stats_collector.cc`: `ExtractStats` for `VoiceSenderInfo`, `VoiceReceiverInfo`,
/// `VideoSenderInfo`, `VideoReceiverInfo`, `BandwidthEstimationInfo`, candidate pairs) and
/// the legacy dumps in the corpus. Legacy values are strings; times are **ms**, levels
/// 0–32767, bitrates bps. Every mapping, per legacy object:
///
/// `ssrc` with `bytesSent` (or an id ending in `_send`) → `outbound-rtp` (same id):
/// - `ssrc`, `mediaType` → `kind`, `bytesSent`, `packetsSent` (legacy byte counts may include
///   RTP headers and padding, unless Chrome ran with standard byte stats),
/// - `googFrameWidthSent`/`googFrameHeightSent` → `frameWidth`/`frameHeight` (px),
///   `googFrameRateSent` → `framesPerSecond` (encoded fps), `framesEncoded`, `qpSum`,
///   `hugeFramesSent`,
/// - `googNacksReceived`/`googPlisReceived`/`googFirsReceived` → `nackCount`/`pliCount`/
///   `firCount`, `codecImplementationName` → `encoderImplementation`,
/// - `googBandwidthLimitedResolution`/`googCpuLimitedResolution` (`"true"`/`"false"`, the
///   encoder's adapt reason) → `qualityLimitationReason` `bandwidth`, else `cpu`, else
///   `none`; legacy stats have no durations, so `qualityLimitationDurations` (s) are rebuilt
///   by giving the time since the stream's previous poll to the reason of this poll;
///   `googAdaptationChanges` → `qualityLimitationResolutionChanges`,
/// - plus a `remote-inbound-rtp` (id `RI<id>`, `localId` = the outbound id) from the
///   receiver reports: `googRtt` (ms, > 0) → `roundTripTime` (s), `packetsLost` (lost as
///   reported by the remote) → `packetsLost`, `googJitterReceived` (ms, remote jitter) →
///   `jitter` (s);
/// - plus a `media-source` (id `MS<googTrackId>`, shared by simulcast layers of one track):
///   `googTrackId` → `trackIdentifier`, `audioInputLevel` (0–32767) → `audioLevel` (÷ 32767),
///   `totalAudioEnergy`, `totalSamplesDuration`, `googFrameWidthInput`/
///   `googFrameHeightInput` → `width`/`height`, `googFrameRateInput` → `framesPerSecond`.
///
/// `ssrc` with `bytesReceived` (or an id ending in `_recv`) → `inbound-rtp` (same id):
/// - `ssrc`, `mediaType` → `kind`, `googTrackId` → `trackIdentifier`, `bytesReceived`,
///   `packetsReceived`, `packetsLost`, `googJitterReceived` (ms, audio) → `jitter` (s),
/// - `googFrameWidthReceived`/`googFrameHeightReceived` → `frameWidth`/`frameHeight`,
///   `googFrameRateDecoded` → `framesPerSecond` (decoded fps, as W3C defines it; the
///   received and rendered rates `googFrameRateReceived`/`googFrameRateOutput` are used only
///   when it is absent), `framesDecoded` (when > 0), `qpSum`,
/// - `googNacksSent`/`googPlisSent`/`googFirsSent` → `nackCount`/`pliCount`/`firCount`,
///   `codecImplementationName` → `decoderImplementation`,
/// - `audioOutputLevel` (0–32767) → `audioLevel` (÷ 32767), `totalAudioEnergy`,
///   `totalSamplesDuration`,
/// - NetEq decode calls (one call = 10 ms of audio): `googDecodingCTN` (all calls) →
///   `totalSamplesReceived`, `googDecodingPLC` + `googDecodingPLCCNG` (calls that concealed
///   loss) → `concealedSamples`, both × 480 (10 ms at 48 kHz); only their ratio is used.
/// - Legacy stats have no freeze or pause counters (`googInterframeDelayMax` is a
///   per-second maximum, not a count), so legacy dumps report no freezes.
///
/// Both directions get a `codec` (id `C<kind>/<googCodecName>`, `mimeType`
/// `<mediaType>/<googCodecName>`) referenced by `codecId`.
///
/// `googCandidatePair` (Chrome 48: `candidatepair`) → `candidate-pair` (same id):
/// `localCandidateId`, `remoteCandidateId`, `googChannelId` → `transportId`, `bytesSent`,
/// `bytesReceived`, `packetsSent`, `responsesReceived`. The active pair
/// (`googActiveConnection: "true"`) is the selected one: `state` `succeeded`, `nominated`,
/// `selected`, `googRtt` (ms, > 0) → `currentRoundTripTime` (s), and the `VideoBwe`
/// (`bweforvideo`) estimate `googAvailableSendBandwidth` (bps) → `availableOutgoingBitrate`,
/// `googAvailableReceiveBandwidth` (bps, > 0) → `availableIncomingBitrate`. Inactive pairs
/// carry their counters only (their `googRtt` is a placeholder such as 3000).
///
/// `googComponent` (`Channel-audio-1`) → `transport` (same id) whose
/// `selectedCandidatePairId` is the active pair of that channel (else the component's own).
///
/// `localcandidate`/`remotecandidate` → `local-candidate`/`remote-candidate`:
/// `candidateType` `host`/`serverreflexive`/`peerreflexive`/`relayed` → `host`/`srflx`/
/// `prflx`/`relay`, `transport` → `protocol`, `ipAddress` → `address`, `portNumber` →
/// `port`, `networkType`.
///
/// Everything else (`googTrack`, `googLibjingleSession`, `googCertificate`, and the W3C-like
/// objects an old polyfill added next to the legacy ones) is left out.
///
/// One mapper serves one peer connection: it keeps the rebuilt limitation durations of its
/// streams between polls.
struct LegacyGoogStatsMapper {
  /// Seconds per quality limitation reason (none, cpu, bandwidth) and the time of the last
  /// poll, per outbound stream id.
  var limitations: [String: LimitationState] = [:]

  struct LimitationState {
    var lastTimestamp: Double
    var none = 0.0
    var cpu = 0.0
    var bandwidth = 0.0
  }

  /// Derived ids per legacy id, built once.
  var derivedIDs: [String: DerivedIDs] = [:]
  var extraIDs: [String: [String: String]] = [:]
  var emittedExtras: [String] = []

  struct DerivedIDs {
    var remoteInbound: String
  }

  /// NetEq decodes 10 ms per call; 480 samples at 48 kHz.
  static let samplesPerDecodeCall = 480.0
  /// Full scale of `audioInputLevel`/`audioOutputLevel`.
  static let levelFullScale = 32767.0

  init() {}

  /// Whether a report of legacy objects is worth mapping: it has at least one object of a
  /// type the mapper knows.
  static func isLegacyType(_ typeName: String) -> Bool {
    switch typeName {
    case "ssrc", "VideoBwe", "googCandidatePair", "googComponent": true
    default: false
    }
  }

  /// Appends the W3C rows for every object of `legacy` to `report`.
  ///
  /// The state kept per stream id (rebuilt durations, derived ids) is forgotten past
  /// ``ReaderLimits/objectsPerReport`` ids, so that a dump whose ids never repeat cannot
  /// grow it without bound.
  mutating func map(_ legacy: LegacyGoogStatsReport, into report: inout StatsReport) {
    emittedExtras.removeAll(keepingCapacity: true)
    if limitations.count > ReaderLimits.objectsPerReport { limitations.removeAll() }
    if derivedIDs.count > ReaderLimits.objectsPerReport { derivedIDs.removeAll() }
    if extraIDs.count > ReaderLimits.objectsPerReport { extraIDs.removeAll() }
    var sendBandwidth: Double?
    var receiveBandwidth: Double?
    var activePairs: [(channel: String?, id: String)] = []
    for row in 0..<legacy.count {
      let typeName = legacy.typeName(at: row)
      if typeName == "VideoBwe" || legacy.id(at: row) == "bweforvideo" {
        sendBandwidth = legacy.number(.googAvailableSendBandwidth, at: row)
        receiveBandwidth = legacy.number(.googAvailableReceiveBandwidth, at: row)
      } else if Self.isCandidatePair(typeName), legacy.number(.googActiveConnection, at: row) == 1 {
        activePairs.append((legacy.text(.googChannelId, at: row), legacy.id(at: row)))
      }
    }
    for row in 0..<legacy.count {
      let typeName = legacy.typeName(at: row)
      let timestamp = legacy.timestamp(at: row) ?? .nan
      switch typeName {
      case "ssrc":
        mapSSRC(legacy, row: row, timestamp: timestamp, into: &report)
      case "googComponent":
        let id = legacy.id(at: row)
        let target = report.append(
          id: id, type: .transport, typeName: "transport", timestamp: timestamp)
        let active =
          activePairs.first { $0.channel == id }?.id
          ?? (activePairs.count == 1 ? activePairs[0].id : nil)
        if let pair = active ?? legacy.text(.selectedCandidatePairId, at: row) {
          report.setText(pair, .selectedCandidatePairId, at: target)
        }
      case "localcandidate", "remotecandidate":
        mapCandidate(
          legacy, row: row, isLocal: typeName == "localcandidate", timestamp: timestamp,
          into: &report)
      default:
        if Self.isCandidatePair(typeName) {
          mapPair(
            legacy, row: row, timestamp: timestamp, sendBandwidth: sendBandwidth,
            receiveBandwidth: receiveBandwidth, into: &report)
        }
      }
    }
  }

  static func isCandidatePair(_ typeName: String) -> Bool {
    typeName == "googCandidatePair" || typeName == "candidatepair"
  }
}
