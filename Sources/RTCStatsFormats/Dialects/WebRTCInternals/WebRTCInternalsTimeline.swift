// MARK: - Design
//
// webrtc-internals polls `getStats()` about once a second and appends every member of every
// object to its own series, so the polls themselves are not in the dump: they are rebuilt
// from the sample times of the objects.
//
// - Local objects (everything but `remote-inbound-rtp`/`remote-outbound-rtp`) carry the
//   time of the poll itself: all of them share one timestamp per poll. Their samples,
//   sorted by time, are cut into polls wherever the time jumps by more than `tolerance`
//   (or an object would appear twice in one poll).
// - Remote objects carry the arrival time of the RTCP report they describe, which is
//   before the poll and repeats while no new report comes. Each sample goes to the first
//   poll at or after its time (less `slack`) and after the previous sample's poll.
//
//     polls:          P0 48621   P1 49627   P2 50627   P3 51632
//     RIV timestamp:  48137      48665      50118      51415      (each before its poll)
//     RIA timestamp:                        50048      50048      (appeared at P2)
//
// Before M117 there are no per-object times, only each series' `startTime` and `endTime`:
// the times of its first and last point, exact poll times for a local object. An object
// with n samples spans n consecutive polls, so these times are anchored to poll indices:
// the earliest start is poll 0, an object starting at poll k ends at poll k + n − 1, and
// so on until nothing changes. Polls between anchors get interpolated times.
//
//     RTCInboundRTP…  247 samples  18:34:12.741 → 18:38:19.741   polls 0…246
//     RTCIceCandidatePair_QT…  9   18:34:12.741 → 18:34:21.730   polls 0…8 (poll 8 = 21.730)
//
// An object whose samples cannot be placed that way (times missing, or running past the
// last poll) is aligned with the last polls instead. Every object's samples land in
// strictly increasing polls, so each series is read front to back exactly once.

/// The polls of one peer connection of a webrtc-internals dump.
struct InternalsTimeline {
  /// The sample times of one stats object: `range` of the peer connection's sample times.
  struct Object {
    var range: Range<Int>
    var isRemote: Bool
    /// For an object without timestamp series: the `startTime` and `endTime` of the series
    /// its times were spread over.
    var span: (start: Double, end: Double)?
  }

  /// The sample times, with the samples of anchored local objects moved to their poll's
  /// time.
  private(set) var times: [Double]

  /// The time of each poll (ms since epoch; NaN when unknown).
  private(set) var pollTimes: [Double] = []
  /// For every sample: the poll it belongs to, or −1 when it is left out.
  private(set) var samplePolls: [Int32] = []
  /// Objects placed by aligning them with the last polls.
  private(set) var alignedObjects = 0

  /// Groups the samples into polls.
  ///
  /// - Parameters:
  ///   - times: The sample times of every object, ms (NaN when unknown).
  ///   - objects: Which samples belong to which object.
  init(times: [Double], objects: [Object]) {
    self.times = times
    samplePolls = Array(repeating: -1, count: times.count)
    var placed = Array(repeating: false, count: objects.count)
    let isSpread = !objects.isEmpty && objects.allSatisfy { $0.span != nil }
    if isSpread {
      anchor(objects: objects, placed: &placed)
    }
    if pollTimes.isEmpty {
      placed = Array(repeating: false, count: objects.count)
      let exact = objects.filter { $0.span == nil }
      let anyLocal = exact.contains { !$0.isRemote && Self.allFinite(times[$0.range]) }
      clusterLocal(
        objects: objects, tolerance: Self.tolerance(times: times, objects: objects),
        includeRemote: !anyLocal, placed: &placed)
    }
    let tolerance = Self.tolerance(pollTimes: pollTimes)
    for (index, object) in objects.enumerated() where !placed[index] {
      // Times spread between startTime and endTime are approximate: allow a tolerance.
      let slack = object.span == nil ? 1 : tolerance
      if !placeAfter(range: object.range, slack: slack) {
        alignWithEnd(object.range)
        alignedObjects += 1
      }
    }
    if pollTimes.isEmpty, let longest = objects.map(\.range.count).max(), longest > 0 {
      // No time at all: the longest object defines the polls.
      pollTimes = Array(repeating: .nan, count: longest)
      for object in objects { alignWithEnd(object.range) }
    }
  }

  // MARK: - Anchored polls (no per-object timestamps)

