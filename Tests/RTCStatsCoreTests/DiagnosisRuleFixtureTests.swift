import Testing

@testable import RTCStatsCore

/// Rules that no real capture triggers, on synthetic calls whose figures are set by the test
/// (``DiagnosisFixture``): each test fails when its rule is missing or does not fire.
@Suite struct DiagnosisRuleFixtureTests {
  typealias Fixture = DiagnosisFixture

  @Test func cpuLimitedEncoderFiresOnCpuReason() throws {
    var call = Fixture()
    var video = Fixture.outboundVideo()
    call.polls(3, [video])
    video.extraTexts[.qualityLimitationReason] = "cpu"
    call.polls(6, [video])
    video.extraTexts[.qualityLimitationReason] = "none"
    call.polls(3, [video])
    let finding = try #require(call.findings("cpuLimitedEncoder").first)
    #expect(call.seconds(finding.start) == 3 && call.seconds(finding.end) == 9)
    #expect(finding.evidence["resolution"] == .text("640x480"))
  }

  @Test func inactiveLayerFiresWhenOneEncodingStops() throws {
    var call = Fixture()
    var low = Fixture.outboundVideo("OV-q")
    low.extraTexts = [.rid: "q", .mediaSourceId: "S1"]
    var high = Fixture.outboundVideo("OV-f")
    high.extraTexts = [.rid: "f", .mediaSourceId: "S1"]
    call.polls(3, [low, high])
    high.bytesPerSecond = 0
    call.polls(5, [low, high])
    let finding = try #require(call.findings("inactiveLayer").first)
    #expect(finding.evidence["layer"] == .text("f"))
    #expect(call.seconds(finding.start) == 3)
    #expect(call.findings("inactiveLayer").count == 1)
  }

  @Test func keyframeStormFiresOnRepeatedPLIs() throws {
    var call = Fixture()
    var video = Fixture.inboundVideo()
    video.counters[.pliCount] = 0
    call.polls(2, [video])
    video.counters[.pliCount] = 3
    call.polls(5, [video])
    video.counters[.pliCount] = 0
    call.polls(2, [video])
    let finding = try #require(call.findings("keyframeStorm").first)
    #expect(finding.evidence["peakPerSecond"] == .number(3))
    #expect(call.seconds(finding.start) == 2 && call.seconds(finding.end) == 7)
  }

  @Test func noMediaFlowingOnOneTrackWhileTheOtherFlows() throws {
    var call = Fixture()
    var audio = Fixture.inboundAudio()
    let video = Fixture.inboundVideo()
    call.polls(3, [audio, video])
    audio.bytesPerSecond = 0
    audio.packetsPerSecond = 0
    call.polls(5, [audio, video])
    audio.bytesPerSecond = 4000
    audio.packetsPerSecond = 50
    call.polls(2, [audio, video])
    let finding = try #require(call.findings("noMediaFlowing").first)
    #expect(finding.track?.kind == .audio)
    #expect(call.seconds(finding.start) == 3 && call.seconds(finding.end) == 8)
    #expect(call.findings("mediaStopped").isEmpty)
  }

  @Test func pausedVideoIsNotADryTrack() {
    var call = Fixture()
    let audio = Fixture.inboundAudio()
    var video = Fixture.inboundVideo()
    video.extraNumbers = [.pauseCount: 0, .totalPausesDuration: 0]
    call.polls(3, [audio, video])
    video.bytesPerSecond = 0
    video.framesPerSecond = 0
    call.polls(6, [audio, video])
    video.bytesPerSecond = 200_000
    video.framesPerSecond = 30
    video.extraNumbers[.pauseCount] = 1
    video.extraNumbers[.totalPausesDuration] = 6
    call.polls(2, [audio, video])
    #expect(call.findings("noMediaFlowing").isEmpty)
    #expect(call.findings("videoPause").count == 1)
  }

