import RTCStatsCore

extension StatsEvent {
  /// An event of the name a dump gives it (`oniceconnectionstatechange`,
  /// `setRemoteDescriptionOnFailure`, `navigator.mediaDevices.getUserMedia`, …), its kind
  /// and outcome read from the name (``EventNames``).
  ///
  /// Page-level events (getUserMedia, getDisplayMedia, enumerateDevices, `navigator.…` and
  /// `MediaStreamTrack.…` events) belong to no peer connection, whatever id the dump filed
  /// them under (Chrome's export uses `"<pid>-0"`).
  init(dumpName name: String, time: Double?, connection: String?, value: String?) {
    let (kind, outcome) = EventNames.kindAndOutcome(of: name)
    let isPageLevel =
      kind == .getUserMedia || kind == .getDisplayMedia || kind == .enumerateDevices
      || name.hasPrefix("navigator.") || name.hasPrefix("MediaStreamTrack.")
    self.init(
      time: time, peerConnection: isPageLevel ? nil : connection, kind: kind, outcome: outcome,
      name: name, value: value)
  }
}

/// How the dialects name events, mapped to ``EventKind`` and ``EventOutcome``.
///
/// The outcome is read from the suffix: `…OnSuccess` is a success, `…OnFailure` and
/// `…Failed` a failure, anything else the call or state change itself. The kind is read
/// from the rest, case ignored, without a `navigator.mediaDevices.` or `navigator.` prefix:
/// both the rtcstats spelling (`oniceconnectionstatechange`) and the webrtc-internals one
/// (`iceconnectionstatechange`, `iceConnectionStateChange`) are known.
enum EventNames {
  private static let kinds: [String: EventKind] = {
    var kinds: [String: EventKind] = [
      "create": .create, "createoffer": .createOffer, "createanswer": .createAnswer,
      "setlocaldescription": .setLocalDescription, "setremotedescription": .setRemoteDescription,
      "addicecandidate": .addIceCandidate, "restartice": .restartIce, "close": .close,
      "addtransceiver": .transceiver, "transceiveradded": .transceiver,
      "transceivermodified": .transceiver, "addtrack": .transceiver, "removetrack": .transceiver,
      "createdatachannel": .dataChannel, "getusermedia": .getUserMedia,
      "webkitgetusermedia": .getUserMedia, "mozgetusermedia": .getUserMedia,
      "getdisplaymedia": .getDisplayMedia, "enumeratedevices": .enumerateDevices,
      "addstream": .track, "onaddstream": .track,
    ]
    // Events, with and without the `on` of their handler.
    let events: [(String, EventKind)] = [
      ("iceconnectionstatechange", .iceConnectionState), ("connectionstatechange", .connectionState),
      ("signalingstatechange", .signalingState), ("icegatheringstatechange", .iceGatheringState),
      ("dtlsstatechange", .dtlsState), ("icecandidate", .iceCandidate),
      ("icecandidateerror", .iceCandidateError), ("track", .track),
      ("negotiationneeded", .negotiationNeeded), ("datachannel", .dataChannel),
    ]
    for (name, kind) in events {
      kinds[name] = kind
      kinds["on" + name] = kind
    }
    return kinds
  }()

  /// The kind and outcome of an event name.
  static func kindAndOutcome(of name: String) -> (EventKind, EventOutcome) {
    var base = Substring(name)
    var outcome = EventOutcome.call
    for (suffix, meaning) in [
      ("OnSuccess", EventOutcome.success), ("OnFailure", .failure), ("Failed", .failure),
    ]
    where base.hasSuffix(suffix) && base.count > suffix.count {
      base = base.dropLast(suffix.count)
      outcome = meaning
      break
    }
    for prefix in ["navigator.mediaDevices.", "navigator."] where base.hasPrefix(prefix) {
      base = base.dropFirst(prefix.count)
      break
    }
    return (kinds[base.lowercased()] ?? .other, outcome)
  }
}
