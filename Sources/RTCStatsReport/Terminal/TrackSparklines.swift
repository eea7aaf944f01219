public import RTCStatsCore

/// Each track's bitrate and frame rate over its peer connection's time span as terminal
/// sparklines (``Sparkline``), for the table view on a terminal.
///
/// The series are those the report draws (one point per poll, gaps where the track closed no
/// interval), bucketed by time over the connection's first to last report, so the sparklines
/// of one connection line up.
public enum TrackSparklines {
  /// One track's sparklines.
  public struct Line: Sendable, Hashable {
    /// The track.
    public var track: TrackID
    /// The bitrate, ``Sparkline/width`` characters.
    public var bitrate: String
    /// The frame rate, for video; `nil` for audio.
    public var frameRate: String?
  }

  /// The lines of `connection`'s tracks, in its track order; none without two timed reports.
  public static func lines(for connection: PeerConnectionAnalysis, width: Int) -> [Line] {
    guard let start = connection.startTime, let end = connection.endTime, end > start else { return [] }
    let range = TimeRange(start: start, end: end)
    let series = ConnectionSeries(connection.timeline)
    let sparkline = Sparkline(width: width)
    return connection.tracks.map { track in
      let drawn = series.tracks[track.id] ?? TrackSeries()
      return Line(
        track: track.id, bitrate: sparkline.render(drawn.series("bitrate"), over: range),
        frameRate: track.kind == .video ? sparkline.render(drawn.series("frameRate"), over: range) : nil)
    }
  }
}
