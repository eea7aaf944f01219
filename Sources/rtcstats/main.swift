import RTCStatsCore
import RTCStatsFormats

for path in CommandLine.arguments.dropFirst() {
  var analyzer = CallAnalyzer()
  do {
    let info = try DumpReader.read(path: path, into: &analyzer)
    print(path, info.format, info.details, info.reportCount, info.warnings)
    for pc in analyzer.analysis().peerConnections {
      print(" PC", pc.id, pc.reportCount, pc.duration ?? -1, "rtt", pc.transport.roundTripTime as Any)
      for t in pc.tracks {
        print("  ", t.direction, t.kind, t.codec ?? "-", t.ssrc ?? 0, "br", t.bitrate?.mean ?? -1, "tot", t.totalBitrate?.mean ?? -1, "fps", t.frameRate?.mean ?? -1, "\(t.width ?? 0)x\(t.height ?? 0)", "lost", t.packetsLost ?? -1, t.packetLossPercent ?? -1, "fr", t.freezeCount ?? -1, t.totalFreezesDuration ?? -1, "pa", t.pauseCount ?? -1, t.totalPausesDuration ?? -1)
        for l in t.layers {
          print("     layer", l.rid ?? "-", l.ssrc ?? 0, "\(l.width ?? 0)x\(l.height ?? 0)", l.bitrate?.mean ?? -1, l.encodedFrameRate?.mean ?? -1, l.scalabilityMode ?? "-", l.qualityLimitationReason?.rawValue ?? "-", l.active as Any)
        }
      }
    }
  } catch {
    print("error", path, error)
  }
}
