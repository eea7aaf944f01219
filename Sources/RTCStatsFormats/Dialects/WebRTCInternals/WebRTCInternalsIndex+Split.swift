import Dispatch
import RTCStatsCore

// MARK: - Design
//
// The index pass reads the whole document on one thread before any report is emitted, while
// the engine's core waits. On a large dump a helper indexes the second half at the same
// time: it starts at the first series boundary after the middle of the document (the end
// `}` of a `stats` entry followed by `,"<id>-<property>":{`), reads the rest of that
// `stats` object, of its peer connection and of `PeerConnections`, and keeps what it found.
// The main pass indexes from the start as before; when its cursor reaches the helper's
// start at the depth of a `stats` object, it takes the helper's series (merged into the
// connection it is reading), the connections after it and the position after
// `PeerConnections`. A start the main pass never reaches (a false boundary inside a string,
// a document of another shape), or a helper that failed (a damaged or cut document), is
// dropped and the main pass reads on alone: the index is the same either way, and errors
// are always the main pass's.
//
//     document:  {"PeerConnections":{"1-1":{"stats":{ … },"updateLog":[…]},"1-2":{ … }}, …}
//     main:      |------------------------->|
//     helper:                                |---------------------------------->| end

/// A helper that indexes the second half of a webrtc-internals document (see the design
/// note above).
final class IndexSplit: @unchecked Sendable {
  /// Documents from this size on are split.
  static let minimumSize = 8 << 20
  /// How far after the middle a series boundary is looked for.
  static let searchLimit = 4 << 20

  /// The offset right after the `}` where the helper started.
  let start: Int
  /// The reader depth inside a `stats` object.
  let statsDepth: Int
  private let done = DispatchSemaphore(value: 0)
  /// Written by the helper before it signals `done`, read after the wait.
  private var result: IndexTail?
  private var isAwaited = false

  /// What the helper indexed after ``start``.
  struct IndexTail {
    /// The rest of the connection it started in (named by the main pass on merging).
    var fragment: InternalsConnection
    /// The connections after it.
    var connections: [InternalsConnection]
    /// The offset after `PeerConnections`, and the reader depth there.
    var end: Int
    var endDepth: Int
    var ignoredSeries: Int
  }

  private init(start: Int, statsDepth: Int) {
    self.start = start
    self.statsDepth = statsDepth
  }

  /// Starts a helper over the document of `reader` when a series boundary follows offset
  /// `from` (the middle of the document); `nil` otherwise.
  ///
  /// - `statsDepth`: The reader depth inside a `stats` object (`PeerConnections` is read at
  ///   the reader's current depth).
  static func start(document reader: JSONReader, from: Int, statsDepth: Int) -> IndexSplit? {
    guard let start = seriesBoundary(base: reader.base, count: reader.count, from: from) else { return nil }
    let split = IndexSplit(start: start, statsDepth: statsDepth)
    let box = UncheckedDocument(base: reader.base, count: reader.count)
    DispatchQueue.global().async {
      split.result = indexTail(box, from: start, depth: statsDepth)
      split.done.signal()
    }
    return split
  }

  /// The helper's index, once it finished; `nil` when it failed.
  var tail: IndexTail? {
    awaitHelper()
    return result
  }

  /// Waits for the helper (the document must outlive it).
  func awaitHelper() {
    guard !isAwaited else { return }
    done.wait()
    isAwaited = true
  }

