import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// What one dump's decoder learned, kept for the next dumps (``LearnedStore``), changes
/// nothing that is read, and stays bounded.
@Suite struct LearnedStoreTests {
  /// getStats logs of different calls and browsers (Samples and, when present, ../shared).
  static func paths() -> [String] {
    var paths: [String] = []
    for call in ["basic", "audio-only", "freeze", "pause", "simulcast", "svc"] {
      for side in ["receiver.jsonl", "sender.jsonl", "sender.json", "sender-last-snapshot.json"] {
        paths.append(TestData.sample("captures/\(call)/\(side)"))
      }
    }
    paths.append(TestData.sample("captures/sfu-uplink-loss/subscriber.jsonl"))
    for call in ["loss5", "outage", "bandwidth", "sfu-simulcast"] {
      for side in ["receiver.jsonl", "sender.json", "subscriber.jsonl"] {
        paths.append(TestData.sharedPath("capture/out/\(call)/\(side)"))
      }
    }
    return paths.filter { FileManager.default.fileExists(atPath: $0) }
  }

  /// The analysis of `bytes` read by a getStats parser that takes from and gives back to
  /// `store` (none: a decoder that starts from nothing).
  static func analyse(_ bytes: [UInt8], store: LearnedStore?) throws -> (DumpInfo, CallAnalysis) {
    var context = DialectContext(sizeHint: bytes.count)
    context.learned = store
    var parser = GetStatsParser(context)
    var window = StreamWindow()
    var source = MemoryByteSource(bytes)
    var analyzer = CallAnalyzer()
    var info = DumpInfo(format: .getStatsLog)
    _ = try parser.parse(window: &window, source: &source, into: &analyzer, info: &info)
    parser.finish(into: &analyzer, info: &info)
    return (info, analyzer.analysis())
  }

  @Test func eachDumpReadsAsAloneAfterTheOthers() throws {
    let paths = Self.paths()
    #expect(paths.count >= 10)
    let store = LearnedStore()
    // Twice round, so that every dump is also read after all the others.
    for path in paths + paths {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      let (aloneInfo, alone) = try Self.analyse(bytes, store: nil)
      let (warmInfo, warm) = try Self.analyse(bytes, store: store)
      #expect(warmInfo == aloneInfo, "\(path)")
      let isSame = warm == alone
      #expect(isSame, "\(path)")
      // Read one after another, the dumps pass one state along.
      #expect(store.count == 1, "\(path)")
    }
    // The next parser starts from what the last one learned.
    let next = GetStatsParser(DialectContext(learned: store))
    #expect(next.snapshots.decoder.interner.count > 0)
    #expect(store.count == 0)
  }

  /// A state that grew too large is dropped, and no more than ``LearnedStore/maximumKept``
  /// are kept.
  @Test func theStoreIsBounded() {
    func learned(strings: Int) -> MemberDecoder.Learned {
      var decoder = MemberDecoder()
      for index in 0..<strings {
        let bytes = Array("RTCInboundRTPVideoStream_\(index)".utf8)
        bytes.withUnsafeBufferPointer { _ = decoder.interner.intern($0.baseAddress!, $0.count) }
      }
      return decoder.takeLearned()
    }
    let store = LearnedStore()
    store.give(learned(strings: LearnedStore.maximumStrings + 1))
    #expect(store.count == 0)
    store.give(learned(strings: LearnedStore.maximumStrings))
    #expect(store.count == 1)
    for _ in 0..<(2 * LearnedStore.maximumKept) { store.give(learned(strings: 3)) }
    #expect(store.count == LearnedStore.maximumKept)
  }

  /// An interner starts without tables (most are replaced before they intern anything) and
  /// grows as it interns: every string reads back equal, and again as the same entry.
  @Test func anInternerGrowsFromNothing() {
    var interner = StringInterner()
    #expect(interner.count == 0)
    let strings = (0..<5000).map { "id-\($0 * 7919 % 10007)" }
    var entries: [Int] = []
    for string in strings {
      let bytes = Array(string.utf8)
      let (interned, entry) = bytes.withUnsafeBufferPointer {
        interner.internIndexed($0.baseAddress!, $0.count)
      }
      #expect(interned == string)
      entries.append(entry)
    }
    #expect(interner.count == Set(strings).count)
    for (string, entry) in zip(strings, entries) {
      let bytes = Array(string.utf8)
      let again = bytes.withUnsafeBufferPointer { interner.internIndexed($0.baseAddress!, $0.count) }
      #expect(again.string == string && again.entry == entry)
    }
  }
}
