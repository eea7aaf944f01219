import RTCStatsCore
import Testing

@testable import RTCStatsFormats

@Suite("rtcstats v0 single JSON")
struct RTCStatsV0ParserTests {
  static let small = """
    {"PeerConnections":{},"url":"https://example.org/pc1","userAgent":"Mozilla/5.0 Chrome/48.0",
     "getUserMedia":[{"time":"2016-01-28T18:24:19.012Z","type":"getUserMedia","value":{"audio":true}}],
     "peerConnections":{"PC_0":[
       {"time":"2016-01-28T18:24:20.000Z","type":"create","value":{}},
       {"value":{"ssrc_1_send":{"id":"ssrc_1_send","timestamp":1454005461000,"type":"ssrc","ssrc":"1","mediaType":"audio","bytesSent":"100","googRtt":"10"},"googTrack_x":{"id":"googTrack_x","timestamp":1454005461000,"type":"googTrack"}},"time":"2016-01-28T18:24:21.237Z","type":"getStats"},
       {"time":"2016-01-28T18:24:22.237Z","type":"getStats","value":{"ssrc_1_send":{"id":"ssrc_1_send","timestamp":1454005462000,"type":"ssrc","ssrc":"1","mediaType":"audio","bytesSent":"300","googRtt":"12"}}}
     ]}}
    """

  @Test func readsEventsInAnyMemberOrder() throws {
    let (info, reports) = try RTCStatsTestData.record(Self.small)
    #expect(info.format == .rtcstatsV0)
    #expect(info.userAgent == "Mozilla/5.0 Chrome/48.0")
    #expect(info.reportCount == 2)
    try #require(reports.count == 2)
    #expect(reports.allSatisfy { $0.peerConnection == "PC_0" })
    #expect(reports[0].number("ssrc_1_send", .bytesSent) == 100)
    #expect(reports[1].number("ssrc_1_send", .bytesSent) == 300)
    #expect(
      reports[1].report.timestamp(at: try #require(reports[1].row("ssrc_1_send")))
        == 1_454_005_462_000)
    #expect(reports[1].number("RIssrc_1_send", .roundTripTime) == 0.012)
  }

  @Test func pointsAtASyntaxErrorInsideAReport() {
    let broken = Self.small.replacingOccurrences(
      of: "\"bytesSent\":\"300\"", with: "\"bytesSent\":\"300\",]")
    #expect(throws: DumpError.self) { _ = try RTCStatsTestData.record(broken) }
    do {
      _ = try RTCStatsTestData.record(broken)
    } catch let error as DumpError {
      #expect(error.line == 6)
      #expect(error.message.hasPrefix("expected a member name in quotes"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func recognisesTheExport() {
    let v0 = Array(Self.small.utf8)
    let internals = Array("{\"PeerConnections\":{},\"UserAgent\":\"x\",\"getUserMedia\":[]}".utf8)
    let decoy = Array("{\"PeerConnections\":{},\"note\":\"\\\"peerConnections\\\"\"}".utf8)
    #expect(v0.withUnsafeBytes(RTCStatsV0Parser.isV0))
    #expect(!internals.withUnsafeBytes(RTCStatsV0Parser.isV0))
    #expect(!decoy.withUnsafeBytes(RTCStatsV0Parser.isV0))
  }

  @Test func parsesISOTimes() {
    #expect(
      ISO8601.milliseconds("2016-01-28T18:24:21.237Z") == 1_454_005_461_237)
    #expect(ISO8601.milliseconds("1970-01-01T00:00:00Z") == 0)
    #expect(
      ISO8601.milliseconds("2024-02-29T12:00:00.5Z") == 1_709_208_000_500)
    #expect(ISO8601.milliseconds("28/01/2016") == nil)
  }

  /// Figures computed with python3 from the raw file (`json.load`): the legacy `ssrc` objects
  /// of each getStats event, bitrate = Σ Δbytes·8 / Σ Δt, mean `googFrameRateSent` of the
  /// last 12 polls, the active pair's `googRtt` (Chrome 48 smooths it down from 2250 ms).
  @Test(.enabled(if: RTCStatsTestData.isAvailable))
  func readsTheChrome48Export() throws {
    let (info, analysis) = try RTCStatsTestData.analyse(
      RTCStatsTestData.publicCorpus("jitsi-chrome48-legacy-rtcstats-v0.json"))
    #expect(info.format == .rtcstatsV0)
    #expect(info.reportCount == 26)
    #expect(info.userAgent?.contains("Chromium/48.0.2564.82") == true)
    #expect(
      info.details.contains("legacy goog stats (callback getStats) in 2 of 2 peer connections"))
    #expect(analysis.peerConnections.map(\.id) == ["PC_0", "PC_1"])
    let sender = try #require(analysis.connection("PC_0"))
    // The polyfill's W3C-like objects (rtpstream_…, rtcpstream_…) are not read as streams.
    #expect(sender.tracks.count == 2)
    let video = try #require(sender.track(.outbound, ssrc: 248_537_258))
    #expect(abs((video.bitrate?.mean ?? 0) - 1_248_599) < 1)
    #expect(abs((video.frameRate?.mean ?? 0) - 27.5) < 0.1)
    #expect(video.width == 640 && video.height == 480)
    #expect(abs((video.roundTripTime?.mean ?? 0) - 1.545) < 0.01)
    let audio = try #require(sender.track(.outbound, ssrc: 2_153_724_675))
    #expect(abs((audio.bitrate?.mean ?? 0) - 40125) < 1)
    #expect(abs((sender.transport.roundTripTime?.mean ?? 0) - 675.54) < 0.01)
    #expect(sender.transport.availableOutgoingBitrate?.max == 2_138_368)
    let receiver = try #require(analysis.connection("PC_1"))
    let received = try #require(receiver.track(.inbound, ssrc: 248_537_258))
    #expect(abs((received.bitrate?.mean ?? 0) - 1_245_331) < 1)
    #expect(abs((received.frameRate?.mean ?? 0) - 29.58) < 0.05)
  }
}
