import Foundation

/// An independent reading of W3C JSON-lines captures with Foundation's JSONSerialization,
/// used to check the engine's figures from the raw counters.
///
/// It shares no code with the
/// reader or the engine.
struct ReferenceCapture {
  /// Every snapshot: stats id → object.
  let snapshots: [[String: [String: Any]]]

  init(jsonl path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var snapshots: [[String: [String: Any]]] = []
    for line in text.split(separator: "\n") where !line.isEmpty {
      let array = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]] ?? []
      var byID: [String: [String: Any]] = [:]
      for object in array {
        if let id = object["id"] as? String { byID[id] = object }
      }
      snapshots.append(byID)
    }
    self.snapshots = snapshots
  }

  /// The samples of one stats object across snapshots, in order.
  func series(_ id: String) -> [[String: Any]] {
    snapshots.compactMap { $0[id] }
  }

  /// Ids of objects of `type` (and `kind`, when given) in the last snapshot.
  func ids(type: String, kind: String? = nil) -> [String] {
    var ids = Set<String>()
    for snapshot in snapshots {
      for (id, object) in snapshot where object["type"] as? String == type {
        if let kind, object["kind"] as? String != kind { continue }
        ids.insert(id)
      }
    }
    return ids.sorted()
  }

  static func number(_ object: [String: Any], _ key: String) -> Double? {
    (object[key] as? NSNumber)?.doubleValue
  }

  /// Mean bitrate over the whole series: (last − first bytes) · 8 / (last − first time).
  func meanBitrate(_ id: String, bytesKey: String, plusHeaders headerKey: String? = nil) -> Double? {
    let samples = series(id).filter { Self.number($0, bytesKey) != nil }
    guard let first = samples.first, let last = samples.last,
      let t0 = Self.number(first, "timestamp"), let t1 = Self.number(last, "timestamp"), t1 > t0,
      let b0 = Self.number(first, bytesKey), let b1 = Self.number(last, bytesKey)
    else { return nil }
    var bytes = b1 - b0
    if let headerKey, let h0 = Self.number(first, headerKey), let h1 = Self.number(last, headerKey) {
      bytes += h1 - h0
    }
    return bytes * 8 / ((t1 - t0) / 1000)
  }

  /// Interval bitrates (bps) with the interval end time, from consecutive samples.
  func intervalBitrates(_ id: String, bytesKey: String) -> [(end: Double, bps: Double)] {
    let samples = series(id)
    var result: [(Double, Double)] = []
    for (previous, current) in zip(samples, samples.dropFirst()) {
      guard let t0 = Self.number(previous, "timestamp"), let t1 = Self.number(current, "timestamp"),
        let b0 = Self.number(previous, bytesKey), let b1 = Self.number(current, bytesKey), t1 > t0
      else { continue }
      result.append((t1, (b1 - b0) * 8 / ((t1 - t0) / 1000)))
    }
    return result
  }

  /// A member of the last sample of `id`.
  func last(_ id: String, _ key: String) -> Double? {
    series(id).last.flatMap { Self.number($0, key) }
  }

  /// The time of the first snapshot's newest object (t0 of the capture harness).
  var firstTime: Double {
    snapshots.first?.values.compactMap { Self.number($0, "timestamp") }.max() ?? 0
  }
}

/// The harness's ground truth (`truth.json`).
struct Truth {
  let object: [String: Any]

  init(_ path: String) throws {
    object =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
      ?? [:]
  }

  var t0: Double { (object["t0_epoch_ms"] as? NSNumber)?.doubleValue ?? 0 }
}
