import Testing

@testable import RTCStatsReport

@Suite struct FormatTests {
  @Test func unitsAreWrittenAsTheTableViewWritesThem() {
    #expect(ValueUnit.bitsPerSecond.format(1_523_000) == "1.52 Mbps")
    #expect(ValueUnit.bitsPerSecond.format(24_500) == "24.5 kbps")
    #expect(ValueUnit.bitsPerSecond.format(999) == "999 bps")
    #expect(ValueUnit.bitsPerSecond.format(9_996_000) == "10.0 Mbps")
    #expect(ValueUnit.milliseconds.format(2.14) == "2.1 ms")
    #expect(ValueUnit.milliseconds.format(850) == "850 ms")
    #expect(ValueUnit.milliseconds.format(8062) == "8.06 s")
    #expect(ValueUnit.milliseconds.format(12_345) == "12.3 s")
    #expect(ValueUnit.percent.format(4.4567) == "4.46%")
    #expect(ValueUnit.percent.format(12.34) == "12.3%")
    #expect(ValueUnit.framesPerSecond.format(29.84) == "29.8 fps")
    #expect(ValueUnit.pixels.format(720) == "720 px")
    #expect(ValueUnit.count.format(812) == "812")
    #expect(ValueUnit.ratio.format(0.456) == "0.46")
  }

  @Test func missingAndNonFiniteValuesAreADash() {
    for unit in ValueUnit.allCases {
      #expect(unit.format(nil) == "-")
      #expect(unit.format(.nan) == "-")
      #expect(unit.format(.infinity) == "-")
    }
  }

  @Test func hugeValuesDoNotOverflow() {
    #expect(ValueUnit.bitsPerSecond.format(1e20) == "100 Ebps")
    #expect(ValueUnit.count.format(1e300).contains("e"))
    // 10¹² · 10⁶ would overflow Int64: fewer places, the same value.
    #expect(DecimalFormat.fixed(1e12 + 0.5, decimals: 6) == "1000000000000.5000")
    #expect(DecimalFormat.compact(-0.04, decimals: 1) == "0")
    #expect(DecimalFormat.compact(12.50, decimals: 2) == "12.5")
    #expect(DecimalFormat.scientific(1.5e9) == "1.5e9")
    #expect(DecimalFormat.scientific(-9.996e-7) == "-1e-6")
  }

  @Test func callTimes() {
    #expect(CallTime.format(milliseconds: 0) == "00:00")
    #expect(CallTime.format(milliseconds: 187_900) == "03:07")
    #expect(CallTime.format(milliseconds: 3_723_000) == "1:02:03")
    #expect(CallTime.format(milliseconds: -5000) == "-00:05")
    #expect(CallTime.format(milliseconds: .nan) == "-")
    #expect(CallTime.format(milliseconds: 1e300) == "-")
    #expect(CallTime.format(from: 65_000, to: 100_000) == "01:05–01:40")
    #expect(CallTime.format(from: 65_000, to: 65_400) == "01:05")
  }
}
