import RTCStatsCore

/// Synthetic calls for the call-view tests, built from first principles: each sent track's
/// bytes come from a content signal over real time, each dump polls it on its own clock and
/// phase, and a received track counts the bytes of its sender's signal as it arrives.
///
/// What
/// links to what is known by construction, never read back from the code under test.
enum CallFixture {
  /// Milliseconds since the epoch at real time 0.
  static let epoch = 1_800_000_000_000.0

  /// A content signal: bytes per 100 ms slice from real time 0, a random walk around a level.
  struct Signal: Sendable {
    var slices: [Double]

    /// A walk of `seconds` s around `bitrate` bps, varying by `spread` (0–1) from slice to slice.
    init(seed: UInt64, bitrate: Double, seconds: Int = 40, spread: Double = 0.3) {
      var noise = Noise(seed: seed)
      var level = 1.0
      let mean = bitrate / 8 / 10
      slices = (0..<(seconds * 10)).map { _ in
        level = min(max(level + (noise.next() - 0.5) * spread, 0.5), 1.5)
        return mean * level
      }
    }

    /// A signal of these slices.
    init(slices: [Double]) { self.slices = slices }

    /// A constant signal.
    init(constantBitrate: Double, seconds: Int = 40) {
      slices = Array(repeating: constantBitrate / 8 / 10, count: seconds * 10)
    }

    /// Bytes sent from real time 0 to `time` (ms), linear within a slice.
    func cumulative(at time: Double) -> Double {
      let position = max(time / 100, 0)
      let whole = min(Int(position), slices.count)
      let done = slices[0..<whole].reduce(0, +)
      return whole < slices.count ? done + slices[whole] * (position - Double(whole)) : done
    }
  }