  /// Places local objects of a pre-M117 dump by anchoring their start and end times to
  /// poll indices.
  private mutating func anchor(objects: [Object], placed: inout [Bool]) {
    let local = objects.indices.filter { index in
      guard let span = objects[index].span else { return false }
      return !objects[index].isRemote && !objects[index].range.isEmpty && span.start.isFinite
        && span.end.isFinite && span.end >= span.start
    }
    guard let first = local.compactMap({ objects[$0].span?.start }).min() else { return }
    var anchors: [Double: Int] = [first: 0]
    var changed = true
    while changed {
      changed = false
      for index in local {
        guard let span = objects[index].span else { continue }
        let count = objects[index].range.count
        switch (anchors[span.start], anchors[span.end]) {
        case (let start?, nil):
          anchors[span.end] = start + count - 1
          changed = true
        case (nil, let end?) where end - count + 1 >= 0:
          anchors[span.start] = end - count + 1
          changed = true
        default:
          break
        }
      }
    }
    // Poll times: the anchors, interpolated in between.
    let known = anchors.map { (poll: $0.value, time: $0.key) }.sorted { $0.poll < $1.poll }
    guard let last = known.last else { return }
    pollTimes = Array(repeating: .nan, count: last.poll + 1)
    var previous: (poll: Int, time: Double)?
    for anchor in known {
      guard pollTimes[anchor.poll].isNaN else { continue }
      if let previous, anchor.time < previous.time { continue }
      pollTimes[anchor.poll] = anchor.time
      if let previous, anchor.poll - previous.poll > 1 {
        let step = (anchor.time - previous.time) / Double(anchor.poll - previous.poll)
        for poll in (previous.poll + 1)..<anchor.poll {
          pollTimes[poll] = previous.time + Double(poll - previous.poll) * step
        }
      }
      previous = (anchor.poll, anchor.time)
    }
    // Anchors that contradicted earlier ones leave gaps: take them from their neighbours.
    for poll in pollTimes.indices where pollTimes[poll].isNaN && poll > 0 {
      pollTimes[poll] = pollTimes[poll - 1] + 1000
    }

    for index in local {
      guard let span = objects[index].span, let start = anchors[span.start] else { continue }
      let range = objects[index].range
      let count = range.count
      let end = max(anchors[span.end] ?? (start + count - 1), start + count - 1)
      while end >= pollTimes.count { pollTimes.append((pollTimes.last ?? 0) + 1000) }
      for (offset, sample) in range.enumerated() {
        // More polls than samples between the anchors: the object missed some polls.
        let poll =
          count > 1 && end - start + 1 > count
          ? start + Int((Double(offset) * Double(end - start) / Double(count - 1)).rounded())
          : start + offset
        samplePolls[sample] = Int32(poll)
        times[sample] = pollTimes[poll]
      }
      placed[index] = true
    }
  }

  // MARK: - Clustered polls (per-object timestamps)

  /// Cuts the sorted samples of local objects into polls.
  private mutating func clusterLocal(
    objects: [Object], tolerance: Double, includeRemote: Bool, placed: inout [Bool]
  ) {
    var samples: [(time: Double, sample: Int32, object: Int32)] = []
    for (index, object) in objects.enumerated()
    where object.span == nil && (includeRemote || !object.isRemote)
      && Self.allFinite(times[object.range])
    {
      for sample in object.range {
        samples.append((times[sample], Int32(sample), Int32(index)))
      }
    }
    samples.sort { $0.time < $1.time || ($0.time == $1.time && $0.sample < $1.sample) }
    var lastPoll = Array(repeating: Int32(-1), count: objects.count)
    var clusterStart = -Double.infinity
    for sample in samples {
      let current = Int32(pollTimes.count - 1)
      if pollTimes.isEmpty || sample.time - clusterStart > tolerance
        || lastPoll[Int(sample.object)] == current
      {
        pollTimes.append(sample.time)
        clusterStart = sample.time
      }
      let poll = Int32(pollTimes.count - 1)
      samplePolls[Int(sample.sample)] = poll
      lastPoll[Int(sample.object)] = poll
      placed[Int(sample.object)] = true
    }
    // Times that go backwards within an object would break the front-to-back reading.
    for (index, object) in objects.enumerated() where placed[index] {
      var previous: Int32 = -1
      for sample in object.range {
        if samplePolls[sample] <= previous {
          placed[index] = false
          for reset in object.range { samplePolls[reset] = -1 }
          break
        }
        previous = samplePolls[sample]
      }
    }
  }

  /// Puts every sample in the first poll at or after its time and after the previous
  /// sample's poll; `false` when that runs out of polls.
  private mutating func placeAfter(range: Range<Int>, slack: Double) -> Bool {
    var previous = -1
    for sample in range {
      let time = times[sample]
      guard time.isFinite else { return false }
      var poll = max(firstPoll(atOrAfter: time - slack), previous + 1)
      if poll >= pollTimes.count {
        // Past the last poll by less than a poll interval: the last poll, if still free.
        poll = previous + 1
        guard poll < pollTimes.count, sample == range.upperBound - 1 else { return false }
      }
      samplePolls[sample] = Int32(poll)
      previous = poll
    }
    return true
  }

  /// Aligns the samples with the last polls; those before the first poll are left out.
  private mutating func alignWithEnd(_ range: Range<Int>) {
    let first = pollTimes.count - range.count
    for (offset, sample) in range.enumerated() {
      let poll = first + offset
      samplePolls[sample] = poll >= 0 ? Int32(poll) : -1
    }
  }

  private func firstPoll(atOrAfter time: Double) -> Int {
    var low = 0
    var high = pollTimes.count
    while low < high {
      let middle = (low + high) / 2
      if pollTimes[middle] < time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// 40 % of the typical poll interval (the median step of the longest local object),
  /// at most 400 ms.
  private static func tolerance(times: [Double], objects: [Object]) -> Double {
    let longest = objects.filter { !$0.isRemote }.max { $0.range.count < $1.range.count }
    guard let longest else { return 400 }
    return tolerance(steps: times[longest.range])
  }

  /// 40 % of the median poll interval, at most 400 ms.
  private static func tolerance(pollTimes: [Double]) -> Double {
    tolerance(steps: pollTimes[...])
  }

  private static func tolerance(steps times: ArraySlice<Double>) -> Double {
    guard times.count > 2 else { return 400 }
    var steps: [Double] = []
    for index in times.indices.dropFirst() {
      let step = times[index] - times[index - 1]
      if step.isFinite && step > 0 { steps.append(step) }
    }
    guard !steps.isEmpty else { return 400 }
    steps.sort()
    return min(max(steps[steps.count / 2] * 0.4, 1), 400)
  }

  private static func allFinite(_ values: ArraySlice<Double>) -> Bool {
    !values.isEmpty && values.allSatisfy(\.isFinite)
  }
}
