import Foundation
import RTCStatsCore
import RTCStatsFormats

/// A real capture analysed with its diagnosis, and its `truth.json` read independently
/// (JSONSerialization): what the harness configured, in seconds since its t0.
struct DiagnosedCapture {
  let analysis: CallAnalysis
  let truth: [String: Any]
  let t0: Double

  /// Analyses `file` of the capture folder `folder` (a path under Samples/ or ../shared).
  init(_ folder: String, _ file: String, retention: TimelineRetention = .all) throws {
    var analyzer = CallAnalyzer(retention: retention)
    _ = try DumpReader.read(path: folder + "/" + file, into: &analyzer)
    analysis = analyzer.analysis()
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/truth.json"))
    truth = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    t0 = (truth["t0_epoch_ms"] as? NSNumber)?.doubleValue ?? 0
  }

  /// Seconds since the harness's t0.
  func seconds(_ time: Double?) -> Double { ((time ?? .nan) - t0) / 1000 }

  /// Findings of `code`, optionally of one connection and track kind/direction.
  func findings(
    _ code: String, peerConnection: String? = nil, kind: MediaKind? = nil, direction: Direction? = nil
  ) -> [Diagnostic] {
    analysis.findings.filter { finding in
      finding.code.rawValue == code && (peerConnection == nil || finding.peerConnection == peerConnection)
        && (kind == nil || finding.track?.kind == kind)
        && (direction == nil || finding.track?.direction == direction)
    }
  }

  /// Findings at warning or worse.
  var warnings: [Diagnostic] { analysis.findings.filter { $0.severity >= .warning } }

  /// The MOS of the first audio track of `peerConnection`.
  func audioMOS(_ peerConnection: String) -> MOSSummary? {
    analysis.peerConnections.first { $0.id == peerConnection }?.audioMOS.first
  }

  /// The network condition of `peerConnection` (the first when `nil`).
  func condition(_ peerConnection: String? = nil) -> NetworkCondition? {
    analysis.peerConnections.first { peerConnection == nil || $0.id == peerConnection }?.networkCondition
  }

  /// The impairment windows of `truth.json` (`network.windows`), in seconds since t0.
  var windows: [(start: Double, end: Double)] {
    let network = truth["network"] as? [String: Any]
    let windows = network?["windows"] as? [[String: Any]] ?? []
    return windows.compactMap { window in
      guard let start = (window["start_s"] as? NSNumber)?.doubleValue,
        let length = (window["duration_s"] as? NSNumber)?.doubleValue
      else { return nil }
      return (start, start + length)
    }
  }

  /// The rate-limit windows of `truth.json` (`network.rate_windows`), in seconds since t0.
  var rateWindows: [(start: Double, end: Double)] {
    let network = truth["network"] as? [String: Any]
    let windows = network?["rate_windows"] as? [[String: Any]] ?? []
    return windows.compactMap { window in
      guard let start = (window["start_s"] as? NSNumber)?.doubleValue,
        let length = (window["duration_s"] as? NSNumber)?.doubleValue
      else { return nil }
      return (start, start + length)
    }
  }

  /// A member of `truth.json`'s `config`.
  func config(_ key: String) -> Any? { (truth["config"] as? [String: Any])?[key] }

  /// The seconds since t0 covered by runs of `summary` at or worse than `grade`, per whole
  /// second (the end of each second in a run).
  static func degradedSeconds(_ summary: NetworkConditionSummary, atLeast grade: NetworkGrade, t0: Double)
    -> Set<Int>
  {
    var result = Set<Int>()
    for run in summary.timeline where run.grade.badness >= grade.badness {
      let first = Int(((run.start - t0) / 1000).rounded())
      let last = Int(((run.end - t0) / 1000).rounded())
      if last > first { for second in (first + 1)...last { result.insert(second) } }
    }
    return result
  }
}
