/// Audio mean opinion score from the simplified ITU-T G.107 E-model that Twilio's SDKs use
/// (twilio-voice.js `lib/twilio/rtc/mos.ts`, twilio-video.js `lib/preflight/mos.ts`).
///
/// With RTT, jitter in ms and loss in % over one interval:
///
///     effective latency Le = RTT + 2·jitter + 10
///     R = 94.768 − Le/40              when Le < 160
///     R = 94.768 − (Le − 120)/10      when Le < 1000
///     R = 0                           otherwise (Twilio's guard: a second of delay is unusable)
///     R = max(R − 2.5·loss, 6.52)     when loss ≤ R/2.5, else R = 0
///     MOS = 1 + 0.035·R + 7·10⁻⁶·R·(R − 60)·(100 − R)
///
/// 94.768 is Twilio's R₀ (G.107's default R of 93.2 adjusted for a wideband codec); the MOS
/// mapping is G.107 Annex B. The score ranges from 1 to about 4.41 (no delay, no loss).
/// Every input must be known: an unknown RTT gives no score, never the 4.4 of an RTT read as 0.
public enum AudioMOS {
  /// Twilio's R₀.
  public static let r0 = 94.768

  /// The R-factor, or `nil` when an input is unknown or negative.
  public static func rFactor(roundTripTime: Double?, jitter: Double?, lossPercent: Double?) -> Double? {
    guard let rtt = roundTripTime, let jitter, let loss = lossPercent, rtt.isFinite, jitter.isFinite,
      loss.isFinite,
      rtt >= 0, jitter >= 0, loss >= 0
    else { return nil }
    let latency = rtt + 2 * jitter + 10
    var r: Double
    if latency < 160 {
      r = r0 - latency / 40
    } else if latency < 1000 {
      r = r0 - (latency - 120) / 10
    } else {
      r = 0
    }
    r = loss <= r / 2.5 ? Swift.max(r - 2.5 * loss, 6.52) : 0
    return r
  }

  /// The MOS of an R-factor (G.107 Annex B), 1 for R ≤ 0.
  public static func mos(rFactor r: Double) -> Double {
    guard r > 0 else { return 1 }
    return 1 + 0.035 * r + 0.000007 * r * (r - 60) * (100 - r)
  }

  /// The MOS of one interval, or `nil` when an input is unknown.
  public static func score(roundTripTime: Double?, jitter: Double?, lossPercent: Double?) -> Double? {
    rFactor(roundTripTime: roundTripTime, jitter: jitter, lossPercent: lossPercent).map(mos(rFactor:))
  }
}
