/// Episodes of a connection state (ICE disconnected, DTLS failed, relay in use) fed from two
/// sources — the transport's state at each poll and the state-change events — each kept
/// separately; overlapping findings of the two are merged when the diagnosis is assembled.
struct ConnectionStateEpisodes: Sendable {
  private(set) var pollStart: Double?
  private(set) var pollEnd: Double?
  private(set) var pollState: String?
  private(set) var eventStart: Double?
  private(set) var eventState: String?
  private(set) var lastEventTime: Double?

  /// The poll-side state at `interval`: `bad` is the state's name when it counts, `nil` when
  /// it does not.
  ///
  /// Returns a finished episode.
  mutating func poll(_ bad: String?, start: Double, end: Double) -> (
    start: Double, end: Double, state: String
  )? {
    if let bad {
      if pollStart == nil { pollStart = start }
      pollEnd = end
      if pollState != "failed" { pollState = bad }
      return nil
    }
    defer { (pollStart, pollEnd, pollState) = (nil, nil, nil) }
    guard let begin = pollStart, let finish = pollEnd, let state = pollState else { return nil }
    return (begin, finish, state)
  }

  /// The event-side state at `time`; returns a finished episode.
  mutating func event(_ bad: String?, time: Double) -> (start: Double, end: Double, state: String)? {
    lastEventTime = time
    if let bad {
      if eventStart == nil { eventStart = time }
      if eventState != "failed" { eventState = bad }
      return nil
    }
    defer { (eventStart, eventState) = (nil, nil) }
    guard let begin = eventStart, let state = eventState else { return nil }
    return (begin, time, state)
  }

  /// The episodes still open when the call ended, with `end` as their end.
  mutating func finish(end: Double?) -> [(start: Double, end: Double, state: String)] {
    var result: [(Double, Double, String)] = []
    if let begin = pollStart, let finish = pollEnd, let state = pollState {
      result.append((begin, finish, state))
    }
    if let begin = eventStart, let state = eventState {
      result.append((begin, Swift.max(begin, end ?? lastEventTime ?? begin), state))
    }
    (pollStart, pollEnd, pollState, eventStart, eventState) = (nil, nil, nil, nil, nil)
    return result
  }
}
