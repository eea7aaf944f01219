import Dispatch
import RTCStatsCore
import Testing

@testable import RTCStatsFormats

/// The shared name tables: every name finds its value, anything else (a prefix, a longer
/// name, a different case, an empty key) finds nothing, a name given twice keeps its first
/// value, and concurrent lookups agree with sequential ones.
@Suite struct ByteNameTableTests {
  static func lookup<Value>(_ table: ByteNameTable<Value>, _ name: String) -> Value? {
    var name = name
    return name.withUTF8 { buffer in
      buffer.baseAddress.flatMap { table.lookup($0, buffer.count) }
    }
  }

  @Test func everyNameFindsItsValueAndNothingElseMatches() {
    let names = (0..<500).map { "member\($0)" } + ["id", "x", String(repeating: "long", count: 12)]
    let table = ByteNameTable(names.enumerated().map { ($0.element, $0.offset) })
    for (index, name) in names.enumerated() {
      #expect(Self.lookup(table, name) == index, "\(name)")
      #expect(table.lookup(name) == index)
      #expect(Self.lookup(table, name + "_") == nil)
      #expect(Self.lookup(table, name.uppercased()) == nil)
    }
    #expect(Self.lookup(table, "member") == nil)
    #expect(Self.lookup(table, "") == nil)
    #expect(Self.lookup(table, String(repeating: "long", count: 13)) == nil)
  }

  @Test func aNameGivenTwiceKeepsItsFirstValue() {
    let table = ByteNameTable([("kind", 1), ("mediaType", 2), ("kind", 3)])
    #expect(table.lookup("kind") == 1)
    #expect(table.lookup("mediaType") == 2)
  }

  /// Every numeric and text field of the model is known to the standard member table under
  /// its W3C name, from several threads at once.
  @Test func standardMemberTableKnowsEveryFieldOnEveryThread() {
    let fields = NumericField.allCases.filter { !$0.name.contains(".") }
    let mismatches = Mismatches()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for field in fields where MemberTables.w3c.lookup(field.name) != .numeric(field) {
        mismatches.add(field.name)
      }
      for field in TextField.allCases where MemberTables.w3c.lookup(field.name) != .text(field) {
        mismatches.add(field.name)
      }
    }
    #expect(mismatches.names.isEmpty)
    #expect(MemberTables.w3c.lookup("mediaType") == .text(.kind))
    #expect(MemberTables.w3c.lookup("googFrameRateSent") == nil)
  }
}

/// Names collected from several threads.
private final class Mismatches: @unchecked Sendable {
  private let lock = DispatchSemaphore(value: 1)
  private var collected: [String] = []

  func add(_ name: String) {
    lock.wait()
    collected.append(name)
    lock.signal()
  }

  var names: [String] {
    lock.wait()
    defer { lock.signal() }
    return collected
  }
}
