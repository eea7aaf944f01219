import RTCStatsCore

/// Turns the indexed series of a webrtc-internals peer connection into one ``StatsReport``
/// per poll, in time order, with the connection's `updateLog` events between them.
///
/// Each object's sample times come from its `-timestamp` series (M117+), or are spread
/// evenly between the `startTime` and `endTime` of its longest series. Every series is
/// placed on its object's samples (see ``align(_:objects:timeline:)``),
/// ``InternalsTimeline`` groups the samples into polls, and each poll's objects are read
/// series by series through their cursors. One report buffer serves every poll. An event
/// is handed on before the first poll later than it (events without a time keep their
/// place after the event before them).
struct InternalsEmitter {
  let document: UnsafePointer<UInt8>
  /// The value decoder (its interner holds the ids of the index).
  var decoder: MemberDecoder
  private var report = StatsReport()
  /// Peer connections whose objects all had `-timestamp` series.
  private(set) var exactConnections = 0
  /// Peer connections with objects timed from `startTime`/`endTime`.
  private(set) var spreadConnections = 0
  /// Whether some type was read from an id prefix.
  private(set) var inferredTypes = false
  /// Alignment and cap diagnostics, per peer connection in order.
  private(set) var diagnostics: [Diagnostic] = []
  /// Which series the last error came from.
  private(set) var errorContext: String?

  init(document: UnsafePointer<UInt8>, decoder: MemberDecoder) {
    self.document = document
    self.decoder = decoder
  }

  /// The polls of one peer connection, and which object samples each holds.
  private struct Polls {
    var timeline: InternalsTimeline
    var objects: [InternalsTimeline.Object]
    /// `entries[starts[p]..<starts[p + 1]]` are the samples of poll `p`.
    var starts: [Int]
    var entries: [(object: Int32, sample: Int32)]
  }

  /// Emits every poll of `connection`, and its events, to `consumer`.
  ///
  /// - Throws: A ``JSONError`` at a document offset when a values array is malformed.
  mutating func emit(
    _ connection: inout InternalsConnection, into consumer: inout some StatsReportConsumer,
    info: inout DumpInfo
  ) throws(JSONError) {
    var nextEvent = 0
    defer {
      Self.emitEvents(
        connection.events, order: connection.eventOrder, upTo: nil, next: &nextEvent, into: &consumer)
    }
    guard !connection.objects.isEmpty else { return }
    inferTypes(&connection)
    let polls = plan(&connection)
    try readPolls(polls, of: &connection, nextEvent: &nextEvent, into: &consumer, info: &info)
  }

  /// Places the samples of every object on polls.
  private mutating func plan(_ connection: inout InternalsConnection) -> Polls {
    let (spreadTimes, objects) = sampleTimes(connection)
    if connection.objects.contains(where: { $0.timestamps == nil }) {
      spreadConnections += 1
    } else {
      exactConnections += 1
    }
    let timeline = InternalsTimeline(times: spreadTimes, objects: objects)
    if timeline.alignedObjects > 0 {
      diagnostics.append(
        Diagnostic(
          .alignedObjects, peerConnection: connection.name,
          evidence: ["count": .integer(timeline.alignedObjects), "peerConnection": .text(connection.name)]))
    }
    align(&connection, objects: objects, timeline: timeline)
    noteCap(connection, times: timeline.times, objects: objects)

    // Bucket the samples by poll (counting sort keeps the objects' order in each poll).
    // Objects without a member the engine reads (only `-timestamp`) still helped to find
    // the polls, but get no row.
    let pollCount = timeline.pollTimes.count
    var starts = Array(repeating: 0, count: pollCount + 1)
    for (index, object) in objects.enumerated() where !connection.objects[index].series.isEmpty {
      for position in object.range where timeline.samplePolls[position] >= 0 {
        starts[Int(timeline.samplePolls[position]) + 1] += 1
      }
    }
    for poll in 0..<pollCount { starts[poll + 1] += starts[poll] }
    var next = starts
    var entries = Array(repeating: (object: Int32(0), sample: Int32(0)), count: starts[pollCount])
    for (index, object) in objects.enumerated() where !connection.objects[index].series.isEmpty {
      for (sample, position) in object.range.enumerated() {
        let poll = Int(timeline.samplePolls[position])
        guard poll >= 0 else { continue }
        entries[next[poll]] = (Int32(index), Int32(sample))
        next[poll] += 1
      }
    }
    return Polls(timeline: timeline, objects: objects, starts: starts, entries: entries)
  }