  /// A deterministic generator of numbers in 0..<1 (SplitMix64).
  struct Noise {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      value ^= value >> 31
      return Double(value >> 11) / Double(1 << 53)
    }
  }

  /// One stream of a peer connection.
  struct Stream: Sendable {
    var kind: MediaKind
    var direction: Direction
    var ssrc: Double
    var signal: Signal
    /// `mediaSourceId` (outbound) or `trackIdentifier` (inbound).
    var group: String
    var rid: String? = nil
    /// Frame height per poll index (video), else 360.
    var height: @Sendable (Int) -> Double = { _ in 360 }
    /// Loss fraction per poll index: outbound, what the receiver reports; inbound, what it lost.
    var loss: @Sendable (Int) -> Double = { _ in 0 }
    /// Freezes added at these poll indices (inbound video).
    var freezesAt: Set<Int> = []
    /// Whether the stream sends or receives at a poll (a simulcast layer the receiver does
    /// not get still runs; an inbound stream always runs).
    var bytesScale: @Sendable (Int) -> Double = { _ in 1 }
  }

  /// One peer connection.
  struct Connection: Sendable {
    var id: String
    var streams: [Stream]
  }

  /// A dump of `connections` polled `polls` times, once a second from real time `phase` ms,
  /// on a clock `clockOffset` ms ahead of real time.
  static func dump(
    _ source: String, _ connections: [Connection], clockOffset: Double = 0, phase: Double = 0, polls: Int = 31
  ) -> CallDump {
    var analyzer = CallAnalyzer()
    for connection in connections {
      var totals: [Int: (bytes: Double, packets: Double, lost: Double, freezes: Double)] = [:]
      for poll in 0..<polls {
        let real = phase + Double(poll) * 1000
        let timestamp = epoch + real + clockOffset
        var builder = ReportBuilder()
        for (index, stream) in connection.streams.enumerated() {
          let before = stream.signal.cumulative(at: real - 1000)
          let interval =
            poll == 0 ? stream.signal.cumulative(at: real) : stream.signal.cumulative(at: real) - before
          var total = totals[index] ?? (0, 0, 0, 0)
          let bytes = interval * stream.bytesScale(poll)
          let lost = (bytes / 1000) * stream.loss(poll)
          total.bytes += stream.direction == .inbound ? bytes - lost * 1000 : bytes
          total.packets += stream.direction == .inbound ? bytes / 1000 - lost : bytes / 1000
          total.lost += lost.rounded()
          if stream.freezesAt.contains(poll) { total.freezes += 1 }
          totals[index] = total
          add(stream, index: index, poll: poll, at: timestamp, total: total, to: &builder)
        }
        analyzer.consume(builder.report, peerConnection: connection.id)
      }
    }
    return CallDump(source: source, format: "getstats-log", analysis: analyzer.analysis())
  }

  private static func add(
    _ stream: Stream, index: Int, poll: Int, at time: Double,
    total: (bytes: Double, packets: Double, lost: Double, freezes: Double), to builder: inout ReportBuilder
  ) {
    let id = (stream.direction == .outbound ? "OT" : "IT") + "\(index)"
    var numbers: [NumericField: Double] = [.ssrc: stream.ssrc]
    var texts: [TextField: String] = [.kind: stream.kind.rawValue]
    if stream.kind == .video {
      numbers[.frameWidth] = stream.height(poll) * 16 / 9
      numbers[.frameHeight] = stream.height(poll)
    }
    if stream.direction == .outbound {
      numbers[.bytesSent] = total.bytes.rounded()
      numbers[.packetsSent] = total.packets.rounded()
      if stream.kind == .video { numbers[.framesEncoded] = Double(poll * 30) }
      texts[.mediaSourceId] = stream.group
      if let rid = stream.rid { texts[.rid] = rid }
      builder.add(.outboundRTP, id: id, at: time, numbers: numbers, texts: texts)
      builder.add(
        .remoteInboundRTP, id: "RI\(index)", at: time,
        numbers: [
          .ssrc: stream.ssrc, .packetsLost: total.lost, .fractionLost: stream.loss(poll),
          .roundTripTime: 0.02, .roundTripTimeMeasurements: Double(poll),
          .packetsReceived: (total.packets - total.lost).rounded(),
        ],
        texts: [.kind: stream.kind.rawValue, .localId: id])
    } else {
      numbers[.bytesReceived] = total.bytes.rounded()
      numbers[.packetsReceived] = total.packets.rounded()
      numbers[.packetsLost] = total.lost
      if stream.kind == .video {
        numbers[.framesDecoded] = Double(poll * 30)
        numbers[.freezeCount] = total.freezes
      }
      texts[.trackIdentifier] = stream.group
      builder.add(.inboundRTP, id: id, at: time, numbers: numbers, texts: texts)
    }
  }

  /// A publisher's audio and video, sent from one peer connection.
  static func publisher(
    _ id: String, audio: Signal, video: Signal, ssrcBase: Double,
    uplinkLoss: @escaping @Sendable (Int) -> Double = { _ in 0 }
  ) -> Connection {
    Connection(
      id: id,
      streams: [
        Stream(
          kind: .audio, direction: .outbound, ssrc: ssrcBase, signal: audio, group: id + "-audio",
          loss: uplinkLoss),
        Stream(
          kind: .video, direction: .outbound, ssrc: ssrcBase + 1, signal: video, group: id + "-video",
          loss: uplinkLoss),
      ])
  }

  /// A subscriber connection receiving `audio` and `video` under new SSRCs and ids, as an SFU
  /// forwards them.
  static func subscriber(
    _ id: String, audio: Signal, video: Signal, ssrcBase: Double,
    loss: @escaping @Sendable (Int) -> Double = { _ in 0 },
    freezesAt: Set<Int> = []
  ) -> Connection {
    Connection(
      id: id,
      streams: [
        Stream(kind: .audio, direction: .inbound, ssrc: ssrcBase, signal: audio, group: id + "0", loss: loss),
        Stream(
          kind: .video, direction: .inbound, ssrc: ssrcBase + 1, signal: video, group: id + "1", loss: loss,
          freezesAt: freezesAt),
      ])
  }
}
