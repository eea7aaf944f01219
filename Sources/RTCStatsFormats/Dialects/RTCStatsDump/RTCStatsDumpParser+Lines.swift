import RTCStatsCore

extension RTCStatsDumpParser {
  /// What one event line held.
  struct Line {
    enum Method { case getStats, create, close, other }
    var method = Method.other
    /// The method as the dump spells it (compressed numbers expanded), for events.
    var name: String?
    var connection: String?
    var summary: RTCStatsReportSummary?
    /// The state the delta was applied to.
    var state: Int?
    var clientMetadata: JSONValue?
    /// The event's value as text.
    var value: String?
    var timeDelta: Double?
  }

  /// Reads `[method, connection|null, value, …extra, timeDelta]`.
  ///
  /// Runs again from the start
  /// when the window had to grow, so it only fills `scratch` and returns the rest.
  mutating func readLine(_ reader: inout JSONReader) throws(JSONError) -> Line {
    var line = Line()
    scratch.removeAll()
    removed.removeAll(keepingCapacity: true)
    var array = try reader.beginArray()
    guard try reader.nextElement(in: &array) else { return line }
    (line.method, line.name) = try readMethod(&reader)
    guard try reader.nextElement(in: &array) else { return line }
    switch try reader.peekKind() {
    case .string: line.connection = decoder.internID(try reader.readStringToken())
    case .number: line.connection = Self.describe(number: try reader.readDouble())
    default: try reader.skipValue()
    }
    guard try reader.nextElement(in: &array) else { return line }
    switch line.method {
    case .getStats where try reader.peekKind() == .object:
      if try RTCStatsReportSummary.isFullReport(&reader) {
        line.summary = try decoder.decodeReport(
          &reader, into: &scratch, removed: &removed, timestampKey: "t")
      } else {
        let state = state(for: line.connection ?? Self.defaultPeerConnection)
        line.state = state
        line.summary = try applyDelta(&reader, to: state)
      }
    case .create where line.connection == nil:
      line.clientMetadata = try reader.readValue()
    case .getStats:
      try reader.skipValue()
    case .create, .close, .other:
      line.value = try EventValue.read(&reader)
    }
    // Extra elements (correlation ids, urls), then the time delta as the last element.
    while try reader.nextElement(in: &array) {
      if try reader.peekKind() == .number {
        line.timeDelta = try reader.readDouble()
      } else {
        line.timeDelta = nil
        try reader.skipValue()
      }
    }
    return line
  }

  mutating func state(for connection: String) -> Int {
    if let existing = connectionIndex[connection] { return existing }
    connectionIndex[connection] = states.count
    states.append(RTCStatsInPlaceReport())
    return states.count - 1
  }

  /// Applies the delta `{id: object|null, …, "t": ms}` under the cursor to the report of
  /// connection `state`; the removals and timestamps follow in ``emit``.
  private mutating func applyDelta(_ reader: inout JSONReader, to state: Int) throws(JSONError)
    -> RTCStatsReportSummary
  {
    var summary = RTCStatsReportSummary(isDelta: true)
    states[state].beginDelta()
    var object = try reader.beginObject()
    while let key = try reader.nextKey(in: &object) {
      switch try reader.peekKind() {
      case .object:
        try states[state].apply(&reader, key: key, id: decoder.internID(key), decoder: &decoder)
        summary.objectCount += 1
      case .null:
        try reader.readNull()
        removed.append(decoder.internID(key))
      case .number where key.equals("t"):
        summary.commonTimestamp = Timestamps.milliseconds(try reader.readDouble())
      default:
        try reader.skipValue()
      }
    }
    return summary
  }

  /// A numeric connection id as text (`3`, not `3.0`).
  static func describe(number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }

  /// The method of a line, and its name for events: a string, or a number of the rtcstats
  /// compression table (an unknown number is its digits).
  private mutating func readMethod(_ reader: inout JSONReader) throws(JSONError) -> (Line.Method, String?) {
    switch try reader.peekKind() {
    case .string:
      let token = try reader.readStringToken()
      if token.equals("getStats") { return (.getStats, nil) }
      if token.equals("g") {
        sawCompressedMethods = true
        return (.getStats, nil)
      }
      let name = decoder.internID(token)
      return (Self.method(named: name), name)
    case .number:
      sawCompressedMethods = true
      let number = try reader.readDouble()
      let known = number >= 0 && number < 1000 ? RTCStatsCompressionTables.methods[Int(number)] : nil
      let name = known ?? Self.describe(number: number)
      return (Self.method(named: name), name)
    default:
      try reader.skipValue()
      return (.other, nil)
    }
  }

  private static func method(named name: String) -> Line.Method {
    switch name {
    case "create": .create
    case "close": .close
    default: .other
    }
  }

  mutating func process(
    _ line: Line, into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    eventCount += 1
    if let delta = line.timeDelta {
      // The first line's "delta" is absolute, and so is the first line after rtcstats-js
      // reconnected its trace; no real delta is 3 years long.
      time = delta >= RTCStatsLegacyParser.smallestEpochMilliseconds ? delta : time + delta
    } else {
      linesWithoutTime += 1
    }
    switch line.method {
    case .getStats:
      if let summary = line.summary {
        emit(
          summary, connection: line.connection ?? Self.defaultPeerConnection, state: line.state,
          into: &consumer, info: &info)
      }
      return
    case .create where line.connection == nil:
      if let clientMetadata = line.clientMetadata { metadata.read(clientMetadata) }
      return
    case .close:
      if let connection = line.connection, let index = connectionIndex[connection] {
        states[index].reset()
      }
    case .create, .other:
      break
    }
    if let name = line.name {
      let eventTime = line.timeDelta == nil ? nil : time
      consumer.consume(
        event: StatsEvent(dumpName: name, time: eventTime, connection: line.connection, value: line.value))
    }
  }

  private mutating func emit(
    _ summary: RTCStatsReportSummary, connection: String, state applied: Int?,
    into consumer: inout some StatsReportConsumer, info: inout DumpInfo
  ) {
    let index = applied ?? state(for: connection)
    if applied != nil {
      deltaReports += 1
      states[index].finishDelta(commonTimestamp: summary.commonTimestamp, removed: removed)
    } else {
      fullReports += 1
      scratch.inferMissingTypes()
      states[index].replace(with: &scratch)
      // `scratch` now holds the report the consumer got a poll ago: the next line is read
      // into a report the consumer is done with, if it has one, so that its storage is
      // refilled in place rather than copied on write and freed.
      if let spare = consumer.spareReport() { scratch = spare }
    }
    states[index].stamp(commonTimestamp: summary.commonTimestamp, eventTime: time)
    guard states[index].report.count > 0 else { return }
    consumer.consume(states[index].report, peerConnection: connection)
    info.reportCount += 1
  }
}
