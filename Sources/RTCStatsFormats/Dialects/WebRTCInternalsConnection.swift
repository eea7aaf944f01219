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
  /// The `PeerConnections` key, e.g. `"8-1"`.
  let name: String
  var objects: [InternalsObject] = []
  var objectIndex: [String: Int] = [:]
  var series: [InternalsSeries] = []
  var runs: [InternalsRun] = []
  var timestamps: [Double] = []
  var hasStats = false

  init(name: String) {
    self.name = name
  }
}
