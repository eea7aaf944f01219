import Foundation
import RTCStatsCore
import Testing

@testable import rtcstats

/// ``DiagnosticText/fill(_:with:)`` finds the placeholders in the UTF-8 bytes; the messages must
/// read as the templates and evidence say, whatever characters surround the braces.
@Suite struct DiagnosticTextTests {
  @Test func placeholdersTakeTheEvidenceAndUnknownOnesStay() {
    let evidence: Evidence = ["a": .integer(3), "b": .text("x"), "c": .number(1.23456), "d": .bool(true)]
    #expect(DiagnosticText.fill("{a} and {b}", with: evidence) == "3 and x")
    #expect(DiagnosticText.fill("{c} s, open: {d}", with: evidence) == "1.235 s, open: yes")
    #expect(DiagnosticText.fill("{a} {zz} {b}", with: evidence) == "3 {zz} x")
    #expect(DiagnosticText.fill("no placeholder", with: evidence) == "no placeholder")
    #expect(DiagnosticText.fill("", with: evidence) == "")
    #expect(DiagnosticText.fill("{a}{b}", with: evidence) == "3x")
  }

  @Test func bracesWithoutTheirPartnerAreLeftAsWritten() {
    let evidence: Evidence = ["a": .integer(3)]
    #expect(DiagnosticText.fill("loss {a", with: evidence) == "loss {a")
    #expect(DiagnosticText.fill("{a} then {", with: evidence) == "3 then {")
    #expect(DiagnosticText.fill("} {a} }", with: evidence) == "} 3 }")
    #expect(DiagnosticText.fill("{x{a}", with: evidence) == "{x{a}")
  }

  @Test func textAroundThePlaceholdersKeepsEveryCharacter() {
    let evidence: Evidence = ["a": .integer(3), "name": .text("Δé👍🏽")]
    #expect(DiagnosticText.fill("Δ{a}·{name}≥ 👍🏽", with: evidence) == "Δ3·Δé👍🏽≥ 👍🏽")
    #expect(DiagnosticText.fill("é{a}é", with: evidence) == "é3é")
  }

  /// Every rule's template, each placeholder given its own name as text, reads as the template
  /// without its braces (worked out with Foundation's string replacing, not the filler).
  @Test func everyRuleTemplateFillsEveryPlaceholder() {
    for descriptor in RuleRegistry.descriptors {
      let template = descriptor.code.template
      let names = template.components(separatedBy: "{").dropFirst().compactMap { piece in
        piece.range(of: "}").map { String(piece[..<$0.lowerBound]) }
      }
      let evidence = Evidence(names.map { Evidence.Item(name: $0, value: .text($0)) })
      let expected = template.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
      #expect(DiagnosticText.fill(template, with: evidence) == expected, "\(descriptor.code)")
      #expect(DiagnosticText.fill(template, with: Evidence()) == template, "\(descriptor.code)")
    }
  }
}
