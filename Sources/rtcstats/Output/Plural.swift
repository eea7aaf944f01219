/// Counts with the right noun form: `1 report`, `2 reports`, `1 hidden entry`.
enum Plural {
  /// `count` followed by `singular`, or by `plural` (default: `singular` + "s") when
  /// `count` is not 1.
  static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
  }
}
