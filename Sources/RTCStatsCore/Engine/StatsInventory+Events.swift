/// Calls of a page-level media API (`getUserMedia`, `getDisplayMedia`) and their outcomes.
public struct MediaRequests: Sendable, Equatable {
  /// The calls.
  public var calls = 0
  /// Calls that succeeded.
  public var successes = 0
  /// Calls that failed.
  public var failures = 0
  /// The error of the first failure, as the dump gives it (untrusted text).
  public var firstFailure: String?

  /// Creates a tally.
  public init(calls: Int = 0, successes: Int = 0, failures: Int = 0, firstFailure: String? = nil) {
    self.calls = calls
    self.successes = successes
    self.failures = failures
    self.firstFailure = firstFailure
  }

  /// Whether the dump records any call or outcome.
  public var isEmpty: Bool { calls == 0 && successes == 0 && failures == 0 }

  /// Notes one event of the API.
  mutating func note(_ event: StatsEvent) {
    switch event.outcome {
    case .call: calls += 1
    case .success: successes += 1
    case .failure:
      failures += 1
      if firstFailure == nil { firstFailure = event.value ?? "" }
    }
  }
}

extension StatsInventory {
  /// Records an event: getUserMedia and getDisplayMedia calls of the page, and per peer
  /// connection its events and last connection state (a connection that has events but
  /// no stats is listed too).
  public mutating func consume(event: StatsEvent) {
    eventCount += 1
    switch event.kind {
    case .getUserMedia: getUserMedia.note(event)
    case .getDisplayMedia: getDisplayMedia.note(event)
    default: break
    }
    guard let name = event.peerConnection else { return }
    let position = self.position(of: name)
    peerConnections[position].eventCount += 1
    guard let state = event.value else { return }
    if event.kind == .connectionState { peerConnections[position].connectionState = state }
    if event.kind == .iceConnectionState { peerConnections[position].iceConnectionState = state }
  }
}
