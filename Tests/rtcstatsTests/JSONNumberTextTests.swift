import RTCStatsCore
import Testing

@testable import rtcstats

/// The number and member fast paths of the JSON writer (``JSONNumberText``,
/// ``JSONWriter/KeyTable``, the interval rows read through their figure layout) write the
/// text that the documented rules and the plain writer paths give.
@Suite struct JSONNumberTextTests {
  private func text(_ write: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(capacity: 16)
    write(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The documented text, built with `String` operations only.
  ///
  /// `value` × 1000 rounded half away from zero (the standard library's `rounded()`), its
  /// integer digits with a point before the last three, trailing zeros and a bare point
  /// dropped, `-` unless it rounds to zero. From 2⁵³ on, as documented for `format`: integers
  /// as integers, else `description`.
  private func expectedText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let scaled = (value * 1000).rounded()
    guard scaled.magnitude < 0x1p53 else {
      if value == value.rounded(), value.magnitude < 0x1p53 { return String(Int64(value)) }
      let rounded = scaled / 1000
      if rounded == rounded.rounded(), rounded.magnitude < 0x1p53 { return String(Int64(rounded)) }
      return rounded.description
    }
    var digits = String(Int64(scaled).magnitude)
    if digits.count < 4 { digits = String(repeating: "0", count: 4 - digits.count) + digits }
    var text = digits.dropLast(3) + "." + digits.suffix(3)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return (scaled < 0 && text != "0" ? "-" : "") + text
  }

  /// Random finite Doubles of every magnitude: random bit patterns (subnormals to 1e308),
  /// decimals around each power of ten, and multiples of 1/16 whose × 1000 is an exact tie.
  private func sampleValues() -> [Double] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
    var values: [Double] = [
      0, -0.0, 0.0005, -0.0005, 0.0004, -0.0004, 2.5e-3, -2.5e-3, 0.5, -0.5, 0.0625, -0.1875, 1e15, -1e15,
      9.007e15, 9.007_199_254_740_991e12, 9.007_199_254_740_992e12, 9.007_199_254_740_993e15, 1e16, 1e300,
      -1e300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
      Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), -Double(bitPattern: 0x8_0000),
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 999.9995, 9.9995, 99.9995, 0.9995,
      1_796_049_853_711.741,
    ]
    for exponent in -12...20 {
      var power = 1.0
      for _ in 0..<abs(exponent) { power = exponent < 0 ? power / 10 : power * 10 }
      values += [power, -power, power - 0.0005, power + 0.0005, power * 0.9995]
    }
    for _ in 0..<30_000 {
      let bits = Double(bitPattern: next())
      if bits.isFinite { values.append(bits) }
      let exponent = Int(next() % 40) - 12
      var magnitude = 1.0
      for _ in 0..<abs(exponent) { magnitude = exponent < 0 ? magnitude / 10 : magnitude * 10 }
      values.append((Double(next() >> 11) / 0x1p53 - 0.5) * magnitude)
      values.append(Double(Int64(bitPattern: next()) >> 20) / 16)
    }
    return values
  }

  @Test func numbersAreTheDocumentedText() {
    for value in sampleValues() {
      let expected = expectedText(value)
      #expect(text { $0.number(value) } == expected, "\(value)")
      #expect(JSONWriter.format(value, fractionDigits: 3) == expected, "\(value)")
    }
    #expect(text { $0.number(.infinity) } == "null")
    #expect(text { $0.number(-.nan) } == "null")
  }

  @Test func integersAreTheirDescription() {
    var values: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1]
    var power: UInt64 = 1
    for _ in 0..<19 {
      power *= 10
      values += [power - 1, power, power + 1]
    }
    var buffer = [UInt8](repeating: 0, count: JSONNumberText.maximumLength)
    for value in values {
      for negative in [false, true] {
        let length = buffer.withUnsafeMutableBufferPointer { out in
          out.baseAddress.map { JSONNumberText.writeInteger(value, negative: negative, to: $0) } ?? 0
        }
        let expected = (negative && value != 0 ? "-" : "") + String(value)
        #expect(String(decoding: buffer[..<length], as: UTF8.self) == expected)
      }
    }
    for value in [0, 7, -7, 10, -10, 123_456_789, Int.max, Int.min + 1] {
      #expect(text { $0.integer(value) } == String(value))
    }
  }

  /// A table's members write what `key(_: String)` and `number` write, names needing escapes
  /// and names longer than a word included, whatever the writer's capacity.
  @Test func tableMembersWriteWhatPlainMembersWrite() {
    let names = ["a", "bitrate", "a\"b\n\\c", String(repeating: "x", count: 40), "é"]
    let table = JSONWriter.KeyTable(names)
    let values = sampleValues().prefix(500)
    let plain = text { writer in
      writer.beginObject()
      writer.member("first", 1)
      for (index, value) in values.enumerated() {
        writer.key(names[index % names.count])
        if index % 7 == 3 { writer.string("s") } else { writer.number(value) }
      }
      writer.endObject()
    }
    let fast = text { writer in
      writer.beginObject()
      writer.member("first", 1)
      for (index, value) in values.enumerated() {
        if index % 7 == 3 {
          writer.nextKey(index % names.count, of: table)
          writer.string("s")
        } else {
          writer.member(index % names.count, of: table, number: value)
        }
      }
      writer.endObject()
    }
    #expect(fast == plain)
    let first = JSONWriter.KeyTable(["time"], separated: false)
    let nulls = text { writer in
      writer.beginObject()
      writer.member(0, of: first, number: .nan)
      writer.member(1, of: table, number: .infinity)
      writer.endObject()
    }
    #expect(nulls == #"{"time":null,"bitrate":null}"#)
  }

  /// Every interval row of real captures, written through its figure layout, is the object
  /// written member by member from `figure(at:)` with the metrics' names.
  @Test(arguments: [
    "simulcast/sender.jsonl", "svc/sender.jsonl", "audio-only/sender.jsonl", "loss5/receiver.jsonl",
  ])
  func intervalRowsWrittenThroughTheirLayoutAreThePlainObjects(_ sample: String) throws {
    let path = CLIRun.root + "/Samples/captures/" + sample
    let analysis = try FileAnalyzer.analyze(path: path).0.outcome.get().analysis
    let metrics = MetricRegistry.intervalMetrics
    var rowCount = 0
    for connection in analysis.peerConnections {
      let timeline = connection.timeline
      for stream in timeline.streams.indices {
        for row in timeline.intervals(ofStream: stream) {
          rowCount += 1
          let plain = text { writer in
            writer.beginObject()
            writer.member("time", row.time)
            writer.member("duration", row.duration)
            for index in metrics.indices {
              guard let figure = row.figure(at: index) else { continue }
              writer.key(metrics[index].name)
              if metrics[index].unit == .reason {
                writer.string(QualityLimitationReason.allCases[Int(figure)].rawValue)
              } else {
                writer.number(figure)
              }
            }
            writer.endObject()
          }
          let fast = text { AnalysisJSONEncoder.encodeInterval(row, members: .shared, into: &$0) }
          #expect(fast == plain)
        }
      }
    }
    #expect(rowCount > 20)
  }
}
