/// Decides which side caused the degradation of each peer connection's received media, by
/// comparing the streams that arrive over the same downlink (every received track of every
/// peer connection in one client's dump), and names the evidence.
///
/// For every degraded run of a connection's receive grade, the other received tracks are
/// looked at over the same time: tracks of other peer connections, and tracks of the same kind
/// in the same connection (another publisher through one SFU connection). Audio and video of
/// one connection are not compared with each other: they usually come from one publisher.
/// - the others were mostly clean → **remote** (that publisher's uplink, or the path beyond
///   this side's link);
/// - the others were mostly degraded too → **local** (this side's downlink);
/// - no other track had data then → **local** when this side's own uplink was degraded at the
///   same time (its network is bad both ways), else **bothOrUnclear**.
/// The connection's source is the one covering the most degraded time. The sent direction is
/// judged from this side's uplink alone, which is **local** when degraded.
enum DegradationSourceResolver {
  /// The receive-side source and its evidence for connection `index` of `connections`.
  static func receive(
    of index: Int, runs: [ConditionRun], health: [[TrackHealth]], sendRuns: [ConditionRun]
  ) -> (DegradationSource, Evidence) {
    let degraded = runs.filter(\.grade.isDegraded)
    guard !degraded.isEmpty else { return (.none, Evidence()) }
    var time: [DegradationSource: Double] = [:]
    var compared = Set<String>()
    var otherDegraded = 0.0
    var otherClean = 0.0
    for run in degraded {
      var degradedTime = 0.0
      var cleanTime = 0.0
      let own = health[index]
      let ownDegradedKinds = Set(
        own.filter { $0.overlap(start: run.start, end: run.end).degraded > 0 }.map(\.track.kind))
      for (position, tracks) in health.enumerated() {
        for track in tracks {
          if position == index {
            // Same connection: only another track of a kind that degraded here.
            guard ownDegradedKinds.contains(track.track.kind),
              own.filter({ $0.track.kind == track.track.kind }).count > 1
            else { continue }
          }
          let overlap = track.overlap(start: run.start, end: run.end)
          guard overlap.degraded + overlap.clean > 0 else { continue }
          compared.insert(track.track.description)
          degradedTime += overlap.degraded
          cleanTime += overlap.clean
        }
      }
      let length = Swift.max(run.end - run.start, 1)
      let source: DegradationSource
      if degradedTime + cleanTime > 0 {
        source = cleanTime > degradedTime ? .remote : .local
      } else {
        let uplink = sendRuns.filter { $0.grade.isDegraded && $0.end > run.start && $0.start < run.end }
        source = uplink.isEmpty ? .bothOrUnclear : .local
      }
      time[source, default: 0] += length
      otherDegraded += degradedTime
      otherClean += cleanTime
    }
    let order: [DegradationSource] = [.remote, .local, .bothOrUnclear]
    let best = order.max { (time[$0] ?? 0) < (time[$1] ?? 0) } ?? .bothOrUnclear
    var evidence = Evidence()
    evidence.set("degradedTime", .number(degraded.reduce(0) { $0 + $1.end - $1.start }))
    evidence.set("comparedTracks", .integer(compared.count))
    evidence.set("othersDegradedTime", .number(otherDegraded))
    evidence.set("othersCleanTime", .number(otherClean))
    for source in order where time[source] != nil {
      evidence.set(source.rawValue + "Time", .number(time[source] ?? 0))
    }
    return (best, evidence)
  }
}
