/// How a JSON value holds getStats data, decided by looking at its first element or members.
enum SnapshotShape: Equatable {
  /// `[stats, stats, …]`: one snapshot (`Array.from(report.values())`, `jsonArrayOfReports`).
  case statsArray
  /// `[[id, stats], …]`: one snapshot (`Array.from(report.entries())`).
  case entriesArray
  /// `[{"key": id, "value": stats}, …]`: one snapshot.
  case keyValueArray
  /// `{id: stats, …}`: one snapshot (`Object.fromEntries(report)`).
  case statsMap
  /// `{…, "jsonArrayOfReports": "[…]", "connectionId": …}`: an app's wrapper around one
  /// snapshot, with the snapshot as a value or a JSON string.
  case wrapper
  /// `{"id":…, "type":…, …}`: a single stats object (a log with one object per line).
  case statsObject
  /// `[snapshot, snapshot, …]`: a log of snapshots or wrappers.
  case log
  /// `[]` or `{}`.
  case empty
  /// Anything else.
  case unknown

  /// How the dump info names the shape, for the shapes that hold stats.
  var detail: String? {
    switch self {
    case .statsArray: "[stats…] snapshots"
    case .entriesArray: "[[id, stats]…] entries"
    case .keyValueArray: "[{key, value}…] entries"
    case .statsMap: "{id: stats} maps"
    case .wrapper: "wrapper objects"
    case .statsObject: "one stats object per value"
    case .log: "JSON array of snapshots"
    case .empty, .unknown: nil
    }
  }

  /// Names of wrapper members that hold a report.
  static func isReportMember(_ key: JSONKey) -> Bool {
    key.equals("jsonArrayOfReports") || key.equals("json_array_of_reports")
      || key.equals("rtcStatsReport") || key.equals("rtcStats") || key.equals("statsReport")
      || key.equals("report") || key.equals("reports") || key.equals("stats")
      || key.equals("statistics") || key.equals("statsMap") || key.equals("getStats")
  }

  /// Names of wrapper members that name the peer connection.
  static func isPeerConnectionMember(_ key: JSONKey) -> Bool {
    key.equals("connectionId") || key.equals("peerConnectionId") || key.equals("pcId")
      || key.equals("pc") || key.equals("connection_id") || key.equals("peerConnection")
      || key.equals("subscriberId") || key.equals("publisherId")
  }

  /// Names of wrapper members that give the time of the report.
  static func isTimestampMember(_ key: JSONKey) -> Bool {
    key.equals("timestamp") || key.equals("ts") || key.equals("time")
  }

  /// Classifies the value under the cursor, reading ahead as far as needed. The caller
  /// rewinds the reader afterwards.
  static func classify(_ reader: inout JSONReader) throws(JSONError) -> SnapshotShape {
    switch try reader.peekKind() {
    case .array:
      var array = try reader.beginArray()
      guard try reader.nextElement(in: &array) else { return .empty }
      switch try reader.peekKind() {
      case .object:
        switch try classifyObject(&reader) {
        case .statsObject: return .statsArray
        case .keyValue: return .keyValueArray
        case .wrapper, .statsMap: return .log
        case .empty, .unknown: return .unknown
        }
      case .array:
        var inner = try reader.beginArray()
        guard try reader.nextElement(in: &inner) else { return .log }
        return try reader.peekKind() == .string ? .entriesArray : .log
      default:
        return .unknown
      }
    case .object:
      switch try classifyObject(&reader) {
      case .statsObject: return .statsObject
      case .keyValue: return .unknown
      case .wrapper: return .wrapper
      case .statsMap: return .statsMap
      case .empty: return .empty
      case .unknown: return .unknown
      }
    default:
      return .unknown
    }
  }

  private enum ObjectKind { case statsObject, keyValue, wrapper, statsMap, empty, unknown }

  private static func classifyObject(_ reader: inout JSONReader) throws(JSONError) -> ObjectKind {
    var object = try reader.beginObject()
    var memberCount = 0
    var hasKey = false
    var hasValue = false
    var hasStatsMember = false
    var firstValueIsObject = false
    while let key = try reader.nextKey(in: &object) {
      memberCount += 1
      let kind = try reader.peekKind()
      if isReportMember(key) && (kind == .string || kind == .array || kind == .object) {
        return .wrapper
      }
      if memberCount == 1 { firstValueIsObject = kind == .object }
      if key.equals("key") { hasKey = true }
      if key.equals("value") { hasValue = kind == .object }
      if key.equals("type") || key.equals("id") || key.equals("timestamp") || key.equals("ssrc") {
        hasStatsMember = true
      }
      try reader.skipValue()
    }
    if memberCount == 0 { return .empty }
    if hasKey && hasValue && memberCount == 2 { return .keyValue }
    if firstValueIsObject && !hasStatsMember { return .statsMap }
    if hasStatsMember { return .statsObject }
    return firstValueIsObject ? .statsMap : .unknown
  }
}
