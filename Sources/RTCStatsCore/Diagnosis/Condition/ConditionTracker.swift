/// Hysteresis over the graded intervals of one direction: a grade of fair or worse holds only
/// when `minIntervals` of the last `window` intervals reach it (one bad second is not a
/// critical call); `good` needs one interval.
///
/// Each grade has its own raise-and-hold state, as in ``EpisodeDetector``: when a grade is
/// raised its start is back-dated to the first interval of the window that reached it, and
/// the intervals in between take the grade too; it holds while intervals reach it and drops
/// at the first that does not. An interval's final grade is the worst grade holding over it.
/// Because a raise looks back at most `window` intervals, an interval is final once `window`
/// newer intervals arrived: the tracker keeps only those, so memory is O(`window`) and the
/// per-poll grade is known live with a lag of at most `window` − 1 polls.
///
/// Worked example, `minIntervals` 2, `window` 3 (w = warning, · = excellent):
///
///     raw:    ·  w  ·  w  w  ·  w  ·
///     final:  ·  w  w  w  w  ·  g  ·     (the 7th interval's warning is alone in its window:
///                                         it only reaches good, which needs one interval)
struct ConditionTracker: Sendable {
  private let minIntervals: PerGrade<Int>
  private let window: Int
  /// The intervals not final yet from ``head`` on; the ones before are already returned and
  /// are dropped in batches (no shift of the window at every poll).
  private var pending: [Pending] = []
  private var head = 0
  /// Per grade: which of the last `window` intervals reached it (bit 0 the newest), whether it
  /// is raised and the reason it was raised with.
  private var onFlags = PerGrade<UInt32>(repeating: 0)
  private var active = PerGrade(repeating: false)
  private var activeReason = PerGrade(repeating: ConditionReason.unknown)

  struct Pending: Sendable {
    var sample: ConditionSample
    var final: Int
    var bridgedReason: ConditionReason?
  }

  /// A tracker for the `condition` entry of `table`.
  init(_ table: ThresholdTable) {
    let entry = table.entry("condition")
    let sustained = entry.minIntervals
    window = Swift.min(31, entry.window)
    minIntervals = PerGrade(good: 1, others: sustained)
  }

  /// The grade holding now (the newest interval's, as far as known), for live use.
  var current: (grade: NetworkGrade, reason: ConditionReason) {
    guard let last = pending.last else { return (.unknown, .unknown) }
    if last.final < 0 { return (.unknown, .unknown) }
    let level = (1...4).reversed().first { active[$0] } ?? 0
    guard level > 0 else { return (.excellent, .none) }
    return (.ofBadness(level), last.sample.reason(reaching: level) ?? activeReason[level])
  }

  /// Adds the next interval; returns the interval that became final, if any.
  mutating func add(_ sample: ConditionSample) -> FinalInterval? {
    let level = sample.level
    pending.append(Pending(sample: sample, final: level < 0 ? -1 : 0))
    let mask: UInt32 = window >= 32 ? .max : (1 << UInt32(window)) - 1
    for grade in 1...4 {
      let isOn = level >= grade
      onFlags[grade] = ((onFlags[grade] << 1) | (isOn ? 1 : 0)) & mask
      if active[grade] {
        if isOn {
          mark(pending.count - 1, grade, reason: nil)
        } else {
          active[grade] = false
          onFlags[grade] = 0
        }
      } else if onFlags[grade].nonzeroBitCount >= minIntervals[grade] {
        active[grade] = true
        activeReason[grade] = sample.reason(reaching: grade) ?? .unknown
        // The oldest on interval still counted (flags are cleared when a grade drops).
        let offset = UInt32.bitWidth - onFlags[grade].leadingZeroBitCount - 1
        let oldest = Swift.max(head, pending.count - 1 - offset)
        for position in oldest..<pending.count { mark(position, grade, reason: activeReason[grade]) }
      }
    }
    guard pending.count - head > window else { return nil }
    let done = pending[head]
    head += 1
    if head >= 64 {
      pending.removeFirst(head)
      head = 0
    }
    return finalize(done)
  }

  /// Every interval still pending, final now (the call ended).
  mutating func finish() -> [FinalInterval] {
    defer {
      pending.removeAll()
      head = 0
    }
    return remaining()
  }

  /// The intervals ``finish()`` would return, the tracker left as it is.
  func remaining() -> [FinalInterval] { pending[head...].map(finalize) }

  private mutating func mark(_ position: Int, _ grade: Int, reason: ConditionReason?) {
    guard pending[position].final >= 0 || pending[position].sample.level >= 0 else { return }
    if grade > pending[position].final {
      pending[position].final = grade
      if pending[position].sample.level < grade { pending[position].bridgedReason = reason }
    }
  }

  private func finalize(_ item: Pending) -> FinalInterval {
    let grade: NetworkGrade = item.final < 0 ? .unknown : .ofBadness(item.final)
    let reason: ConditionReason
    switch grade {
    case .unknown: reason = .unknown
    case .excellent: reason = .none
    default: reason = item.sample.reason(reaching: item.final) ?? item.bridgedReason ?? .unknown
    }
    return FinalInterval(sample: item.sample, grade: grade, reason: reason)
  }
}

/// An interval with its final grade.
struct FinalInterval: Sendable, Hashable {
  var sample: ConditionSample
  var grade: NetworkGrade
  var reason: ConditionReason
}
