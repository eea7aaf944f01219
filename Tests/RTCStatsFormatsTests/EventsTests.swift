import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// What dumps carry besides getStats reaches the consumer as `StatsEvent`s, in dump order,
/// with `finish()` once at the end.
///
/// Expected events are read from the raw dumps with
/// Foundation's JSON parser (and `gzip -dc`), not with the reader under test.
@Suite struct EventsTests {
  /// Everything a consumer was handed, in order.
  struct Recorder: StatsReportConsumer {
    enum Item {
      case report(String)
      case event(StatsEvent)
    }
    var items: [Item] = []
    var finishCount = 0

    mutating func consume(_ report: StatsReport, peerConnection: String) {
      items.append(.report(peerConnection))
    }
    mutating func consume(event: StatsEvent) { items.append(.event(event)) }
    mutating func finish() { finishCount += 1 }

    var events: [StatsEvent] {
      items.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }
  }

  static func read(_ path: String) throws -> (DumpInfo, Recorder) {
    var recorder = Recorder()
    let info = try DumpReader.read(path: path, into: &recorder)
    return (info, recorder)
  }

  static func json(_ data: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
  }

  /// A state as Chrome writes it in the updateLog and in its rtcstats export: JSON-quoted.
  static func unquoted(_ value: Any?) -> String? {
    guard let text = value as? String else { return nil }
    return text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
      ? String(text.dropFirst().dropLast()) : text
  }

  // MARK: - webrtc-internals

