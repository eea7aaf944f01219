import RTCStatsCore

/// A stats object of a webrtc-internals dump: its type, its series and where its sample
/// times are.
struct InternalsObject {
  let id: String
  var type: StatsType = .other
  /// `statsType` as the dump spelled it; empty when absent.
  var typeName = ""
  var hasStatsType = false
  /// `isRemote` of an old `RTCIceCandidate_…` object.
  var isRemoteCandidate = false
  /// Indices of the object's series in ``InternalsConnection/series``.
  var series: [Int32] = []
  /// The object's `-timestamp` series: a range of ``InternalsConnection/timestamps``.
  var timestamps: Range<Int>?

  init(id: String) {
    self.id = id
  }
}

/// One `PeerConnections` member, indexed.
struct InternalsConnection {
  /// The `PeerConnections` key, for example `"8-1"`.
  let name: String
  var objects: [InternalsObject] = []
  var objectIndex: [String: Int] = [:]
  var series: [InternalsSeries] = []
  var runs: [InternalsRun] = []
  var timestamps: [Double] = []
  var hasStats = false
  /// The `updateLog` entries, in log order.
  var events: [StatsEvent] = []
  /// Per event, its place in time: its own time, else that of the event before it (−∞ at
  /// the start), so that events are handed on between the polls in log order.
  var eventOrder: [Double] = []

  /// Adds an `updateLog` entry.
  mutating func add(_ event: StatsEvent) {
    eventOrder.append(event.time ?? eventOrder.last ?? -.infinity)
    events.append(event)
  }

  init(name: String) {
    self.name = name
  }
}
