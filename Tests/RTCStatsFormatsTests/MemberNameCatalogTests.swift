import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// The member-name predictions of ``MemberDecoder`` change nothing that is read.
///
/// Objects whose members change order, come and go, are spelled with escapes, are prefixes
/// or extensions of a predicted name, or outnumber the catalog are read as the bytes say.
/// Every expected value is the one the test wrote into the JSON text.
@Suite struct MemberNameCatalogTests {
  /// The numeric members the generated objects carry (W3C names, read by the engine).
  static let fields: [NumericField] = [
    .ssrc, .packetsReceived, .packetsLost, .bytesReceived, .jitter, .framesDecoded,
    .framesDropped, .frameWidth, .frameHeight, .nackCount, .pliCount, .totalDecodeTime,
  ]

  /// One generated object: the members in the order written and what each should read as.
  struct Object {
    var id: String
    var members: [(text: String, field: NumericField?, value: Double)]
  }

  typealias Generator = SplitMix64

  /// A member written so that a prediction of `field`'s name must not match it, or is
  /// the field spelled another way: an extension, a prefix, an escaped spelling, spaces
  /// before the colon.
  static func member(_ field: NumericField, value: Double, variant: Int) -> (String, NumericField?, Double) {
    let name = field.name
    switch variant {
    case 0: return ("\"\(name)Extra\":\(value)", nil, value)
    case 1: return ("\"\(name.dropLast())\":\(value)", nil, value)
    case 2:
      // The first letter as a \u escape: the same name to JSON.
      let first = name.unicodeScalars.first.map { String($0.value, radix: 16) } ?? ""
      let escaped = "\\u" + String(repeating: "0", count: 4 - first.count) + first + name.dropFirst()
      return ("\"\(escaped)\":\(value)", field, value)
    case 3: return ("\"\(name)\" \t:\(value)", field, value)
    default: return ("\"\(name)\":\(value)", field, value)
    }
  }

  static func objects(count: Int, generator: inout Generator) -> [Object] {
    (0..<count).map { index in
      var members: [(text: String, field: NumericField?, value: Double)] = []
      var order = fields
      // Mostly the same order (predictions hit), sometimes shuffled or thinned out.
      if generator.below(4) == 0 { order.shuffle(using: &generator) }
      for field in order where generator.below(8) != 0 {
        let value = Double(generator.below(1_000_000))
        let variant = generator.below(12)
        let (text, known, written) = member(field, value: value, variant: variant)
        members.append((text, known, written))
      }
      if generator.below(3) == 0 { members.insert(("\"unknownMember\(index % 7)\":1", nil, 1), at: 0) }
      return Object(id: "IT\(index % 5)", members: members)
    }
  }

  static func snapshot(_ objects: [Object]) -> String {
    let items = objects.map { object in
      let head = "\"id\":\"\(object.id)\",\"timestamp\":1000,\"type\":\"inbound-rtp\",\"kind\":\"video\""
      return "{" + ([head] + object.members.map(\.text)).joined(separator: ",") + "}"
    }
    return "[" + items.joined(separator: ",") + "]"
  }

  /// Checks every generated object against its report row: each field the last spelling
  /// that names it wrote, every other field unknown.
  static func expectRead(_ objects: [Object], in report: StatsReport) {
    #expect(report.count == objects.count)
    for (index, object) in objects.enumerated() where index < report.count {
      var expected: [NumericField: Double] = [:]
      for member in object.members { if let field = member.field { expected[field] = member.value } }
      for field in fields {
        #expect(report.number(field, at: index) == expected[field], "object \(index) \(field.name)")
      }
      #expect(report.id(at: index) == object.id)
    }
  }

  @Test func predictionsNeverChangeWhatIsRead() throws {
    var generator = Generator(state: 17)
    var decoder = SnapshotDecoder()
    for _ in 0..<200 {
      let objects = Self.objects(count: 1 + generator.below(12), generator: &generator)
      let snapshot = try decoder.decode(Self.snapshot(objects))
      Self.expectRead(objects, in: snapshot.report)
    }
  }

