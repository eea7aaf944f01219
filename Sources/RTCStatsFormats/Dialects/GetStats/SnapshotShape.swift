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
  /// snapshot, with the snapshot as a value or a JSON string, under a known name or any
  /// other (``ReportProbe``).
  case wrapper
  /// `{"snapshots": [snapshot, snapshot, …], …}`: an app's wrapper around a log.
  case wrappedLog
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
    case .wrappedLog: "an object holding a log of snapshots"
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

  /// Classifies the value under the cursor, reading ahead as far as needed.
  ///
  /// The caller
  /// rewinds the reader afterwards.
  ///
  /// - `probesMembers`: Whether the members of an object without `type` are looked
  ///   into for a report under a name that is not a known one (``ReportProbe``); the probe
  ///   itself classifies without probing, so that the work stays linear.
  static func classify(_ reader: inout JSONReader, probesMembers: Bool = true) throws(JSONError)
    -> SnapshotShape
  {
    switch try reader.peekKind() {
    case .array:
      var array = try reader.beginArray()
      guard try reader.nextElement(in: &array) else { return .empty }
      switch try reader.peekKind() {
      case .object:
        switch try classifyObject(&reader, probesMembers: false) {
        case .statsObject: return .statsArray
        case .keyValue: return .keyValueArray
        case .wrapper, .wrappedLog, .statsMap: return .log
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
      switch try classifyObject(&reader, probesMembers: probesMembers) {
      case .statsObject: return .statsObject
      case .keyValue: return .unknown
      case .wrapper: return .wrapper
      case .wrappedLog: return .wrappedLog
      case .statsMap: return .statsMap
      case .empty: return .empty
      case .unknown: return .unknown
      }
    default:
      return .unknown
    }
  }

  enum ObjectKind { case statsObject, keyValue, wrapper, wrappedLog, statsMap, empty, unknown }

  /// What the members of the object under the cursor say it is.
  ///
  /// A known report member (``isReportMember(_:)``) makes a wrapper, of a log when it holds
  /// an array of snapshots. Otherwise an object with a string `type` is a stats object
  /// whatever else it holds; one without `type` whose member holds a report (probed, under
  /// any name) is a wrapper; then the shape rules of `{id: stats}` maps and loose objects.
  static func classifyObject(_ reader: inout JSONReader, probesMembers: Bool) throws(JSONError)
    -> ObjectKind
  {
    var object = try reader.beginObject()
    var memberCount = 0
    var hasKey = false
    var hasValue = false
    var hasStatsMember = false
    var hasType = false
    var probed = ReportProbe.Found.nothing
    var firstValueIsObject = false
    while let key = try reader.nextKey(in: &object) {
      memberCount += 1
      let kind = try reader.peekKind()
      if isReportMember(key) && (kind == .string || kind == .array || kind == .object) {
        if kind == .array, try ReportProbe.probe(&reader) == .log { return .wrappedLog }
        return .wrapper
      }
      if memberCount == 1 { firstValueIsObject = kind == .object }
      if key.equals("key") { hasKey = true }
      if key.equals("value") { hasValue = kind == .object }
      if key.equals("type") || key.equals("id") || key.equals("timestamp") || key.equals("ssrc") {
        hasStatsMember = true
        if key.equals("type"), kind == .string { hasType = true }
      } else if probesMembers, !hasType, probed == .nothing, !isPeerConnectionMember(key),
        kind == .string || kind == .array || kind == .object
      {
        probed = try ReportProbe.probe(&reader)
      }
      try reader.skipValue()
    }
    if memberCount == 0 { return .empty }
    if hasKey && hasValue && memberCount == 2 { return .keyValue }
    if !hasType, probed == .log { return .wrappedLog }
    if !hasType, probed == .report { return .wrapper }
    if firstValueIsObject && !hasStatsMember { return .statsMap }
    if hasStatsMember { return .statsObject }
    return firstValueIsObject ? .statsMap : .unknown
  }
}
