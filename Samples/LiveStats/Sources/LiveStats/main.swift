import Foundation
import RTCStatsCore
import RTCStatsFormats

// Replays a captured JSON-lines getStats log as an app would receive it: one snapshot at a
// time, waiting between snapshots as long as the capture did (divided by --speed), and
// prints the Vonage-shaped stats of every interval and every network-condition change.
//
//     swift run LiveStats ../captures/loss5/receiver.jsonl --speed 50

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else {
  FileHandle.standardError.write(Data("usage: LiveStats LOG.jsonl [--speed N]\n".utf8))
  exit(64)
}
let speed = arguments.firstIndex(of: "--speed").flatMap { Double(arguments[$0 + 1]) } ?? 100
let text = try String(contentsOfFile: path, encoding: .utf8)

var live = LiveSnapshotAnalyzer()
var previousTime: Double?
var condition = (send: NetworkGrade.unknown, receive: NetworkGrade.unknown)
for line in text.split(separator: "\n") where !line.isEmpty {
  let stats = try live.add(String(line))
  if let time = stats.timestamp, let previous = previousTime, time > previous {
    try await Task.sleep(for: .milliseconds(Int((time - previous) / speed)))
  }
  previousTime = stats.timestamp ?? previousTime
  for video in stats.publisherVideo where video.figures.duration != nil {
    let layers = video.videoLayers.map { "\($0.rid ?? "-") \(Int($0.height ?? 0))p \(Int($0.bitrate ?? 0))" }
    print(
      "#\(stats.sequence) publisher video \(Int(video.bitrate ?? 0)) bps, sent \(video.videoPacketsSent ?? 0)",
      "packets, layers [\(layers.joined(separator: ", "))]")
  }
  for audio in stats.publisherAudio where audio.figures.duration != nil {
    print(
      "#\(stats.sequence) publisher audio \(Int(audio.bitrate ?? 0)) bps, lost \(audio.audioPacketsLost ?? 0)"
    )
  }
  for video in stats.subscriberVideo where video.figures.duration != nil {
    print(
      "#\(stats.sequence) subscriber video \(Int(video.bitrate ?? 0)) bps, \(video.decodedFrameRate ?? 0) fps,",
      "\(Int(video.width ?? 0))x\(Int(video.height ?? 0)), lost \(video.videoPacketsLost ?? 0),",
      "freezes \(video.freezeCount ?? 0) (\(Int(video.totalFreezesDuration ?? 0)) ms),",
      "pauses \(video.pauseCount ?? 0)")
  }
  for audio in stats.subscriberAudio where audio.figures.duration != nil {
    print(
      "#\(stats.sequence) subscriber audio \(Int(audio.bitrate ?? 0)) bps, lost \(audio.audioPacketsLost ?? 0)"
    )
  }
  if (stats.send.grade, stats.receive.grade) != condition {
    condition = (stats.send.grade, stats.receive.grade)
    print(
      "#\(stats.sequence) network condition: send \(stats.send.grade) (\(stats.send.reason)),",
      "receive \(stats.receive.grade) (\(stats.receive.reason), source \(stats.receive.degradationSource)),",
      "estimate \(Int(stats.publisherTransport.connectionEstimatedBandwidth ?? 0)) bps")
  }
  for finding in stats.findingsStarted {
    print("#\(stats.sequence) finding started: \(finding.code.rawValue)")
  }
  for finding in stats.findingsEnded { print("#\(stats.sequence) finding ended: \(finding.code.rawValue)") }
}