  /// The offset after the first `}` from `from` on that is followed by `,"<id>-<property>":{`
  /// (whitespace allowed between the tokens: Chrome indents its dumps).
  static func seriesBoundary(base: UnsafePointer<UInt8>, count: Int, from: Int) -> Int? {
    var position = from
    let limit = min(count, from + searchLimit)
    while position < limit {
      guard let found = System.firstByte(UInt8(ascii: "}"), in: base + position, count: limit - position)
      else { return nil }
      let brace = UnsafeRawPointer(base).distance(to: found)
      position = brace + 1
      var probe = JSONReader(base: base, count: count)
      probe.offset = brace + 1
      guard probe.skipToken(UInt8(ascii: ",")), probe.skipToken(UInt8(ascii: "\""), consuming: false),
        let key = try? probe.scanString(), !key.hasEscapes, WebRTCInternalsParser.split(key) != nil,
        probe.skipToken(UInt8(ascii: ":")), probe.skipToken(UInt8(ascii: "{"), consuming: false)
      else { continue }
      return brace + 1
    }
    return nil
  }

  /// The document, handed to the helper's thread (it stays valid until the main pass has
  /// awaited the helper).
  private struct UncheckedDocument: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    let count: Int
  }

  /// Indexes from `start`, inside a `stats` object after a member, to the end of
  /// `PeerConnections`.
  private static func indexTail(_ document: UncheckedDocument, from start: Int, depth: Int) -> IndexTail? {
    var parser = WebRTCInternalsParser(DialectContext())
    var reader = JSONReader(base: document.base, count: document.count)
    reader.offset = start
    reader.depth = depth
    var fragment = InternalsConnection(name: "")
    fragment.hasStats = true
    do throws(JSONError) {
      var stats = JSONContainer.afterMember
      _ = try parser.indexStats(&reader, &stats, connection: &fragment)
      var object = JSONContainer.afterMember
      _ = try parser.indexConnectionMembers(&reader, &object, into: &fragment)
      var members = JSONContainer.afterMember
      try parser.indexConnectionList(&reader, &members)
    } catch {
      return nil
    }
    return IndexTail(
      fragment: fragment, connections: parser.connections, end: reader.offset, endDepth: reader.depth,
      ignoredSeries: parser.ignoredSeries)
  }
}

extension JSONReader {
  /// Skips whitespace and then `byte` (or stops on it, when not `consuming`); `false` when
  /// another byte, or the end, comes first.
  fileprivate mutating func skipToken(_ byte: UInt8, consuming: Bool = true) -> Bool {
    skipWhitespace()
    guard offset < count, base[offset] == byte else { return false }
    if consuming { offset += 1 }
    return true
  }
}

extension InternalsConnection {
  /// Adds the objects, series and events of `self`, indexed after the members of
  /// `connection`, to `connection`, as one pass over both would have indexed them.
  ///
  /// An object seen by both keeps its first type and gets the series of both in order; its
  /// `-timestamp` and `-isRemote` series, one per object, come from whichever part held them.
  func merge(into connection: inout InternalsConnection) {
    let seriesBase = Int32(connection.series.count)
    let runBase = connection.runs.count
    let timeBase = connection.timestamps.count
    connection.runs.append(contentsOf: runs)
    connection.timestamps.append(contentsOf: timestamps)
    for var series in series {
      if case .runs(let range) = series.storage {
        series.storage = .runs((range.lowerBound + runBase)..<(range.upperBound + runBase))
      }
      connection.series.append(series)
    }
    for object in objects {
      let index: Int
      if let known = connection.objectIndex[object.id] {
        index = known
      } else {
        index = connection.objects.count
        connection.objectIndex[object.id] = index
        connection.objects.append(InternalsObject(id: object.id))
      }
      var target = connection.objects[index]
      if object.hasStatsType, !target.hasStatsType {
        (target.hasStatsType, target.type, target.typeName) = (true, object.type, object.typeName)
      }
      if let stamps = object.timestamps {
        target.timestamps = (stamps.lowerBound + timeBase)..<(stamps.upperBound + timeBase)
      }
      if object.isRemoteCandidate { target.isRemoteCandidate = true }
      target.series.append(contentsOf: object.series.map { $0 + seriesBase })
      connection.objects[index] = target
    }
    for var event in events {
      event.peerConnection = connection.name
      connection.add(event)
    }
  }
}
