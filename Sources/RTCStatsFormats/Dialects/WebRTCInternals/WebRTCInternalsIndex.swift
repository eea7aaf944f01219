import RTCStatsCore

extension WebRTCInternalsParser {
  // MARK: - Pass 1: index

  /// Walks the whole document and indexes its series and events.
  ///
  /// - `document`: The whole decompressed dump; it must stay valid and unchanged
  ///   until ``parse(window:source:into:info:)`` returns.
  mutating func index(document: UnsafeRawBufferPointer) throws(DumpError) {
    let bytes = document.bindMemory(to: UInt8.self)
    guard let base = bytes.baseAddress else { throw DumpError(.data, "the file is empty") }
    var reader = JSONReader(base: base, count: bytes.count)
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.offset = 3 }
    var sawConnections = false
    // The helper reads the document: it must be done before the document can go.
    defer {
      indexSplit?.awaitHelper()
      indexSplit = nil
    }
    do throws(JSONError) {
      var top = try reader.beginObject()
      while let key = try reader.nextKey(in: &top) {
        if key.equals("PeerConnections") {
          sawConnections = true
          try indexConnections(&reader)
        } else if key.equals("peerConnections") {
          isRTCStatsV0 = true
          try reader.skipValue()
        } else if key.equals("getUserMedia"), try reader.peekKind() == .array {
          pageEventsFollowConnections = sawConnections
          try readGetUserMedia(&reader)
        } else if key.equals("UserAgent"), try reader.peekKind() == .string {
          userAgent = try reader.readString()
        } else if key.equals("UserAgentData") {
          userAgentData = try reader.readValue()
        } else {
          try reader.skipValue()
        }
      }
      try reader.expectEnd()
    } catch {
      let isCut = error.offset >= bytes.count && errorContext == nil
      guard case .unexpectedEnd = error.kind, isCut, !connections.isEmpty else {
        throw positioned(error, in: bytes)
      }
      // A cut download: the peer connections read completely before the cut are analysed.
      truncation = positioned(error, in: bytes)
    }
    isIndexed = true
  }

  private mutating func indexConnections(_ reader: inout JSONReader) throws(JSONError) {
    guard try reader.peekKind() == .object else {
      throw reader.mismatch(expected: "an object of peer connections")
    }
    if allowsSplitIndex, reader.count >= splitIndexMinimumSize {
      let from = Int(Double(reader.count) * min(max(splitIndexStart, 0), 1))
      indexSplit = IndexSplit.start(
        document: reader, from: max(from, reader.offset), statsDepth: reader.depth + 3)
    }
    var members = try reader.beginObject()
    try indexConnectionList(&reader, &members)
  }

  /// Reads the members of `PeerConnections` from the cursor on, each a peer connection.
  ///
  /// When the cursor reaches the point where a helper indexed on from (``IndexSplit``), the
  /// helper's connections are taken and the cursor moves past `PeerConnections`.
  mutating func indexConnectionList(_ reader: inout JSONReader, _ members: inout JSONContainer)
    throws(JSONError)
  {
    while let name = try reader.nextKey(in: &members) {
      var connection = InternalsConnection(name: name.decoded())
      if try reader.peekKind() == .object {
        var object = try reader.beginObject()
        if try indexConnectionMembers(&reader, &object, into: &connection), let tail = indexSplit?.tail {
          tail.fragment.merge(into: &connection)
          connections.append(connection)
          connections.append(contentsOf: tail.connections)
          ignoredSeries += tail.ignoredSeries
          reader.offset = tail.end
          reader.depth = tail.endDepth
          indexSplit = nil
          splitsTaken += 1
          return
        }
      } else {
        try reader.skipValue()
      }
      connections.append(connection)
    }
  }

  /// Reads the members of one peer connection from the cursor on.
  ///
  /// - Returns: Whether its `stats` reached the helper's starting point (``IndexSplit``).
  mutating func indexConnectionMembers(
    _ reader: inout JSONReader, _ object: inout JSONContainer, into connection: inout InternalsConnection
  ) throws(JSONError) -> Bool {
    while let member = try reader.nextKey(in: &object) {
      if member.equals("stats"), try reader.peekKind() == .object {
        connection.hasStats = true
        var stats = try reader.beginObject()
        if try indexStats(&reader, &stats, connection: &connection) { return true }
      } else if member.equals("updateLog"), try reader.peekKind() == .array {
        try readUpdateLog(&reader, into: &connection)
      } else {
        // `rtcConfiguration`, `url`, `pid`, `constraints`.
        try reader.skipValue()
      }
    }
    return false
  }

  /// What a series is to the parser.
  enum Role {
    case timestamp
    case isRemote
    case value(StatsKey)
  }

  /// Buffers the index reuses from series to series.
  struct IndexBuffers {
    var unescaped: [UInt8] = []
    var element: [UInt8] = []
    var lastID: (start: UnsafePointer<UInt8>, count: Int)?
    var lastObject = 0
    /// The bytes of the last `-timestamp` values read and where their times went.
    var lastTimes: (start: UnsafePointer<UInt8>, count: Int, times: Range<Int>)?
  }

  /// Reads the series of a `stats` object from the cursor on.
  ///
  /// - Returns: Whether the cursor reached the point where the helper indexed on from
  ///   (``IndexSplit``) and the helper's index can be taken; the members after it are left.
  mutating func indexStats(
    _ reader: inout JSONReader, _ stats: inout JSONContainer, connection: inout InternalsConnection
  ) throws(JSONError) -> Bool {
    var buffers = IndexBuffers()
    while true {
      if let pending = indexSplit, reader.offset == pending.start, reader.depth == pending.statsDepth {
        if pending.tail != nil { return true }
        indexSplit = nil
      }
      guard let name = try reader.nextKey(in: &stats) else { return false }
      guard !name.hasEscapes, let (idCount, role) = Self.split(name) else {
        if name.hasEscapes { ignoredSeries += 1 }
        try reader.skipValue()
        continue
      }
      guard try reader.peekKind() == .object else {
        ignoredSeries += 1
        try reader.skipValue()
        continue
      }
      let entry = try Self.readEntry(&reader)
      guard entry.values != nil || entry.array != nil else {
        ignoredSeries += 1
        continue
      }
      let objectIndex = object(named: name, idCount: idCount, in: &connection, buffers: &buffers)
      if let typeToken = entry.statsType, !connection.objects[objectIndex].hasStatsType {
        let typeName = values.interner.intern(typeToken)
        connection.objects[objectIndex].hasStatsType = true
        connection.objects[objectIndex].typeName = typeName
        connection.objects[objectIndex].type = StatsType(dumpName: typeName) ?? .other
      }
      let valuesStart = entry.values.map { $0.start - reader.base } ?? entry.array?.lowerBound ?? 0
      do throws(JSONError) {
        try indexSeries(
          entry, role: role, name: name, object: objectIndex, in: &connection, reader: reader,
          buffers: &buffers)
      } catch {
        // Offsets are relative to the values array, which is the document itself unless the
        // string had escapes.
        errorContext = "in the values of \"\(name.decoded())\" of peer connection \(connection.name)"
        let isCopy = entry.values?.hasEscapes ?? false
        throw JSONError(error.kind, at: isCopy ? valuesStart : valuesStart + error.offset)
      }
    }
  }

  /// The index of the object a series name belongs to, added when new.
  private mutating func object(
    named name: JSONKey, idCount: Int, in connection: inout InternalsConnection,
    buffers: inout IndexBuffers
  ) -> Int {
    if let lastID = buffers.lastID, lastID.count == idCount, bytesEqual(lastID.start, name.start, idCount) {
      return buffers.lastObject
    }
    let id = values.interner.intern(name.start, idCount)
    let objectIndex: Int
    if let known = connection.objectIndex[id] {
      objectIndex = known
    } else {
      objectIndex = connection.objects.count
      connection.objectIndex[id] = objectIndex
      connection.objects.append(InternalsObject(id: id))
    }
    buffers.lastID = (name.start, idCount)
    buffers.lastObject = objectIndex
    return objectIndex
  }

  /// Indexes one series of object `object`: its times, its `isRemote` flag, or where its
  /// values are.
  private mutating func indexSeries(
    _ entry: Entry, role: Role, name: JSONKey, object objectIndex: Int,
    in connection: inout InternalsConnection, reader: JSONReader, buffers: inout IndexBuffers
  ) throws(JSONError) {
    switch role {
    case .timestamp:
      // The objects of one connection are polled together, so their `-timestamp` values are
      // mostly the same bytes as the previous object's: those share its times, read once
      // (the same bytes give the same times, or the same error, which the first read threw).
      let bytes = Self.valueBytes(entry, reader: reader)
      if let last = buffers.lastTimes, last.count == bytes.count,
        System.bytesEqual(last.start, bytes.start, count: bytes.count)
      {
        connection.objects[objectIndex].timestamps = last.times
        return
      }
      let first = connection.timestamps.count
      try withValues(entry, reader: reader, unescaped: &buffers.unescaped) { (values) throws(JSONError) in
        try Self.readTimes(&values, into: &connection.timestamps)
      }
      connection.objects[objectIndex].timestamps = first..<connection.timestamps.count
      buffers.lastTimes = (bytes.start, bytes.count, first..<connection.timestamps.count)
    case .isRemote:
      let isRemote = try withValues(entry, reader: reader, unescaped: &buffers.unescaped) {
        (values) throws(JSONError) -> Bool in
        var array = try values.beginArray()
        guard try values.nextElement(in: &array), try values.peekKind() == .bool else { return false }
        return try values.readBool()
      }
      connection.objects[objectIndex].isRemoteCandidate = isRemote
    case .value(let key):
      let (storage, count) = try valueStorage(
        entry, key: key, runs: &connection.runs, reader: reader, buffers: &buffers)
      connection.objects[objectIndex].series.append(Int32(connection.series.count))
      connection.series.append(
        InternalsSeries(
          key: key, count: count, storage: storage, nameStart: name.start - reader.base,
          nameCount: name.count, startTime: entry.startTime, endTime: entry.endTime))
    }
  }

  /// Where a series' values are: in place in the document (no escapes), or decoded into runs.
  private mutating func valueStorage(
    _ entry: Entry, key: StatsKey, runs: inout [InternalsRun], reader: JSONReader,
    buffers: inout IndexBuffers
  ) throws(JSONError) -> (InternalsSeries.Storage, Int) {
    if let token = entry.values, token.hasEscapes {
      let first = runs.count
      let count: Int
      if let fast = InternalsEscapedArray.decodeRuns(
        base: token.start, count: token.count, key: key, runs: &runs, decoder: &values,
        element: &buffers.element)
      {
        count = fast
      } else {
        JSONReader.unescape(token.bytes, into: &buffers.unescaped)
        count = try Self.decodeRuns(buffers.unescaped, key: key, runs: &runs, decoder: &values)
      }
      return (.runs(first..<runs.count), count)
    }
    let range =
      entry.values.map { (token) -> Range<Int> in
        let start = token.start - reader.base
        return start..<(start + token.count)
      } ?? entry.array ?? 0..<0
    let count = try Self.countElements(base: reader.base + range.lowerBound, count: range.count)
    return (.document(start: range.lowerBound, length: range.count), count)
  }
}
