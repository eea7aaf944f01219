import RTCStatsCore
import RTCStatsFormats

// Each argument is one getStats() result, e.g. the Vonage SDK's jsonArrayOfReports string.
var live = LiveSnapshotAnalyzer()
for json in CommandLine.arguments.dropFirst() {
  let stats = try live.add(json)
  for video in stats.subscriberVideo {
    print("video \(video.bitrate ?? 0) bps, \(video.height ?? 0)p, \(video.freezeCount ?? 0) freezes")
  }
  for layer in stats.publisherVideo.flatMap(\.videoLayers) {
    print("layer \(layer.rid ?? "-"): \(layer.width ?? 0)x\(layer.height ?? 0), \(layer.bitrate ?? 0) bps")
  }
  print("receive \(stats.receive.grade) (\(stats.receive.reason), \(stats.receive.degradationSource))")
  for finding in stats.findingsStarted { print("started: \(finding.code.rawValue)") }
}
