import RTCStatsCore
import Testing

/// A report reused from poll to poll (``StatsReport/removeAll()``) resets an object's storage
/// only where numbers were written: whatever the sequence of writes, removals and copies,
/// every member must read back as a plain model of the objects says.
@Suite struct StatsReportReuseTests {
  /// The model: per object its numbers and texts.
  private struct Object: Equatable {
    var id: String
    var numbers: [NumericField: Double] = [:]
    var texts: [TextField: String] = [:]
  }

  /// A deterministic generator (a 64-bit LCG with a xorshift output), so that a failure
  /// reproduces.
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
  }

  private static func expect(_ report: StatsReport, equals model: [Object], _ step: Int) {
    #expect(report.count == model.count, "step \(step)")
    guard report.count == model.count else { return }
    for (index, object) in model.enumerated() {
      #expect(report.id(at: index) == object.id, "step \(step)")
      for field in NumericField.allCases where report.number(field, at: index) != object.numbers[field] {
        Issue.record(
          "step \(step): object \(index) \(field) is \(String(describing: report.number(field, at: index)))")
      }
      for field in TextField.allCases where report.text(field, at: index) != object.texts[field] {
        Issue.record("step \(step): object \(index) text \(field)")
      }
      #expect(report.isEmpty(at: index) == (object.numbers.isEmpty && object.texts.isEmpty), "step \(step)")
    }
  }

  @Test func randomWritesRemovalsAndCopiesReadBackAsTheModel() {
    var generator = Generator(state: 9)
    var report = StatsReport()
    var model: [Object] = []
    // A second report to copy from and fill from, itself reused.
    var other = StatsReport()
    var otherModel: [Object] = []
    for step in 0..<3000 {
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<4:
        report.removeAll()
        model.removeAll()
      case 4..<7:
        other.removeAll()
        otherModel.removeAll()
        for index in 0..<Int.random(in: 1...4, using: &generator) {
          let id = "O\(index)"
          other.append(id: id, type: .outboundRTP, typeName: "outbound-rtp", timestamp: 1)
          var object = Object(id: id)
          for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let field = NumericField.allCases.randomElement(using: &generator)!
            let value = Double(Int.random(in: 0...1000, using: &generator))
            other.setNumber(value, field, at: index)
            object.numbers[field] = value
          }
          otherModel.append(object)
        }
      case 7..<25:
        let id = "R\(step)"
        report.append(id: id, type: .inboundRTP, typeName: "inbound-rtp", timestamp: Double(step))
        model.append(Object(id: id))
      case 25..<28 where !model.isEmpty:
        report.removeLast()
        model.removeLast()
      case 28..<31 where !otherModel.isEmpty:
        let source = Int.random(in: 0..<otherModel.count, using: &generator)
        report.appendCopy(of: source, from: other)
        model.append(otherModel[source])
      case 31..<33 where !otherModel.isEmpty && !model.isEmpty:
        let (source, target) = (
          Int.random(in: 0..<otherModel.count, using: &generator),
          Int.random(in: 0..<model.count, using: &generator)
        )
        report.replace(at: target, withCopyOf: source, from: other)
        model[target] = otherModel[source]
      case 33..<36 where !otherModel.isEmpty && !model.isEmpty:
        let (source, target) = (
          Int.random(in: 0..<otherModel.count, using: &generator),
          Int.random(in: 0..<model.count, using: &generator)
        )
        report.fillMissing(at: target, from: other, at: source)
        model[target].numbers.merge(otherModel[source].numbers) { mine, _ in mine }
        model[target].texts.merge(otherModel[source].texts) { mine, _ in mine }
      case 36..<90 where !model.isEmpty:
        let target = Int.random(in: 0..<model.count, using: &generator)
        let field = NumericField.allCases.randomElement(using: &generator)!
        // Some writes remove the member: nil, NaN or infinity.
        let choice = Int.random(in: 0..<10, using: &generator)
        let value: Double? = choice == 0 ? nil : choice == 1 ? .nan : choice == 2 ? .infinity : Double(step)
        report.setNumber(value, field, at: target)
        model[target].numbers[field] = value.flatMap { $0.isFinite ? $0 : nil }
      case 90..<100 where !model.isEmpty:
        let target = Int.random(in: 0..<model.count, using: &generator)
        let field = TextField.allCases.randomElement(using: &generator)!
        let value: String? = Bool.random(using: &generator) ? "t\(step)" : nil
        report.setText(value, field, at: target)
        model[target].texts[field] = value
      default:
        break
      }
      Self.expect(report, equals: model, step)
    }
  }
}
