extension PeerConnectionAnalysis {
  /// The MOS of the audio track `track`; `nil` for a video track or one never scored.
  public func audioMOS(of track: TrackID) -> MOSSummary? {
    audioMOS.first { $0.track == track }
  }
}
