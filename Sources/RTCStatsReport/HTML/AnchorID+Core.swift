public import RTCStatsCore

extension AnchorID {
  /// The anchor of a peer connection's section: `pc-…`.
  public init(peerConnection: String) {
    self.init("pc", peerConnection)
  }

  /// The anchor of a track's section: `track-…`, distinct for every distinct ``TrackID``.
  public init(track: TrackID) {
    self.init(
      "track", track.peerConnection, track.direction.rawValue, track.kind?.rawValue ?? "unknown",
      track.group.key)
  }

  /// The anchor of a stream's section (a simulcast/SVC layer): `layer-…`.
  public init(stream: StreamID) {
    self.init(
      components: [
        "layer", stream.track.peerConnection, stream.track.direction.rawValue,
        stream.track.kind?.rawValue ?? "unknown", stream.track.group.key, stream.statsID,
      ])
  }

  /// The anchor of a chart inside a section: the section's anchor and the chart's name.
  public init(chart name: String, in section: AnchorID) {
    self.init(section.value, "chart", name)
  }
}
