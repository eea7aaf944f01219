/// Unit conversions for durations.
public enum Durations {
  /// Seconds (W3C `totalFreezesDuration`, `totalPausesDuration`, `jitter`, `roundTripTime`,
  /// `currentRoundTripTime`) to milliseconds.
  public static func milliseconds(fromSeconds seconds: Double) -> Double { seconds * 1000 }
}
