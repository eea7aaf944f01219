import RTCStatsCore

extension WebRTCInternalsParser {
  /// A peer connection's `updateLog`: `[{"type", "value", "timestamp"}]` (epoch ms), or in
  /// dumps before about M110 `[{"time": "11/5/2020, 9:34:11 PM", "type", "value"}]`, whose
  /// local, locale-formatted time is not read (the event has no time).
  ///
  /// Every entry becomes
  /// an event of the connection, named by its `type`.
  mutating func readUpdateLog(_ reader: inout JSONReader, into connection: inout InternalsConnection)
    throws(JSONError)
  {
    try reader.forEachObject { (reader) throws(JSONError) in
      var type: String?
      var value: String?
      var timestamp: Double?
      var time: Double?
      var object = try reader.beginObject()
      while let key = try reader.nextKey(in: &object) {
        if key.equals("type") {
          type = try values.text(&reader, name: nil, policy: .w3c)
        } else if key.equals("value") {
          value = try EventValue.read(&reader)
        } else if key.equals("timestamp") {
          timestamp = try Self.readEventTime(&reader)
        } else if key.equals("time") {
          time = try Self.readEventTime(&reader)
        } else {
          try reader.skipValue()
        }
      }
      guard let type else { return }
      connection.add(
        StatsEvent(dumpName: type, time: timestamp ?? time, connection: connection.name, value: value))
    }
  }

  /// The page's `getUserMedia` list: a request (`request_type`, the `audio`/`video`
  /// constraints) and then its result, a stream (`stream_id`, `audio_track_info`,
  /// `video_track_info`) or an `error` with its `error_message`.
  ///
  /// Each entry is an event of
  /// no peer connection, named by its `request_type` (`getUserMedia`, `getDisplayMedia`);
  /// the value is the constraints of a request, the stream id of a success, the error of a
  /// failure.
  mutating func readGetUserMedia(_ reader: inout JSONReader) throws(JSONError) {
    try reader.forEachObject { (reader) throws(JSONError) in
      pageEvents.append(try readMediaEntry(&reader))
    }
  }

  private mutating func readMediaEntry(_ reader: inout JSONReader) throws(JSONError) -> StatsEvent {
    var requestType = "getUserMedia"
    var time: Double?
    var constraints: [String] = []
    var error: String?
    var errorMessage: String?
    var streamID: String?
    var hasTrack = false
    var object = try reader.beginObject()
    while let key = try reader.nextKey(in: &object) {
      if key.equals("request_type") {
        requestType = try values.text(&reader, name: nil, policy: .w3c) ?? requestType
      } else if key.equals("timestamp") {
        time = try Self.readEventTime(&reader)
      } else if key.equals("audio") || key.equals("video") {
        constraints.append("\"\(key.decoded())\":" + (try EventValue.rawJSON(&reader)))
      } else if key.equals("error") {
        error = try EventValue.read(&reader)
      } else if key.equals("error_message") {
        errorMessage = try EventValue.read(&reader)
      } else if key.equals("stream_id") {
        streamID = try EventValue.read(&reader)
      } else if key.equals("audio_track_info") || key.equals("video_track_info") {
        hasTrack = true
        try reader.skipValue()
      } else {
        try reader.skipValue()
      }
    }
    var event = StatsEvent(dumpName: requestType, time: time, connection: nil, value: nil)
    if let error {
      event.outcome = .failure
      event.value = errorMessage.map { $0.isEmpty ? error : error + ": " + $0 } ?? error
    } else if streamID != nil || hasTrack {
      event.outcome = .success
      event.value = streamID
    } else if !constraints.isEmpty {
      event.value = "{" + constraints.joined(separator: ",") + "}"
    }
    return event
  }

  /// An event's time: epoch ms (µs converted), or an ISO 8601 string; `nil` for anything
  /// else (the locale-formatted times of old dumps).
  static func readEventTime(_ reader: inout JSONReader) throws(JSONError) -> Double? {
    switch try reader.peekKind() {
    case .number:
      return Timestamps.milliseconds(try reader.readDouble())
    case .string:
      return ISO8601.milliseconds(try reader.readStringToken().bytes)
    default:
      try reader.skipValue()
      return nil
    }
  }
}
