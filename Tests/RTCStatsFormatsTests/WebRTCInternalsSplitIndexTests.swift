import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// A webrtc-internals document indexed in two halves, the second by a helper thread
/// (``IndexSplit``), must give exactly what one pass gives: the same analysis, events and
/// findings, wherever the helper starts; and a start the main pass never reaches must be
/// dropped without changing anything.
@Suite struct WebRTCInternalsSplitIndexTests {
  /// Real dumps: two captures kept in Samples, and the shared captures and corpus when present.
  static var dumps: [String] {
    var paths = ["captures/basic/webrtc-internals.json", "captures/simulcast/webrtc-internals.json"]
      .map(TestData.sample)
    for name in ["sfu-simulcast", "outage", "loss20-burst", "svc"] {
      paths.append(TestData.sharedPath("capture/out/\(name)/webrtc-internals.json"))
    }
    for name in [
      "internals-chrome144-2pc-screenshare.txt", "internals-chrome147-2pc-lowfps.txt",
      "internals-chrome149-h265-recvonly-freezes.txt", "internals-chrome86-oldformat-4min.json",
    ] {
      paths.append(TestData.sharedPath("corpus/unlicensed/" + name))
    }
    return paths.filter { FileManager.default.fileExists(atPath: $0) }
  }

  /// The analysis of `bytes` read by the parser alone, with the helper starting its search
  /// at `start` (a share of the size), or on one pass when `start` is `nil`.
  static func analyse(_ bytes: [UInt8], splitAt start: Double?) -> (Result<CallAnalysis, DumpError>, Int) {
    var context = DialectContext()
    context.allowsParallelLines = start != nil
    context.splitIndexMinimumSize = 0
    context.splitIndexStart = start ?? 0.5
    var parser = WebRTCInternalsParser(context)
    var window = StreamWindow()
    var source = MemoryByteSource(bytes)
    var analyzer = CallAnalyzer()
    var info = DumpInfo(format: .webrtcInternals)
    do throws(DumpError) {
      _ = try parser.parse(window: &window, source: &source, into: &analyzer, info: &info)
      parser.finish(into: &analyzer, info: &info)
    } catch {
      return (.failure(error), parser.splitsTaken)
    }
    return (.success(analyzer.analysis()), parser.splitsTaken)
  }

  static func expectSame(
    _ split: Result<CallAnalysis, DumpError>, _ whole: Result<CallAnalysis, DumpError>, _ label: String
  ) {
    switch (split, whole) {
    case (.success(let got), .success(let expected)):
      #expect(got.peerConnections.map(\.id) == expected.peerConnections.map(\.id), "\(label)")
      // Compared as one value: printing both analyses on a mismatch would be megabytes.
      let isSame = got == expected
      #expect(isSame, "\(label)")
    case (.failure(let got), .failure(let expected)):
      #expect(got.description == expected.description, "\(label)")
    default:
      Issue.record("\(label): one reading failed, the other did not")
    }
  }

  @Test(arguments: dumps)
  func everyStartGivesTheOnePassAnalysis(path: String) throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let (whole, _) = Self.analyse(bytes, splitAt: nil)
    var taken = 0
    for tenth in 1..<10 {
      let (split, splits) = Self.analyse(bytes, splitAt: Double(tenth) / 10)
      Self.expectSame(split, whole, "\(path) split at \(tenth)/10")
      taken += splits
    }
    // The old layout has few series and may offer no start; the others must use the helper.
    if !path.contains("oldformat") { #expect(taken > 0, "\(path): the helper's index was never taken") }
  }

  /// A document cut in its second half: the helper fails, the main pass reports the cut.
  @Test func aCutDocumentGivesTheOnePassResult() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.dumps[0])))
    for share in [0.6, 0.8, 0.95] {
      let cut = Array(bytes[..<Int(Double(bytes.count) * share)])
      Self.expectSame(Self.analyse(cut, splitAt: 0.5).0, Self.analyse(cut, splitAt: nil).0, "cut at \(share)")
    }
  }

  /// `}` then `,"<id>-<property>":{` outside a `stats` object (a connection member named like
  /// a series, after an object value): the helper starts there, the main pass never reaches
  /// that point inside `stats`, and the index is the one-pass index.
  @Test func aFalseBoundaryIsDropped() throws {
    let series =
      #"{"statsType":"outbound-rtp","values":"[1,2,3]","startTime":"2026-01-01T00:00:00.000Z","#
      + #""endTime":"2026-01-01T00:00:02.000Z"}"#
    let stats = (0..<40).map { #""OT\#($0)-bytesSent":\#(series)"# }.joined(separator: ",")
    let text =
      #"{"PeerConnections":{"1-1":{"stats":{"# + stats
      + #"}},"1-2":{"rtcConfiguration":{"x":1},"OT9-bytesSent":{"x":1},"stats":{"# + stats + "}}}}"
    let bytes = Array(text.utf8)
    let falseStart = try #require(text.utf8.firstRange(of: #"{"x":1}"#.utf8)).lowerBound
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: falseStart)
    let found = bytes.withUnsafeBufferPointer {
      IndexSplit.seriesBoundary(base: $0.baseAddress!, count: $0.count, from: offset)
    }
    #expect(found == offset + 7)
    let (whole, _) = Self.analyse(bytes, splitAt: nil)
    let (split, taken) = Self.analyse(bytes, splitAt: Double(offset) / Double(bytes.count))
    #expect(taken == 0)
    Self.expectSame(split, whole, "false boundary")
  }
}
