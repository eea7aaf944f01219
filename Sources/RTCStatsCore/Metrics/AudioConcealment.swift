/// Audio concealment (inbound audio).
public enum AudioConcealment {
  /// Concealed samples in percent, 0–100: `concealedSamples` / `totalSamplesReceived` · 100.
  ///
  /// W3C: `concealedSamples` counts samples synthesised by packet-loss concealment (including
  /// `silentConcealedSamples`); `totalSamplesReceived` counts every sample played out.
  public static func percent(concealed: Double, total: Double) -> Double? {
    guard total > 0, concealed >= 0 else { return nil }
    return Swift.min(concealed / total * 100, 100)
  }
}
