/// The network-condition grading ladders: for each input, the value from which an interval is
/// graded good, fair, warning and critical.
///
/// Entries of the ``ThresholdTable``, keyed
/// `condition.…`, overridable like any rule's thresholds.
///
/// Sources, per ladder:
/// - loss: Vonage's bandwidth requirements (excellent below 0.5 %, video acceptable below 3 %,
///   audio below 5 %); LiveKit's connection quality (`pkg/sfu/connectionquality`,
///   `getPacketLossWeight`: video falls to GOOD at 2 % and POOR at 6 % — our warning is
///   Vonage's 3 % —, Opus at 2.5 % and 7.5 %), and critical where LiveKit's packet score
///   reaches 0 (100 − weight·loss: 10 % for video, 12.5 % for Opus);
/// - round-trip time: the E-model knee in Twilio's MOS (effective latency 160 ms), ITU-T G.114
///   (150 ms one way), Twilio's high-rtt warning (400 ms) and Twilio's R = 0 at an effective
///   latency of 1000 ms;
/// - jitter: Twilio's high-jitter warning (30 ms) and webrtc-issue-detector's high jitter
///   (200 ms); video's bounds are doubled (the packets of one frame, and with SVC of all its
///   spatial layers, leave together, so video jitter runs higher than audio's);
/// - feedback: receiver reports come about every second for video and every 5 s for audio
///   (RFC 3550's RTCP interval with libwebrtc's minimum); none for 5 s (10 s audio only)
///   while sending means nothing gets through;
/// - bandwidth: the estimate (`availableOutgoingBitrate`) or the received bitrate as a share of
///   what Vonage says the resolution needs for excellent quality; 40 % is about Vonage's
///   acceptable bound (350/1000 at 720p, 250/600 at 480p).
public enum ConditionLadders {
  /// The ladder entries, in documentation order.
  public static let entries: [ThresholdEntry] = [
    ladder("condition.videoLoss", "% of video packets lost in the interval", 0.5, 2, 3, 10),
    ladder("condition.audioLoss", "% of audio packets lost in the interval", 0.5, 2.5, 5, 12.5),
    ladder("condition.roundTripTime", "round-trip time, ms", 150, 300, 400, 1000),
    ladder("condition.jitter", "audio jitter, ms", 10, 20, 30, 200),
    ladder("condition.videoJitter", "video jitter, ms", 20, 40, 60, 200),
    ladder(
      "condition.freezeShare",
      "% of the interval a received video spent frozen (counted only with a network symptom)", 0.001, 5, 15,
      50),
    ladder(
      "condition.availableBandwidth",
      "available outgoing bitrate as % of what the sent media needs for excellent quality", 100, 70, 40, 15,
      lowerIsWorse: true),
    ladder(
      "condition.receivedVideoBitrate",
      "received video bitrate as % of what its resolution needs (counted only with a network symptom)", 100,
      70, 40,
      15, lowerIsWorse: true),
    ladder(
      "condition.feedbackGap",
      "seconds without a receiver report while sending video (doubled for audio only)", 2.5, 3, 4, 5),
    ThresholdEntry(
      "condition",
      [
        ThresholdValue(
          "minIntervals", 2, "intervals of the last `window` a fair-or-worse grade needs to hold"),
        ThresholdValue("window", 3, "the intervals minIntervals is counted in"),
        ThresholdValue("minPackets", 10, "packets an interval needs before its loss is graded"),
        ThresholdValue(
          "symptomNacksPerSecond", 2,
          "NACKs per second that make freezes and low bitrate count as the network's"),
        ThresholdValue("rttHold", 10_000, "ms a round-trip time is carried over to polls without one"),
        ThresholdValue("reportHold", 2_000, "ms a receiver report's loss and jitter apply after it arrived"),
      ]),
  ]

  private static func ladder(
    _ key: String, _ unit: String, _ good: Double, _ fair: Double, _ warning: Double, _ critical: Double,
    lowerIsWorse: Bool = false
  ) -> ThresholdEntry {
    let word = lowerIsWorse ? "below" : "from"
    return ThresholdEntry(
      key,
      [
        ThresholdValue("good", good, "good \(word) this (\(unit))"),
        ThresholdValue("fair", fair, "fair \(word) this"),
        ThresholdValue("warning", warning, "warning \(word) this"),
        ThresholdValue("critical", critical, "critical \(word) this"),
      ] + (lowerIsWorse ? [ThresholdValue("lowerIsWorse", 1, "1: low values are the bad ones")] : []))
  }
}

/// A grading ladder read from a ``ThresholdEntry``: the badness (0 excellent … 4 critical) of
/// a value.
struct ConditionLadder: Sendable, Hashable {
  /// Bounds of good, fair, warning, critical (stored one by one: the grader reads a ladder
  /// several times per track and poll).
  let good: Double
  let fair: Double
  let warning: Double
  let critical: Double
  let lowerIsWorse: Bool

  init(_ entry: ThresholdEntry) {
    good = entry["good"] ?? .infinity
    fair = entry["fair"] ?? .infinity
    warning = entry["warning"] ?? .infinity
    critical = entry["critical"] ?? .infinity
    lowerIsWorse = (entry["lowerIsWorse"] ?? 0) != 0
  }

  /// 0…4 for `value`: the worst grade whose bound it reaches; `nil` when the value is unknown.
  func badness(_ value: Double?) -> Int? {
    guard let value, value.isFinite else { return nil }
    var result = 0
    if reaches(value, good) { result = 1 }
    if reaches(value, fair) { result = 2 }
    if reaches(value, warning) { result = 3 }
    if reaches(value, critical) { result = 4 }
    return result
  }

  private func reaches(_ value: Double, _ bound: Double) -> Bool {
    lowerIsWorse ? value < bound : value >= bound
  }
}
