import Foundation
import RTCStatsCore
import Testing

/// Loss scenarios: graded packetLoss, bursts lined up with truth.json within one poll.
@Suite struct DiagnosisLossTests {
  private let burst = TestData.sharedPath("capture/out/loss20-burst")

  /// Every burst window (truth.json: 20 % loss for 2 s at 5, 11, 17, 23 s) is graded critical
  /// for packetLoss on the receiver, within one poll (1 s), and nothing outside is worse than good.
  @Test(.enabled(if: TestData.isSharedAvailable), arguments: ["out", "out-firefox"])
  func burstWindowsAreGradedPacketLoss(_ folder: String) throws {
    let capture = try DiagnosedCapture(
      TestData.sharedPath("capture/\(folder)/loss20-burst"), "receiver.jsonl")
    #expect(capture.windows.count == 4)
    let receive = try #require(capture.condition()?.receive)
    #expect(receive.reason == .packetLoss)
    #expect(receive.grade == .critical)
    let degraded = DiagnosedCapture.degradedSeconds(receive, atLeast: .fair, t0: capture.t0)
    var inWindows = Set<Int>()
    for window in capture.windows {
      let seconds = Set((Int(window.start) + 1)...Int(window.end))
      inWindows.formUnion(seconds)
      #expect(seconds.isSubset(of: degraded), "window \(window) not graded: \(degraded.sorted())")
    }
    let allowed = Set(inWindows.flatMap { [$0 - 1, $0, $0 + 1] })
    #expect(
      degraded.isSubset(of: allowed),
      "graded outside the windows ±1 s: \(degraded.subtracting(allowed).sorted())")
    for run in receive.timeline where run.grade.isDegraded { #expect(run.reason == .packetLoss) }
  }

  /// One lossBurst finding per window and track, start and end within one poll of the truth.
  @Test(.enabled(if: TestData.isSharedAvailable))
  func lossBurstsLineUpWithTheWindows() throws {
    let capture = try DiagnosedCapture(burst, "receiver.jsonl")
    for kind in [MediaKind.audio, .video] {
      let bursts = capture.findings("lossBurst", kind: kind)
      #expect(bursts.count == 4, "\(kind): \(bursts.map { capture.seconds($0.start) })")
      for (finding, window) in zip(bursts, capture.windows) {
        #expect(abs(capture.seconds(finding.start) - window.start) <= 1)
        #expect(abs(capture.seconds(finding.end) - window.end) <= 1)
      }
    }
    // The sender sees the bursts through its receiver reports (video reports come every second).
    let sender = try DiagnosedCapture(burst, "sender.jsonl")
    let sent = sender.findings("lossBurst", kind: .video)
    #expect(sent.count == 4)
    for (finding, window) in zip(sent, sender.windows) {
      #expect(abs(sender.seconds(finding.start) - window.start) <= 1)
    }
  }

  /// 5 % random loss for the whole call: both sides degraded for packetLoss, a highPacketLoss
  /// finding whose mean matches the loss computed from the raw counters.
  @Test func steadyLossIsSustainedPacketLoss() throws {
    let folder = TestData.sample("captures/loss5")
    let receiver = try DiagnosedCapture(folder, "receiver.jsonl")
    let receive = try #require(receiver.condition()?.receive)
    #expect(receive.grade.isDegraded && receive.reason == .packetLoss)
    #expect(receive.timeShare[.warning] + receive.timeShare[.critical] > 80)
    let video = try #require(receiver.findings("highPacketLoss", kind: .video).first)
    let reference = try ReferenceCapture(jsonl: folder + "/receiver.jsonl")
    let id = try #require(reference.ids(type: "inbound-rtp", kind: "video").first)
    let lost = try #require(reference.last(id, "packetsLost"))
    let received = try #require(reference.last(id, "packetsReceived"))
    guard case .number(let mean) = video.evidence["meanLossPercent"] else {
      Issue.record("no meanLossPercent")
      return
    }
    #expect(abs(mean - lost / (lost + received) * 100) < 1)
    let sender = try DiagnosedCapture(folder, "sender.jsonl")
    let send = try #require(sender.condition()?.send)
    #expect(send.grade.isDegraded && send.reason == .packetLoss && send.degradationSource == .local)
    #expect(!sender.findings("highPacketLoss", kind: .video).isEmpty)
  }

  /// Concealment and retransmission follow the bursts (loss20-burst receiver).
  @Test(.enabled(if: TestData.isSharedAvailable))
  func concealmentAndRetransmissionFollowTheBursts() throws {
    let capture = try DiagnosedCapture(burst, "receiver.jsonl")
    let concealment = capture.findings("audioConcealment")
    #expect(concealment.count == 4)
    let retransmission = capture.findings("heavyRetransmission", kind: .video)
    #expect(!retransmission.isEmpty)
    for finding in concealment + retransmission {
      let start = capture.seconds(finding.start)
      #expect(capture.windows.contains { abs(start - $0.start) <= 1 }, "\(finding.code) at \(start)")
    }
  }
}