  @Test func oneWayAudioThatBrokeIsAWarning() throws {
    var call = Fixture()
    var received = Fixture.inboundAudio()
    let sent = Fixture.outboundAudio()
    call.polls(3, [received, sent])
    received.bytesPerSecond = 0
    received.packetsPerSecond = 0
    call.polls(4, [received, sent])
    let finding = try #require(call.findings("oneWayMedia").first)
    #expect(finding.severity == .warning)
    #expect(finding.evidence["flowing"] == .text("sent"))
    #expect(finding.evidence["neverFlowed"] == .bool(false))
  }

  @Test func sendOnlyConnectionsAreNeverOneWay() {
    var call = Fixture()
    call.polls(6, [Fixture.outboundAudio()])
    #expect(call.findings("oneWayMedia").isEmpty)
  }

  @Test func iceDisconnectedFromEventsAndPollsIsOneFinding() throws {
    var call = Fixture()
    let audio = Fixture.inboundAudio()
    call.polls(3, [audio])
    let cut = call.time
    call.analyzer.consume(
      event: StatsEvent(
        time: cut + 500, peerConnection: "pc", kind: .iceConnectionState, name: "iceconnectionstatechange",
        value: "disconnected"))
    var transport = Fixture.Transport()
    transport.iceState = "disconnected"
    call.polls(3, [audio], transport: transport)
    call.analyzer.consume(
      event: StatsEvent(
        time: call.time + 200, peerConnection: "pc", kind: .iceConnectionState,
        name: "iceconnectionstatechange", value: "connected"))
    call.polls(2, [audio])
    let findings = call.findings("iceDisconnected")
    #expect(findings.count == 1)
    #expect(findings.first?.start == cut)
    #expect(findings.first?.severity == .warning)
  }

  @Test func iceFailedFromEventsIsCritical() throws {
    var call = Fixture()
    call.polls(2, [Fixture.inboundAudio()])
    call.analyzer.consume(
      event: StatsEvent(
        time: call.time, peerConnection: "pc", kind: .connectionState, name: "connectionstatechange",
        value: "failed"))
    let finding = try #require(call.findings("iceDisconnected").first)
    #expect(finding.severity == .critical)
    #expect(finding.evidence["state"] == .text("failed"))
  }

  @Test func iceRestartComesFromTheEvent() throws {
    var call = Fixture()
    call.polls(2, [Fixture.inboundAudio()])
    call.analyzer.consume(
      event: StatsEvent(time: call.time, peerConnection: "pc", kind: .restartIce, name: "restartIce"))
    call.analyzer.consume(
      event: StatsEvent(
        time: call.time + 1, peerConnection: "pc", kind: .createOffer, name: "createOffer",
        value: "{\"iceRestart\": true}"))
    call.analyzer.consume(
      event: StatsEvent(
        time: call.time + 2, peerConnection: "pc", kind: .createOffer, name: "createOffer", value: "{}"))
    #expect(call.findings("iceRestart").count == 2)
  }

  @Test func candidatePairChangeNamesBothPaths() throws {
    var call = Fixture()
    let audio = Fixture.inboundAudio()
    call.polls(2, [audio])
    var relay = Fixture.Transport()
    relay.pairID = "CP2"
    relay.localType = "relay"
    relay.relayProtocol = "udp"
    call.polls(2, [audio], transport: relay)
    let finding = try #require(call.findings("candidatePairChange").first)
    #expect(finding.evidence["from"] == .text("host/udp → host"))
    #expect(finding.evidence["to"] == .text("relay/udp (TURN over udp) → host"))
    let relayed = try #require(call.findings("turnRelay").first)
    #expect(call.seconds(relayed.start) == 2)
    #expect(call.findings("relayOverTCP").isEmpty)
  }

