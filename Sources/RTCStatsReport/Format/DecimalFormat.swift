/// Formats numbers without Foundation and without locale: `1234.5`, `-0.25`, `12`.
enum DecimalFormat {
  /// `value` rounded to `decimals` places (half away from zero, at most six), written with
  /// exactly that many places — fewer when |`value`| · 10^places would pass 10¹⁷ — and
  /// non-finite values as `-`.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    // Beyond 10¹⁵ the digits are meaningless anyway; Swift's own form avoids Int64 overflow.
    guard abs(value) < 1e15 else { return value.description }
    var places = max(0, min(decimals, 6))
    // Keep |value| · 10^places well inside Int64.
    while places > 0 && abs(value) * pow10(places) >= 1e17 { places -= 1 }
    let scale = Int64(pow10(places))
    let scaled = Int64((abs(value) * Double(scale)).rounded())
    var text = String(scaled / scale)
    if places > 0 {
      let fraction = String(scaled % scale)
      text += "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
    return value < 0 && scaled != 0 ? "-" + text : text
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= 10 }
    return result
  }

  /// Like ``fixed(_:decimals:)`` but without trailing zeros or point (`12.5`, `3`); for SVG
  /// coordinates and data attributes, where every byte counts.
  ///
  /// Non-finite values become `0`.
  static func compact(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "0" }
    var text = fixed(value, decimals: decimals)
    guard text.contains(".") else { return text }
    while text.last == "0" { text.removeLast() }
    if text.last == "." { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// `value` with `significant` significant digits, at least the integer part (`152`, `1.49`).
  static func significant(_ value: Double, digits significant: Int) -> String {
    let magnitude = abs(value)
    var digitsBeforePoint = 1
    var bound = 10.0
    while magnitude >= bound && digitsBeforePoint < 16 {
      digitsBeforePoint += 1
      bound *= 10
    }
    // 9.996 rounds to 10.0 with three digits: write it as 10.0, not 10.00.
    let decimals = max(significant - digitsBeforePoint, 0)
    let text = fixed(value, decimals: decimals)
    if decimals > 0, abs(Double(text) ?? 0) >= bound {
      return fixed(value, decimals: decimals - 1)
    }
    return text
  }

  /// ``significant(_:digits:)`` without trailing zeros (`6.2`, `1523000`, `0.031`).
  static func shortest(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "-" }
    var text = significant(value, digits: digits)
    guard text.contains(".") else { return text }
    while text.last == "0" { text.removeLast() }
    if text.last == "." { text.removeLast() }
    return text
  }

  /// A tick label: ``fixed(_:decimals:)`` up to a million, then `1.5e9`, so a label never
  /// outgrows the axis margin.
  static func label(_ value: Double, decimals: Int) -> String {
    abs(value) < 1e6 ? fixed(value, decimals: decimals) : scientific(value)
  }

  /// `value` as a mantissa of up to three significant digits and a power of ten: `1.5e9`.
  static func scientific(_ value: Double) -> String {
    guard value.isFinite, value != 0 else { return value.isFinite ? "0" : "-" }
    var mantissa = abs(value)
    var exponent = 0
    while mantissa >= 10 {
      mantissa /= 10
      exponent += 1
    }
    while mantissa < 1 {
      mantissa *= 10
      exponent -= 1
    }
    var digits = shortest(mantissa, digits: 3)
    if digits == "10" {
      digits = "1"
      exponent += 1
    }
    return (value < 0 ? "-" : "") + digits + "e" + String(exponent)
  }
}
