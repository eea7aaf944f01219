/// A small deterministic random generator (SplitMix64), so that failures reproduce.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// A decimal of 1 to `maximumDigits` significant digits (the first not 0), a point at a
  /// random place among them or none: "7", "31.4", "2718".
  mutating func plainDecimal(maximumDigits: Int) -> String {
    let digits = Int(next() % UInt64(maximumDigits)) + 1
    var text = ""
    for position in 0..<digits {
      let digit = Int(next() % 10)
      text += String(position == 0 && digit == 0 ? 1 : digit)
    }
    let point = Int(next() % UInt64(digits + 1))
    if point >= 1 && point < digits { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
    return text
  }
}
