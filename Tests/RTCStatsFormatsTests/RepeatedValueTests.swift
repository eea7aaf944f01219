import Foundation
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// The values a ``MemberDecoder`` recognises from the last object instead of reading them.
///
/// They are a `timestamp` written again (``RepeatedNumber``) and a `type` predicted in the
/// same place (``StatsTypeTable/consume(_:from:)``). Neither may change what is read: every expected
/// value here is the one the test wrote, or Foundation's parse of the same text.
@Suite struct RepeatedValueTests {
  /// `text` as a reader and what ``RepeatedNumber/consume(from:)`` says of it, with the
  /// offset after.
  static func consume(_ kept: RepeatedNumber, _ text: String) -> (matched: Bool, offset: Int) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(base: buffer.allocatedBase, count: buffer.count)
      let matched = kept.consume(from: &reader)
      return (matched, reader.offset)
    }
  }

  /// A ``RepeatedNumber`` that kept `token`.
  static func keeping(_ token: String, value: Double = 1) -> RepeatedNumber {
    var kept = RepeatedNumber()
    let bytes = Array(token.utf8)
    bytes.withUnsafeBufferPointer { kept.keep($0.allocatedBase, count: $0.count, value: value, note: false) }
    return kept
  }

  @Test func theSameTokenIsConsumedAndAnyOtherIsNot() {
    // Every length kept, each byte changed in turn: only the unchanged token matches.
    for length in RepeatedNumber.minimumCount...RepeatedNumber.maximumCount {
      let token = "1" + (1..<length).map { String(($0 * 7 + 3) % 10) }.joined()
      let kept = Self.keeping(token)
      let same = Self.consume(kept, "  " + token + ",")
      #expect(same.matched && same.offset == 2 + length, "length \(length)")
      for position in 0..<length {
        var changed = Array(token)
        changed[position] = changed[position] == "5" ? "6" : "5"
        let other = Self.consume(kept, String(changed) + ",")
        #expect(!other.matched && other.offset == 0, "length \(length), byte \(position) changed")
      }
    }
  }

  @Test func aTokenThatGoesOnIsNotTheTokenKept() {
    let token = "1796049847656.578"
    let kept = Self.keeping(token)
    for next in ["9", "0", ".", "e3", "E3", "+", "-"] {
      #expect(!Self.consume(kept, token + next + "}").matched, "followed by \(next)")
    }
    for next in ["}", ",", " ", "\n", "]", "\""] {
      #expect(Self.consume(kept, token + next).matched, "followed by \(next)")
    }
    // The last byte of the buffer cannot tell where the token ends: parsed instead.
    #expect(!Self.consume(kept, token).matched)
  }

  @Test func shortAndLongTokensAreNotKept() {
    #expect(!Self.consume(Self.keeping("1234567"), "1234567,").matched)
    let long = String(repeating: "1", count: RepeatedNumber.maximumCount + 1)
    #expect(!Self.consume(Self.keeping(long), long + ",").matched)
    // Keeping a token that is not kept forgets the one before.
    var kept = Self.keeping("1796049847656.578")
    let short = Array("12".utf8)
    short.withUnsafeBufferPointer { kept.keep($0.allocatedBase, count: 2, value: 12, note: false) }
    #expect(!Self.consume(kept, "1796049847656.578,").matched)
  }

  /// Timestamps as a poll's objects carry them, repeated, extended and changed, in ms, µs,
  /// with an exponent and as an ISO 8601 string; each object reads as Foundation parses it.
  @Test func timestampsReadAsWrittenWhenTheyRepeat() throws {
    let timestamps = [
      "1796049847656.578", "1796049847656.578", "1796049847656.5789", "1796049847656.578",
      "1796049847656.578e0", "1796049847656.579", "1796049847656578", "1796049847656578",
      "1796049847656.578", "\"2026-12-03T10:00:00.123Z\"", "1796049847656.578", "17960498476565780",
      "1796049847657", "1796049847657",
    ]
    var decoder = SnapshotDecoder()
    for (index, written) in timestamps.enumerated() {
      let objects = (0..<3).map { "{\"id\":\"O\($0)\",\"timestamp\":\(written),\"type\":\"codec\"}" }
      let text = "[" + objects.joined(separator: ",") + "]"
      let report = try decoder.decode(text).report
      try #require(report.count == 3)
      let expected = try Self.milliseconds(written)
      for row in 0..<3 {
        #expect(report.timestamp(at: row) == expected, "poll \(index) (\(written)), object \(row)")
      }
    }
  }

  /// A timestamp's value in ms by Foundation: a number (µs beyond 10¹⁴) or an ISO date.
  static func milliseconds(_ written: String) throws -> Double {
    if written.hasPrefix("\"") {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      let date = try #require(formatter.date(from: String(written.dropFirst().dropLast())))
      return (date.timeIntervalSince1970 * 1000).rounded()
    }
    let value = try #require(
      JSONSerialization.jsonObject(with: Data(written.utf8), options: .fragmentsAllowed) as? NSNumber
    ).doubleValue
    return value > 1e14 ? value / 1000 : value
  }

  /// Objects that keep their place while their `type` changes, is an alias, unknown, escaped
  /// or not a string: each reads as written.
  @Test func typesReadAsWrittenWhenThePredictionIsWrong() throws {
    let polls: [(written: String, type: StatsType, name: String)] = [
      ("\"inbound-rtp\"", .inboundRTP, "inbound-rtp"), ("\"inbound-rtp\"", .inboundRTP, "inbound-rtp"),
      ("\"inbound-rtpx\"", .other, "inbound-rtpx"), ("\"inbound-rtp\"", .inboundRTP, "inbound-rtp"),
      ("\"outbound-rtp\"", .outboundRTP, "outbound-rtp"), ("\"inboundrtp\"", .inboundRTP, "inboundrtp"),
      ("\"inbound-rtp\"", .inboundRTP, "inbound-rtp"), ("1", .other, "1"),
      ("\"inbound\\u002drtp\"", .inboundRTP, "inbound-rtp"), ("\"codec\"", .codec, "codec"),
      ("\"codec\"", .codec, "codec"), ("\"inbound\"", .other, "inbound"),
      ("\"inbound-rtp\"", .inboundRTP, "inbound-rtp"),
    ]
    var decoder = SnapshotDecoder()
    for (index, poll) in polls.enumerated() {
      let text = "[{\"id\":\"R1\",\"type\":\(poll.written),\"ssrc\":1},{\"id\":\"C1\",\"type\":\"codec\"}]"
      let report = try decoder.decode(text).report
      try #require(report.count == 2)
      #expect(report.type(at: 0) == poll.type, "poll \(index): \(poll.written)")
      #expect(report.typeName(at: 0) == poll.name, "poll \(index): \(poll.written)")
      #expect(report.type(at: 1) == .codec && report.typeName(at: 1) == "codec", "poll \(index)")
    }
  }

  /// `{"key": id, "value": {…}}` entries are told from stats objects by their first name;
  /// a name spelled with an escape, or after whitespace, is still recognised.
  @Test func keyValueEntriesAreRecognisedHoweverTheirFirstNameIsWritten() throws {
    let value = "{\"type\":\"codec\",\"mimeType\":\"video/VP8\"}"
    let entries = [
      "{\"key\":\"C1\",\"value\":\(value)}", "{ \n\"\\u006bey\":\"C1\",\"value\":\(value)}",
      "{\"value\":\(value),\"key\":\"C1\"}", "{\"\\u0076alue\":\(value),\"key\":\"C1\"}",
    ]
    for entry in entries {
      var decoder = SnapshotDecoder()
      let report = try decoder.decode("[\(entry)]").report
      try #require(report.count == 1, "\(entry)")
      #expect(report.id(at: 0) == "C1" && report.text(.mimeType, at: 0) == "video/VP8", "\(entry)")
    }
  }
}