  @Test func relayOverTLSIsAWarningNotAnInfo() throws {
    var call = Fixture()
    var transport = Fixture.Transport()
    transport.localType = "relay"
    transport.relayProtocol = "tls"
    call.polls(3, [Fixture.inboundAudio()], transport: transport)
    let finding = try #require(call.findings("relayOverTCP").first)
    #expect(finding.severity == .warning)
    #expect(finding.evidence["transportProtocol"] == .text("TURN/TLS"))
    #expect(call.findings("turnRelay").isEmpty)
  }

  @Test func dtlsFailureFromThePollOrTheEvent() throws {
    var call = Fixture()
    var transport = Fixture.Transport()
    transport.dtlsState = "failed"
    call.polls(2, [Fixture.inboundAudio()], transport: transport)
    #expect(call.findings("dtlsFailure").first?.severity == .critical)
    var events = Fixture()
    events.polls(1, [Fixture.inboundAudio()])
    events.analyzer.consume(
      event: StatsEvent(
        time: events.time, peerConnection: "pc", kind: .dtlsState, name: "dtlsstatechange", value: "failed"))
    #expect(events.findings("dtlsFailure").count == 1)
  }

  @Test(arguments: [
    ("NotAllowedError: Permission denied", "permission denied"),
    ("NotFoundError: Requested device not found", "device not found"),
    ("NotReadableError: Could not start video source", "device in use or unreadable"),
    ("OverconstrainedError", "constraints no device satisfies"),
  ])
  func getUserMediaErrorsSayWhy(error: String, problem: String) throws {
    var analyzer = CallAnalyzer()
    analyzer.consume(
      event: StatsEvent(
        time: 1000, peerConnection: nil, kind: .getUserMedia, outcome: .failure,
        name: "getUserMediaOnFailure", value: error))
    let finding = try #require(analyzer.analysis().findings.first { $0.code.rawValue == "getUserMediaError" })
    #expect(finding.evidence["problem"] == .text(problem))
    #expect(finding.peerConnection == nil)
    #expect(finding.severity == .critical)
  }

  @Test func statsGapAndClockJump() throws {
    var call = Fixture()
    let audio = Fixture.inboundAudio()
    call.polls(10, [audio])
    call.poll([audio], seconds: 8)
    call.polls(2, [audio])
    let gap = try #require(call.findings("statsGap").first)
    #expect(gap.evidence["gapSeconds"] == .number(8))
    #expect(gap.evidence["typicalSeconds"] == .number(1))
    call.poll([audio], seconds: -30)
    #expect(call.findings("statsGap").count == 2)
  }

  @Test func truncatedHistoryFromTheFirstSamplesCounters() throws {
    var call = Fixture()
    var video = Fixture.inboundVideo()
    // The first sample already holds 10 minutes of media at the rate that follows.
    video.extraNumbers[.bytesReceived] = nil
    call.analyzer = CallAnalyzer()
    var builder = ReportBuilder()
    builder.add(
      .inboundRTP, id: "IV", at: call.time,
      numbers: [.ssrc: 1, .bytesReceived: 200_000 * 600, .packetsReceived: 200 * 600],
      texts: [.kind: "video", .trackIdentifier: "t"])
    call.analyzer.consume(builder.report, peerConnection: "pc")
    builder = ReportBuilder()
    builder.add(
      .inboundRTP, id: "IV", at: call.time + 1000,
      numbers: [.ssrc: 1, .bytesReceived: 200_000 * 601, .packetsReceived: 200 * 601],
      texts: [.kind: "video", .trackIdentifier: "t"])
    call.analyzer.consume(builder.report, peerConnection: "pc")
    let finding = try #require(call.findings("truncatedHistory").first)
    #expect(finding.evidence["missingSeconds"] == .number(600))
  }

  @Test func codecFallbackOnAHardwareToSoftwareSwitch() throws {
    var call = Fixture()
    var video = Fixture.outboundVideo()
    video.extraTexts[.encoderImplementation] = "ExternalEncoder (MediaCodec)"
    call.polls(2, [video])
    video.extraTexts[.encoderImplementation] = "libvpx"
    call.polls(2, [video])
    let finding = try #require(call.findings("codecFallback").first)
    #expect(finding.evidence["from"] == .text("ExternalEncoder (MediaCodec)"))
    #expect(finding.evidence["role"] == .text("encoder"))
  }