  @Test(arguments: ["captures/basic/webrtc-internals.json", "captures/simulcast/webrtc-internals.json"])
  func internalsUpdateLogBecomesTheEventsOfEachPeerConnection(name: String) throws {
    let path = TestData.sample(name)
    let dump = try #require(try Self.json(Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    let connections = try #require(dump["PeerConnections"] as? [String: [String: Any]])
    let (info, recorder) = try Self.read(path)
    #expect(recorder.finishCount == 1)
    let media = try #require(dump["getUserMedia"] as? [[String: Any]])
    #expect(
      info.eventCount == media.count
        + connections.values.reduce(0) { $0 + (($1["updateLog"] as? [Any])?.count ?? 0) })
    let page = recorder.events.filter { $0.peerConnection == nil }
    #expect(page.map(\.kind) == Array(repeating: .getUserMedia, count: media.count))
    #expect(page.map(\.outcome) == [.call, .success])
    #expect(page.map(\.time) == media.map { ($0["timestamp"] as? NSNumber)?.doubleValue })
    for (id, connection) in connections {
      let log = try #require(connection["updateLog"] as? [[String: Any]])
      let events = recorder.events.filter { $0.peerConnection == id }
      #expect(events.map(\.name) == log.map { $0["type"] as? String ?? "" })
      #expect(events.map(\.time) == log.map { ($0["timestamp"] as? NSNumber)?.doubleValue })
      let ice = log.filter { $0["type"] as? String == "oniceconnectionstatechange" }.map {
        Self.unquoted($0["value"])
      }
      #expect(events.filter { $0.kind == .iceConnectionState }.map(\.value) == ice)
      #expect(ice.last == "connected")
      let signaling = log.filter { $0["type"] as? String == "onsignalingstatechange" }.map {
        Self.unquoted($0["value"])
      }
      #expect(events.filter { $0.kind == .signalingState }.map(\.value) == signaling)
      #expect(events.filter { $0.kind == .setRemoteDescription }.map(\.outcome) == [.call, .success])
    }
  }

  @Test func internalsEventsComeBeforeThePollAfterThem() throws {
    // Each event is handed on before the first report of its peer connection whose poll is
    // later; the basic capture's state changes all precede its first poll.
    let path = TestData.sample("captures/basic/webrtc-internals.json")
    let (_, recorder) = try Self.read(path)
    for connection in ["8-1", "8-2"] {
      let items = recorder.items.filter {
        switch $0 {
        case .report(let name): name == connection
        case .event(let event): event.peerConnection == connection
        }
      }
      let firstReport = try #require(items.firstIndex { if case .report = $0 { true } else { false } })
      let lastEvent = try #require(items.lastIndex { if case .event = $0 { true } else { false } })
      #expect(lastEvent < firstReport)
    }
  }

  @Test func internalsGetUserMediaOnlyDumpIsAResult() throws {
    let path = TestData.sample("corpus/internals-chrome142-gumonly.json.gz")
    let (info, recorder) = try Self.read(path)
    #expect(info.reportCount == 0)
    #expect(recorder.finishCount == 1)
    // zcat … | python3 -m json.tool: a video request at 1758566123065.025, then its stream.
    #expect(recorder.events.map(\.outcome) == [.call, .success])
    #expect(recorder.events.map(\.time) == [1_758_566_123_065.025, 1_758_566_127_725.673])
    #expect(recorder.events.first?.value == #"{"video":""}"#)
    #expect(recorder.events.last?.value == "60d260ee-469a-424b-87ce-37065c044485")
    #expect(info.warnings == ["no peer connection in this dump (2 events)"])
  }

  // MARK: - rtcstats dumps

  /// The event lines of an rtcstats file format 3 dump, with their times (the running sum
  /// of the last elements; the first line's is absolute).
  static func rtcstatsEvents(_ lines: [Substring]) throws -> [(
    name: String, connection: String?, time: Double, value: Any?
  )] {
    var time = 0.0
    var events: [(String, String?, Double, Any?)] = []
    for line in lines.dropFirst(2) {
      let array = try #require(try json(Data(line.utf8)) as? [Any])
      let delta = (array.last as? NSNumber)?.doubleValue ?? 0
      time = delta >= 1e11 ? delta : time + delta
      let method = array[0] as? String ?? String(describing: array[0])
      let connection = array[1] as? String
      if method == "getStats" || method == "g" || (method == "create" && connection == nil) { continue }
      events.append((method, connection, time, array.count > 3 ? array[2] : nil))
    }
    return events
  }

  @Test(arguments: ["captures/basic/rtcstats-dump.gz", "captures/simulcast/rtcstats-dump.gz"])
  func rtcstatsExportEventsInDumpOrder(name: String) throws {
    let path = TestData.sample(name)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -dc '\(path)'"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    let expected = try Self.rtcstatsEvents(lines)
    let (info, recorder) = try Self.read(path)
    #expect(info.eventCount == expected.count)
    let events = recorder.events
    #expect(events.map(\.name) == expected.map(\.name))
    for (event, raw) in zip(events, expected) {
      #expect(abs((event.time ?? 0) - raw.time) < 1e-3, "\(event.name)")
      if event.kind != .getUserMedia { #expect(event.peerConnection == raw.connection) }
    }
    for connection in ["8-1", "8-2"] {
      let ice = expected.filter { $0.name == "oniceconnectionstatechange" && $0.connection == connection }
      #expect(
        events.filter { $0.kind == .iceConnectionState && $0.peerConnection == connection }.map(\.value)
          == ice.map { Self.unquoted($0.value) })
    }
    // Reports and events interleave as the lines do: the first report comes after the
    // ICE connection reached `connected`.
    let firstReport = try #require(recorder.items.firstIndex { if case .report = $0 { true } else { false } })
    let connected = try #require(
      recorder.items.firstIndex {
        if case .event(let event) = $0 {
          event.kind == .iceConnectionState && event.value == "connected"
        } else {
          false
        }
      })
    #expect(connected < firstReport)
  }

  @Test func rtcstatsGetUserMediaOnlyDump() throws {
    // [60,null,{"audio":false,"video":true},"60-0",2153], [61,null,[[…]],"60-0",1040],
    // ["close",null,1001,2353] after the create line at 1758602115670.
    let (info, recorder) = try Self.read(TestData.sample("corpus/rtcstats-v3-chrome140-gumonly.jsonl"))
    #expect(info.reportCount == 0)
    #expect(info.warnings == ["the dump has no getStats reports (4 events)"])
    let events = recorder.events
    #expect(
      events.map(\.name) == [
        "navigator.mediaDevices.getUserMedia", "navigator.mediaDevices.getUserMediaOnSuccess", "close",
      ])
    #expect(events.map(\.kind) == [.getUserMedia, .getUserMedia, .close])
    #expect(events.map(\.outcome) == [.call, .success, .call])
    #expect(events.map(\.time) == [1_758_602_117_823, 1_758_602_118_863, 1_758_602_121_216])
    #expect(events.first?.value == #"{"audio":false,"video":true}"#)
    #expect(events.allSatisfy { $0.peerConnection == nil })
  }

  @Test(.enabled(if: TestData.isSharedAvailable))
  func legacyFailedCallEvents() throws {
    let path = TestData.sharedPath("corpus/public/jitsi-chrome99-pc-failed.jsonl")
    var expected: [(name: String, connection: String?, time: Double?)] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      guard let array = try? Self.json(Data(line.utf8)) as? [Any], let method = array.first as? String,
        method != "getstats", method != "connectionInfo"
      else { continue }
      let time = array.dropFirst(3).lazy.compactMap { ($0 as? NSNumber)?.doubleValue }.first { $0 >= 1e11 }
      expected.append((method, array.count > 1 ? array[1] as? String : nil, time))
    }
    let (info, recorder) = try Self.read(path)
    let events = recorder.events
    #expect(info.eventCount == expected.count)
    #expect(events.map(\.name) == expected.map(\.name))
    #expect(events.map(\.time) == expected.map(\.time))
    let failure = try #require(events.first { $0.name == "navigator.mediaDevices.getUserMediaOnFailure" })
    #expect(
      failure.kind == .getUserMedia && failure.outcome == .failure && failure.value == "NotReadableError")
    // The raw lines: PC_1 and PC_2 go `disconnected` (ICE), then `failed` (connection).
    #expect(
      events.filter { $0.kind == .connectionState && $0.value == "failed" }.map(\.peerConnection)
        == ["PC_2", "PC_1", "PC_0"])
    #expect(events.filter { $0.kind == .iceConnectionState && $0.value == "disconnected" }.count == 2)
  }

  @Test func v0EventsOfThePageAndThePeerConnections() throws {
    let path = TestData.sample("corpus/jitsi-chrome48-legacy-rtcstats-v0.json")
    let dump = try #require(try Self.json(Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    let media = try #require(dump["getUserMedia"] as? [[String: Any]])
    let connections = try #require(dump["peerConnections"] as? [String: [[String: Any]]])
    let (info, recorder) = try Self.read(path)
    let expectedCount =
      media.count + connections.values.flatMap { $0 }.filter { $0["type"] as? String != "getStats" }.count
    #expect(info.eventCount == expectedCount)
    let page = recorder.events.filter { $0.peerConnection == nil }
    #expect(page.map(\.name) == ["getUserMedia", "getUserMediaOnSuccess"])
    // Python: datetime.fromisoformat("2016-01-28T18:24:19.012+00:00").timestamp() * 1000
    #expect(page.first?.time == 1_454_005_459_012)
    for (id, events) in connections {
      let names = events.compactMap { $0["type"] as? String }.filter { $0 != "getStats" }
      #expect(recorder.events.filter { $0.peerConnection == id }.map(\.name) == names)
    }
  }

  // MARK: - Names

  @Test(arguments: [
    ("oniceconnectionstatechange", EventKind.iceConnectionState, EventOutcome.call),
    ("iceConnectionStateChange", .iceConnectionState, .call),
    ("setRemoteDescriptionOnFailure", .setRemoteDescription, .failure),
    ("addIceCandidateFailed", .addIceCandidate, .failure),
    ("navigator.mediaDevices.getUserMediaOnSuccess", .getUserMedia, .success),
    ("createOfferOnSuccess", .createOffer, .success),
    ("transceiverAdded", .transceiver, .call),
    ("ondtlsstatechange", .dtlsState, .call),
    ("dominantSpeaker", .other, .call),
  ])
  func namesGiveKindAndOutcome(name: String, kind: EventKind, outcome: EventOutcome) {
    let event = StatsEvent(dumpName: name, time: nil, connection: "PC_0", value: nil)
    #expect(event.kind == kind)
    #expect(event.outcome == outcome)
    #expect(event.name == name)
  }
}
