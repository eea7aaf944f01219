import Foundation
import RTCStatsCore
import Testing

/// A second recording of three scenarios.
///
/// Samples/second-take was recorded with the capture harness on 2026-12-03: the same
/// configuration as ../shared/capture/out, other timings. The first recording's tests passed
/// on both takes except where a rule depended on when a poll or a consent check happened to
/// fall; these pin the fixed behaviour on the take that showed it.
@Suite struct SecondTakeTests {
  private func folder(_ name: String) -> String { TestData.sample("second-take/" + name) }

  /// 20 % loss in 2 s bursts at 5, 11, 17 and 23 s.
  ///
  /// The sender's receiver reports showed the third burst as 8.6 % (it began late in that poll), then 19.9 %: that rising interval
  /// reset the clean run, and the burst was missed. Four bursts on each side, each within
  /// one poll of its window.
  @Test(arguments: ["sender.jsonl.gz", "receiver.jsonl.gz"])
  func everyLossBurstIsFoundOnEitherSide(_ file: String) throws {
    let capture = try DiagnosedCapture(folder("loss20-burst"), file)
    #expect(capture.windows.map(\.start) == [5, 11, 17, 23])
    let bursts = capture.findings("lossBurst", kind: .video)
    #expect(bursts.count == 4, "\(bursts.map { capture.seconds($0.start) })")
    for (finding, window) in zip(bursts, capture.windows) {
      #expect(abs(capture.seconds(finding.start) - window.start) <= 1, "\(capture.seconds(finding.start))")
      #expect(abs(capture.seconds(finding.end) - window.end) <= 1.5, "\(capture.seconds(finding.end))")
    }
  }

  /// Every UDP packet dropped from 12 to 20 s.
  ///
  /// In this take the sender's last bytes arrived
  /// in the poll ending at 12.96 s, the next poll sent no consent check, and checks went
  /// unanswered from the poll ending at 14.97 s: connectivityLost starts when the last bytes
  /// arrived, not a poll later, and covers the cut on both sides.
  @Test(arguments: ["sender.jsonl.gz", "receiver.jsonl.gz"])
  func connectivityLossCoversTheCut(_ file: String) throws {
    let capture = try DiagnosedCapture(folder("outage"), file)
    let cut = try #require(capture.windows.first)
    #expect(cut.start == 12 && cut.end == 20)
    let lost = capture.findings("connectivityLost")
    #expect(lost.count == 1)
    let finding = try #require(lost.first)
    let (start, end) = (capture.seconds(finding.start), capture.seconds(finding.end))
    #expect(start >= cut.start - 1 && start <= cut.start + 1.5, "\(start)")
    #expect(end >= cut.end - 1 && end <= cut.end + 1.5, "\(end)")
    #expect(finding.severity == .critical)
  }

  /// The sender's grade is critical over the cut from the poll without a check on: nothing
  /// arrived in it, and the checks before it were unanswered (it graded excellent before).
  @Test func theSendersGradeIsCriticalFromTheSilentPoll() throws {
    let capture = try DiagnosedCapture(folder("outage"), "sender.jsonl.gz")
    let condition = try #require(capture.condition())
    #expect(condition.send.grade == .critical && condition.send.reason == .networkConditionChange)
    let critical = DiagnosedCapture.degradedSeconds(condition.send, atLeast: .critical, t0: capture.t0)
    #expect(Set(14...20).isSubset(of: critical), "\(critical.sorted())")
    #expect(critical.allSatisfy { (12...21).contains($0) }, "\(critical.sorted())")
  }

  /// One browser's webrtc-internals dump of the SFU call with uplink loss links every stream.
  ///
  /// Publisher A loses 10 % on its uplink: its audio reaches the subscriber with the loss, so its per-poll bytes differ from
  /// what A sent in the lossy polls; those polls no longer count against the identical
  /// share, and A's audio is linked (it was left unlinked at 0.35). Both publishers' audio
  /// and video each reach one subscriber connection, their own.
  @Test func theLossyPublishersAudioIsLinkedInOneBrowsersDump() throws {
    let path = folder("sfu-uplink-loss") + "/webrtc-internals.json.gz"
    let dump = try CallCapture.dump(path, name: "internals")
    let view = CallLinker.link([dump])
    #expect(view.links.count == 4, "\(view.links.map { "\($0.publisher) → \($0.subscriber)" })")
    #expect(view.links.allSatisfy { $0.method == .timing })
    let byPublisher = Dictionary(grouping: view.links, by: \.publisher.peerConnection)
    #expect(byPublisher.count == 2)
    for (publisher, links) in byPublisher {
      #expect(Set(links.map(\.kind)) == [.audio, .video], "\(publisher)")
      #expect(Set(links.map(\.subscriber.peerConnection)).count == 1, "\(publisher)")
    }
    #expect(Set(view.links.map(\.subscriber.peerConnection)).count == 2)
  }
}