  /// Reads the polls' objects series by series and emits one report per poll.
  private mutating func readPolls(
    _ polls: Polls, of connection: inout InternalsConnection, nextEvent: inout Int,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) throws(JSONError) {
    // Flat per-object tables, so that the loop below touches no nested arrays.
    let ids = connection.objects.map(\.id)
    let types = connection.objects.map(\.type)
    let typeNames = connection.objects.map(\.typeName)
    var seriesOrder: [Int32] = []
    var seriesRanges: [Range<Int>] = []
    for object in connection.objects {
      seriesRanges.append(seriesOrder.count..<(seriesOrder.count + object.series.count))
      seriesOrder.append(contentsOf: object.series)
    }
    let runs = connection.runs
    let (name, events, eventOrder) = (connection.name, connection.events, connection.eventOrder)
    let times = polls.timeline.times
    var failed = -1
    let outcome = connection.series.withUnsafeMutableBufferPointer {
      (series) -> Result<Void, JSONError> in
      do throws(JSONError) {
        for poll in 0..<polls.timeline.pollTimes.count {
          if let spare = consumer.spareReport() { report = spare }
          report.removeAll()
          let pollTime = polls.timeline.pollTimes[poll]
          if pollTime.isFinite { report.timestamp = pollTime }
          for entry in polls.starts[poll]..<polls.starts[poll + 1] {
            let object = Int(polls.entries[entry].object)
            let sample = Int(polls.entries[entry].sample)
            let range = polls.objects[object].range
            let row = report.append(
              id: ids[object], type: types[object], typeName: typeNames[object],
              timestamp: times[range.lowerBound + sample])
            for position in seriesRanges[object] {
              let index = Int(seriesOrder[position])
              guard sample >= series[index].firstSample, sample <= series[index].lastSample
              else { continue }
              failed = index
              try series[index].readNext(
                document: document, runs: runs, into: &report, row: row, decoder: &decoder)
              if sample == series[index].lastSample { try series[index].finish(document: document) }
            }
            if types[object] == .other && typeNames[object].isEmpty {
              report.setType(report.inferredType(at: row), name: "", at: row)
            }
          }
          guard report.count > 0 else { continue }
          Self.emitEvents(events, order: eventOrder, upTo: pollTime, next: &nextEvent, into: &consumer)
          consumer.consume(report, peerConnection: name)
          info.reportCount += 1
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    if case .failure(let error) = outcome {
      if failed >= 0 {
        let name = connection.series[failed]
        let text = String(
          decoding: UnsafeBufferPointer(start: document + name.nameStart, count: name.nameCount),
          as: UTF8.self)
        errorContext = "in the values of \"\(text)\" of peer connection \(connection.name)"
      }
      throw error
    }
  }

  /// Hands on the events from `next` whose place in time (`order`) is not after `time`
  /// (every one left when `time` is `nil`).
  private static func emitEvents(
    _ events: [StatsEvent], order: [Double], upTo time: Double?, next: inout Int,
    into consumer: inout some StatsReportConsumer
  ) {
    while next < events.count {
      if let time, !(order[next] <= time) { return }
      consumer.consume(event: events[next])
      next += 1
    }
  }

  // MARK: - Preparation

  /// Types of objects without `statsType`, from their id prefixes.
  private mutating func inferTypes(_ connection: inout InternalsConnection) {
    for index in connection.objects.indices where !connection.objects[index].hasStatsType {
      let object = connection.objects[index]
      if let type = WebRTCInternalsIDType.type(
        ofID: object.id, isRemoteCandidate: object.isRemoteCandidate)
      {
        connection.objects[index].type = type
        inferredTypes = true
      }
    }
  }

  /// The sample times of every object, and which of them belong to which object.
  private func sampleTimes(_ connection: InternalsConnection) -> (
    times: [Double], objects: [InternalsTimeline.Object]
  ) {
    var times: [Double] = []
    var objects: [InternalsTimeline.Object] = []
    objects.reserveCapacity(connection.objects.count)
    for object in connection.objects {
      let start = times.count
      var span: (start: Double, end: Double)?
      if let stamps = object.timestamps {
        times.append(contentsOf: connection.timestamps[stamps])
      } else if let longest = object.series.max(by: {
        connection.series[Int($0)].count < connection.series[Int($1)].count
      }) {
        let series = connection.series[Int(longest)]
        Self.spread(series.count, from: series.startTime, to: series.endTime, into: &times)
        span = (series.startTime, series.endTime)
      }
      let isRemote = object.type == .remoteInboundRTP || object.type == .remoteOutboundRTP
      objects.append(
        InternalsTimeline.Object(range: start..<times.count, isRemote: isRemote, span: span))
    }
    return (times, objects)
  }

  /// `count` times evenly spread from `start` to `end` (NaN when either is unknown).
  static func spread(_ count: Int, from start: Double, to end: Double, into times: inout [Double]) {
    guard count > 0 else { return }
    guard start.isFinite, end.isFinite else {
      times.append(contentsOf: repeatElement(.nan, count: count))
      return
    }
    guard count > 1 else {
      times.append(start)
      return
    }
    let step = (end - start) / Double(count - 1)
    for index in 0..<count { times.append(start + Double(index) * step) }
  }

  /// Places every series on its object's samples, and drops the values of samples the
  /// timeline left out (always the first ones of an object).
  ///
  /// A series' `startTime` and `endTime` are the times of its first and last value: when
  /// they match samples of the object's `-timestamp` series that hold exactly as many
  /// samples as the series has values, the series covers those samples (a member that
  /// appeared late, or vanished before its object). Otherwise the values are aligned from
  /// the end (`offset = samples − values`): a member missing in the middle of a call, like
  /// `framesPerSecond` during a pause, cannot be placed exactly.
  private func align(
    _ connection: inout InternalsConnection, objects: [InternalsTimeline.Object],
    timeline: InternalsTimeline
  ) {
    for (index, object) in objects.enumerated() {
      let sampleCount = object.range.count
      var dropped = 0
      while dropped < sampleCount, timeline.samplePolls[object.range.lowerBound + dropped] < 0 {
        dropped += 1
      }
      let stamps = connection.objects[index].timestamps.map { connection.timestamps[$0] }
      for series in connection.objects[index].series {
        let series = Int(series)
        let count = connection.series[series].count
        var first = sampleCount - count
        var last = sampleCount - 1
        var skip = 0
        if let stamps, let start = Self.sample(in: stamps, at: connection.series[series].startTime),
          let end = Self.sample(in: stamps, at: connection.series[series].endTime),
          end - start + 1 == count
        {
          first = start - stamps.startIndex
          last = end - stamps.startIndex
        } else if first < 0 {
          skip = -first
          first = 0
        }
        if dropped > first {
          skip += dropped - first
          first = dropped
        }
        connection.series[series].firstSample = first
        connection.series[series].lastSample = last
        connection.series[series].skip = skip
      }
    }
  }

  /// The index of the only sample whose timestamp, truncated to the millisecond as
  /// JavaScript's `Date` does, is `time`; `nil` when none or several are (a remote object
  /// repeats its RTCP time until the next report).
  static func sample(in stamps: ArraySlice<Double>, at time: Double) -> Int? {
    guard time.isFinite else { return nil }
    var low = stamps.startIndex
    var high = stamps.endIndex
    while low < high {
      let middle = (low + high) / 2
      if stamps[middle].rounded(.down) < time { low = middle + 1 } else { high = middle }
    }
    guard low < stamps.endIndex, stamps[low].rounded(.down) == time else { return nil }
    if low + 1 < stamps.endIndex, stamps[low + 1].rounded(.down) == time { return nil }
    return low
  }

  /// Reports series that reached webrtc-internals' cap: the dump then holds only the last
  /// 1000 polls of the connection.
  private mutating func noteCap(
    _ connection: InternalsConnection, times: [Double], objects: [InternalsTimeline.Object]
  ) {
    var span: Double?
    for (index, object) in objects.enumerated() {
      let longest =
        connection.objects[index].series.map { connection.series[Int($0)].count }.max() ?? 0
      guard max(object.range.count, longest) >= WebRTCInternalsParser.seriesCap,
        let first = object.range.first, let last = object.range.last
      else { continue }
      let seconds = (times[last] - times[first]) / 1000
      span = max(span ?? 0, seconds.isFinite ? seconds : 0)
    }
    guard let span else { return }
    let seconds = Int(roundingTowardZero: span.rounded()) ?? 0
    diagnostics.append(
      Diagnostic(
        .seriesCapped, peerConnection: connection.name,
        evidence: [
          "cap": .integer(WebRTCInternalsParser.seriesCap), "seconds": .integer(seconds),
          "peerConnection": .text(connection.name),
        ]))
  }
}
