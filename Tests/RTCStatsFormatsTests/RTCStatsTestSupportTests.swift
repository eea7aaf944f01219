import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// Paths of the real dumps the rtcstats dialect tests read from `../shared`, and helpers
/// to run them through the parser and the engine.
enum RTCStatsTestData {
  /// The package root: three levels up from this file.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// `../shared`, beside the package.
  static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

  /// Whether `../shared` is there; tests that read it are skipped otherwise.
  static var isAvailable: Bool { FileManager.default.fileExists(atPath: shared.path) }

  /// A file of `corpus/public`.
  static func publicCorpus(_ name: String) -> String {
    shared.appendingPathComponent("corpus/public/\(name)").path
  }

  /// A file of `corpus/unlicensed` (read in place, never copied).
  static func unlicensedCorpus(_ name: String) -> String {
    shared.appendingPathComponent("corpus/unlicensed/\(name)").path
  }

  /// A file of `capture/out/<scenario>`.
  static func capture(_ scenario: String, _ name: String) -> String {
    shared.appendingPathComponent("capture/out/\(scenario)/\(name)").path
  }

  /// A fixture of this test target (the bundled copy of `Fixtures/<name>`).
  static func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")?.path
      ?? packageRoot.appendingPathComponent("Tests/RTCStatsFormatsTests/Fixtures/\(name)").path
  }

  static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  /// Reads a dump file and analyses it.
  static func analyse(_ path: String) throws -> (DumpInfo, CallAnalysis) {
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(path: path, into: &analyzer)
    return (info, analyzer.analysis())
  }

  /// Reads a dump held in a string and records every report.
  static func record(_ text: String) throws -> (DumpInfo, [RecordedReport]) {
    var recorder = ReportRecorder()
    let info = try DumpReader.read(source: MemoryByteSource(text), into: &recorder)
    return (info, recorder.reports)
  }
}

/// One report as the parser emitted it.
struct RecordedReport {
  var peerConnection: String
  var report: StatsReport

  /// The row with id `id`.
  func row(_ id: String) -> Int? {
    (0..<report.count).first { report.id(at: $0) == id }
  }

  /// A numeric member of the object `id`.
  func number(_ id: String, _ field: NumericField) -> Double? {
    row(id).flatMap { report.number(field, at: $0) }
  }

  /// A text member of the object `id`.
  func text(_ id: String, _ field: TextField) -> String? {
    row(id).flatMap { report.text(field, at: $0) }
  }

  /// The ids, sorted.
  var ids: [String] { (0..<report.count).map { report.id(at: $0) }.sorted() }
}

/// A consumer that keeps a copy of every report.
struct ReportRecorder: StatsReportConsumer {
  var reports: [RecordedReport] = []

  mutating func consume(_ report: StatsReport, peerConnection: String) {
    reports.append(RecordedReport(peerConnection: peerConnection, report: report))
  }
}

extension CallAnalysis {
  /// The peer connection named `id`.
  func connection(_ id: String) -> PeerConnectionAnalysis? {
    peerConnections.first { $0.id == id }
  }

  /// Every track of every peer connection.
  var allTracks: [TrackAnalysis] { peerConnections.flatMap(\.tracks) }
}

extension PeerConnectionAnalysis {
  /// The track that used `ssrc` in `direction`.
  func track(_ direction: Direction, ssrc: UInt32) -> TrackAnalysis? {
    tracks.first { $0.direction == direction && $0.ssrcs.contains(ssrc) }
  }
}

@Suite("rtcstats test support")
struct RTCStatsTestSupportTests {
  @Test func packageRootHoldsThePackageManifest() {
    #expect(
      RTCStatsTestData.exists(
        RTCStatsTestData.packageRoot.appendingPathComponent("Package.swift").path))
  }
}
