import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// The `id` predictions of a snapshot array, as W3C JSON-lines logs write one per poll:
/// `[{"id":"CF30:64:…","timestamp":…,"type":"certificate",…},{"id":"COT01_111_…",…},…]`.
///
/// Every object opens with its `id`, so before it the objects are told apart only by the
/// object before them (`MemberDecoder.decodeMembers`' `keyTag`, the previous object's tag):
/// a poll lists its objects in the order of the poll before, so each `id` is predicted from
/// its predecessor's. The log is the committed capture `Samples/captures/basic/sender.jsonl`.
@Suite struct ArrayObjectPredictionTests {
  /// Reads the snapshot `line` with `reader`; returns the text values it read without a right
  /// prediction, and the report.
  static func read(
    _ line: [UInt8], with snapshots: inout SnapshotReader<StatsReport>, shape: SnapshotShape = .statsArray
  ) throws -> (misses: Int, report: StatsReport) {
    let before = snapshots.decoder.valueMisses
    var report = StatsReport()
    try line.withUnsafeBytes { buffer in
      var reader = JSONReader(buffer)
      _ = try snapshots.read(&reader, shape: shape, into: &report)
      try reader.expectEnd()
    }
    return (snapshots.decoder.valueMisses - before, report)
  }

  /// The ids of a snapshot line, in order, read with Foundation (independent of the reader).
  static func ids(_ line: [UInt8]) throws -> [String] {
    let objects = try JSONSerialization.jsonObject(with: Data(line)) as? [[String: Any]] ?? []
    return objects.compactMap { $0["id"] as? String }
  }

  @Test func aPollReadAgainHasItsIDsPredicted() throws {
    let text = try String(contentsOfFile: TestData.sample("captures/basic/sender.jsonl"), encoding: .utf8)
    let lines = text.split(separator: "\n").map { Array($0.utf8) }
    try #require(lines.count > 10)
    let poll = lines[lines.count / 2]
    let ids = try Self.ids(poll)
    try #require(ids.count > 10)
    var snapshots = SnapshotReader<StatsReport>(decoder: MemberDecoder())
    let first = try Self.read(poll, with: &snapshots)
    let again = try Self.read(poll, with: &snapshots)
    #expect((0..<again.report.count).map { again.report.id(at: $0) } == ids)
    #expect(first.misses >= ids.count, "the first reading learns every id")
    // Each object's id and text values come from the states of the object before it. With one
    // state for every first member (the id of whichever object was read last), all 16 ids of
    // this poll missed on every reading; now none does (75 values learned on the first).
    #expect(
      again.misses * 20 <= ids.count, "\(again.misses) text values mispredicted for \(ids.count) objects")
  }

  /// A snapshot written as a map (`{"<id>": {"id": "<id>", …}}`): each object is told apart
  /// by its key before its `id` (the key's tag as `keyTag`), so a poll read again has its ids
  /// predicted too (all 16 missed on every reading with one shared state).
  ///
  /// Slashes are left unescaped: an escaped value is never predicted.
  @Test func aMapPollReadAgainHasItsIDsPredicted() throws {
    let text = try String(contentsOfFile: TestData.sample("captures/basic/sender.jsonl"), encoding: .utf8)
    let lines = text.split(separator: "\n").map { Array($0.utf8) }
    let objects =
      try JSONSerialization.jsonObject(with: Data(lines[lines.count / 2])) as? [[String: Any]] ?? []
    var map: [String: Any] = [:]
    for object in objects { if let id = object["id"] as? String { map[id] = object } }
    // Keys sorted, so that every run reads the same bytes: a state is a 14-bit hash of the
    // previous name's entry (numbered in the order names are first met) and the object, so
    // two members of a poll may share one and mispredict each other's value on every reading
    // (`MemberNameCatalog`). Which ones do depends on the order of the objects; with the
    // order of a dictionary, different in every run, this test failed in 2 runs of 8.
    let poll = Array(
      try JSONSerialization.data(withJSONObject: map, options: [.withoutEscapingSlashes, .sortedKeys]))
    try #require(map.count > 10)
    var snapshots = SnapshotReader<StatsReport>(decoder: MemberDecoder())
    var learned = 0
    for reading in 0..<2 {
      let (misses, report) = try Self.read(poll, with: &snapshots, shape: .statsMap)
      #expect(Set((0..<report.count).map { report.id(at: $0) }) == Set(map.keys))
      if reading == 0 { learned = misses }
      if reading == 1 {
        // Every text value is learned on the first reading. With one state for every first
        // member, the 16 ids alone missed on each; now at most a value in 20 does.
        #expect(learned >= map.count)
        #expect(misses * 20 <= learned, "\(misses) text values mispredicted of \(learned)")
      }
    }
  }

  /// The next poll lists the same objects with other values: its ids are still predicted.
  @Test func theNextPollHasItsIDsPredicted() throws {
    let text = try String(contentsOfFile: TestData.sample("captures/basic/sender.jsonl"), encoding: .utf8)
    let lines = text.split(separator: "\n").map { Array($0.utf8) }
    let middle = lines.count / 2
    var snapshots = SnapshotReader<StatsReport>(decoder: MemberDecoder())
    _ = try Self.read(lines[middle], with: &snapshots)
    let next = try Self.read(lines[middle + 1], with: &snapshots)
    let ids = try Self.ids(lines[middle + 1])
    #expect((0..<next.report.count).map { next.report.id(at: $0) } == ids)
    // The ids are the same; only a text value that changed between the polls may miss (none
    // here; all 16 ids without the previous object's tag).
    #expect(next.misses * 10 <= ids.count, "\(next.misses) text values mispredicted for \(ids.count) objects")
  }
}
