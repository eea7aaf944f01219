import Testing

@testable import RTCStatsCore

/// `IDTable` finds a value from a hint only when the hint's slot holds that id: a wrong,
/// stale or out-of-range hint gives the same answer as no hint.
@Suite struct IDTableTests {
  @Test func everyHintGivesTheSlotTheIdHas() {
    var table = IDTable<Int>()
    let ids = ["RTCCodec_0_Inbound_111", "RTCCodec_0_Inbound_96", "CP1", "CP2", "T01"]
    for (value, id) in ids.enumerated() { table.set(value, for: id, hint: -1) }
    for (slot, id) in ids.enumerated() {
      for hint in [-5, -1, 0, 1, 2, 3, 4, 5, 1000] {
        #expect(table.slot(of: id, hint: hint) == slot, "\(id) with hint \(hint)")
      }
    }
    #expect(table.slot(of: "absent", hint: 0) == nil)
    #expect(table.slot(of: "absent", hint: 99) == nil)
  }

  @Test func settingThroughAWrongHintUpdatesTheRightSlot() {
    var table = IDTable<String>()
    table.set("a", for: "A", hint: -1)
    table.set("b", for: "B", hint: -1)
    // The hint names B's slot: A must still be updated in its own slot, and B kept.
    let slot = table.set("a2", for: "A", hint: 1)
    #expect(slot == 0)
    #expect(table["A"] == "a2")
    #expect(table["B"] == "b")
    #expect(table.count == 2)
    // A new id through a hint that names an existing slot is appended, not written over it.
    let added = table.set("c", for: "C", hint: 0)
    #expect(added == 2)
    #expect(table["A"] == "a2")
    #expect(table.keys == ["A", "B", "C"])
  }

  @Test func positionHintsStartUnknownAndGrow() {
    var hints = PositionHints()
    #expect(hints[0] == -1)
    #expect(hints[7] == -1)
    hints[5] = 3
    #expect(hints[5] == 3)
    #expect(hints[4] == -1)
    #expect(hints[6] == -1)
  }
}