  @Test func moreNamesThanTheCatalogKeepsStillRead() throws {
    var decoder = SnapshotDecoder()
    let unknown = (0..<(MemberNameCatalog.maximumNames + 300)).map { "\"member\($0)\":\($0)" }
    let long = "\"" + String(repeating: "x", count: MemberNameCatalog.maximumNameLength + 1) + "\":5"
    for round in 0..<3 {
      let members = unknown + [long, "\"bytesReceived\":\(round)", "\"packetsLost\":\(round + 1)"]
      let head = "[{\"id\":\"A\",\"timestamp\":1,\"type\":\"inbound-rtp\","
      let text = head + members.joined(separator: ",") + "}]"
      let report = try decoder.decode(text).report
      #expect(report.number(.bytesReceived, at: 0) == Double(round))
      #expect(report.number(.packetsLost, at: 0) == Double(round + 1))
    }
  }

  @Test func aNameIsOnlyConsumedWhenItEndsWhereThePredictionDoes() {
    let cases: [(text: String, consumed: Bool)] = [
      ("\"bytes\":1", true), ("\"bytesX\":1", false), ("\"byte\":1", false), ("\"bytes", false),
      ("\"bytes\\\"\":1", false), ("\"Bytes\":1", false),
    ]
    let expected = Array("bytes".utf8)
    for (text, consumed) in cases {
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(base: buffer.allocatedBase, count: buffer.count)
        let key = expected.withUnsafeBufferPointer { name in
          reader.consumeKey(matching: name.allocatedBase, count: name.count)
        }
        #expect((key != nil) == consumed, "\(text)")
        #expect(reader.offset == (consumed ? 7 : 0), "\(text)")
        if let key { #expect(key.equals("bytes")) }
      }
    }
  }

  /// A text value spelled so that the value predicted from the previous poll must not match
  /// it, or the same value another way: an extension, a prefix, an escaped spelling,
  /// whitespace before it, a number or `null` where a string was.
  static func textValue(_ value: String, variant: Int) -> (json: String, read: String?) {
    switch variant {
    case 0: return ("\"\(value)x\"", value + "x")
    case 1: return ("\"\(value.dropLast())\"", String(value.dropLast()))
    case 2: return ("\"\\u00\(String(value.utf8.first ?? 65, radix: 16))\(value.dropFirst())\"", value)
    case 3: return (" \t\"\(value)\"", value)
    case 4: return ("null", nil)
    case 5: return ("\"\"", "")
    default: return ("\"\(value)\"", value)
    }
  }

  @Test func textPredictionsNeverChangeWhatIsRead() throws {
    var generator = Generator(state: 23)
    var decoder = SnapshotDecoder()
    let fields: [TextField] = [.codecId, .transportId, .mimeType, .trackIdentifier]
    let pool = ["COT01_111", "COT01_96", "T01", "audio/opus", "video/VP8", "track-1", "track-2"]
    for _ in 0..<300 {
      var objects: [(id: String, members: [(json: String, field: TextField, read: String?)])] = []
      for index in 0..<(1 + generator.below(6)) {
        var members: [(json: String, field: TextField, read: String?)] = []
        for field in fields where generator.below(6) != 0 {
          let value = pool[generator.below(pool.count)]
          let (json, read) = Self.textValue(value, variant: generator.below(14))
          members.append(("\"\(field.name)\":\(json)", field, read))
        }
        let id = generator.below(5) == 0 ? "IT\(index)x" : "IT\(index)"
        objects.append((id, members))
      }
      let items = objects.map { object in
        let head = "\"id\":\"\(object.id)\",\"timestamp\":1000,\"type\":\"inbound-rtp\",\"kind\":\"video\""
        return "{" + ([head] + object.members.map(\.json)).joined(separator: ",") + "}"
      }
      let report = try decoder.decode("[" + items.joined(separator: ",") + "]").report
      #expect(report.count == objects.count)
      for (index, object) in objects.enumerated() where index < report.count {
        #expect(report.id(at: index) == object.id)
        for field in fields {
          let expected = object.members.last { $0.field == field }?.read
          #expect(report.text(field, at: index) == expected, "object \(index) \(field.name)")
        }
      }
    }
  }
}

extension SplitMix64 {
  /// A number from 0 to `bound` − 1.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