  @Test func connectivityLostWhenChecksGoUnanswered() throws {
    var call = Fixture()
    var audio = Fixture.inboundAudio()
    call.polls(2, [audio])
    var cut = Fixture.Transport()
    cut.responsesPerSecond = 0
    cut.bytesReceivedPerSecond = 0
    audio.bytesPerSecond = 0
    audio.packetsPerSecond = 0
    call.polls(4, [audio], transport: cut)
    audio.bytesPerSecond = 4000
    audio.packetsPerSecond = 50
    call.polls(2, [audio])
    let finding = try #require(call.findings("connectivityLost").first)
    #expect(call.seconds(finding.start) == 2 && call.seconds(finding.end) == 6)
    #expect(finding.evidence["requests"] == .integer(4))
    #expect(call.findings("mediaStopped").count == 1)
  }

  /// Consent checks are seconds apart: a poll of a cut in which no check went out (and
  /// nothing arrived) neither ends the loss nor starts it; the loss starts when something
  /// last arrived (the end of the second poll, at 2 s), and runs to the last unanswered poll.
  @Test func connectivityLostSpansPollsWithoutChecks() throws {
    var call = Fixture()
    var audio = Fixture.inboundAudio()
    call.polls(2, [audio])
    audio.bytesPerSecond = 0
    audio.packetsPerSecond = 0
    var silent = Fixture.Transport()
    silent.requestsPerSecond = 0
    silent.responsesPerSecond = 0
    silent.bytesReceivedPerSecond = 0
    var cut = silent
    cut.requestsPerSecond = 2
    call.polls(1, [audio], transport: silent)
    call.polls(2, [audio], transport: cut)
    call.polls(1, [audio], transport: silent)
    call.polls(2, [audio], transport: cut)
    audio.bytesPerSecond = 4000
    audio.packetsPerSecond = 50
    call.polls(2, [audio])
    let lost = call.findings("connectivityLost")
    #expect(lost.count == 1, "\(lost.map { (call.seconds($0.start), call.seconds($0.end)) })")
    let finding = try #require(lost.first)
    #expect(call.seconds(finding.start) == 2 && call.seconds(finding.end) == 8)
    #expect(finding.evidence["requests"] == .integer(8))
  }
}

/// The per-poll (live) view: findings that started or ended at a poll, the grade now.
@Suite struct DiagnosisLiveTests {
  @Test func pollsTellWhatStartedAndEnded() throws {
    var call = DiagnosisFixture()
    var audio = DiagnosisFixture.inboundAudio()
    call.polls(3, [audio])
    audio.lostPerSecond = 15  // 15 / (50 + 15) ≈ 23 %
    let firstPoll = call.poll([audio])
    let first = try #require(firstPoll)
    #expect(first.started.map(\.code.rawValue).contains("lossBurst"))
    #expect(first.receive.grade == .good)  // one interval: not sustained yet
    let secondPoll = call.poll([audio])
    let second = try #require(secondPoll)
    #expect(second.receive.grade == .critical && second.receive.reason == .packetLoss)
    audio.lostPerSecond = 0
    let clearedPoll = call.poll([audio])
    let cleared = try #require(clearedPoll)
    #expect(cleared.receive.grade == .excellent)
    // A burst is one once the loss stayed away for `cleanBefore` (2) intervals.
    #expect(!cleared.ended.map(\.code.rawValue).contains("lossBurst"))
    let settledPoll = call.poll([audio])
    let settled = try #require(settledPoll)
    #expect(settled.ended.map(\.code.rawValue).contains("lossBurst"))
    #expect(first.send.grade == .unknown)  // nothing sent
  }
}
