/// Where a stream of a call lives: a dump, a peer connection of it, a track.
public struct EndpointReference: Sendable, Hashable, Comparable {
  /// Position of the dump in the call's dumps.
  public var dump: Int
  /// The track, with its peer connection, direction and kind.
  public var track: TrackID

  /// Creates a reference.
  public init(dump: Int, track: TrackID) {
    self.dump = dump
    self.track = track
  }

  /// The peer connection, as the dump names it.
  public var peerConnection: String { track.peerConnection }

  /// Ordered by dump, then track.
  public static func < (lhs: EndpointReference, rhs: EndpointReference) -> Bool {
    lhs.dump != rhs.dump ? lhs.dump < rhs.dump : lhs.track < rhs.track
  }
}

/// One encoding of an endpoint: a simulcast or SVC layer of a sent track, or the whole of a
/// received track.
public struct EndpointLayer: Sendable, Equatable {
  /// Simulcast `rid`, when the encoding has one.
  public var rid: String?
  /// The encoding's SSRCs, in order of appearance.
  public var ssrcs: [UInt32]
  /// Its samples.
  public var series: MediaSeries

  /// Creates a layer.
  public init(rid: String?, ssrcs: [UInt32], series: MediaSeries) {
    self.rid = rid
    self.ssrcs = ssrcs
    self.series = series
  }
}

/// One side of a possible link: a track a peer connection sends (with its layers) or one it
/// receives, with the series the linker aligns.
public struct LinkEndpoint: Sendable, Equatable {
  /// Where the track is.
  public var reference: EndpointReference
  /// Audio or video.
  public var kind: MediaKind
  /// The track's summary (codec, `trackIdentifier`, `mid`, figures over the call).
  public var summary: TrackAnalysis
  /// Outbound: one per encoding, in the engine's layer order; inbound: one.
  public var layers: [EndpointLayer]

  /// Creates an endpoint.
  public init(reference: EndpointReference, kind: MediaKind, summary: TrackAnalysis, layers: [EndpointLayer])
  {
    self.reference = reference
    self.kind = kind
    self.summary = summary
    self.layers = layers
  }

  /// Sent or received.
  public var direction: Direction { reference.track.direction }
  /// Every SSRC of every layer.
  public var ssrcs: [UInt32] { layers.flatMap(\.ssrcs) }
  /// The received series (the first layer's).
  public var series: MediaSeries { layers.first?.series ?? MediaSeries(samples: []) }
  /// First sample time over the layers.
  public var start: Double? { layers.compactMap(\.series.start).min() }
  /// Last sample time over the layers.
  public var end: Double? { layers.compactMap(\.series.end).max() }

  /// The endpoint with only the layers that carry one of `ssrcs` (all of them when none does):
  /// what a receiver linked by SSRC gets of a simulcast sender.
  public func restricted(to ssrcs: [UInt32]) -> LinkEndpoint {
    let wanted = Set(ssrcs)
    let carrying = layers.filter { !wanted.isDisjoint(with: $0.ssrcs) }
    guard !carrying.isEmpty, carrying.count < layers.count else { return self }
    var copy = self
    copy.layers = carrying
    return copy
  }

  /// Every endpoint of `dump` (position `index` in the call), in peer connection and track order.
  public static func endpoints(of dump: CallDump, index: Int) -> [LinkEndpoint] {
    var result: [LinkEndpoint] = []
    for connection in dump.analysis.peerConnections {
      let timeline = connection.timeline
      for track in connection.tracks {
        let reference = EndpointReference(dump: index, track: track.id)
        let layers: [EndpointLayer]
        if track.direction == .outbound && !track.layers.isEmpty {
          layers = track.layers.map { layer in
            let info = timeline.streams[layer.streamIndex]
            return EndpointLayer(
              rid: layer.rid, ssrcs: info.ssrcs,
              series: MediaSeries(timeline: timeline, members: [layer.streamIndex]))
          }
        } else if track.direction == .outbound {
          layers = track.streamIndices.map { stream in
            let info = timeline.streams[stream]
            return EndpointLayer(
              rid: info.rid, ssrcs: info.ssrcs, series: MediaSeries(timeline: timeline, members: [stream]))
          }
        } else {
          let series = MediaSeries(timeline: timeline, members: Set(track.streamIndices))
          layers = [EndpointLayer(rid: nil, ssrcs: track.ssrcs, series: series)]
        }
        result.append(LinkEndpoint(reference: reference, kind: track.kind, summary: track, layers: layers))
      }
    }
    return result
  }
}
