/// The browser a user agent names, for grouping rows (`loss by browser`).
enum BrowserName {
  /// `firefox`, `edge`, `opera`, `chrome`, `safari`, or `other`; `nil` without a user agent.
  ///
  /// Checked in this order because Chromium-based browsers also say `Chrome/` and every
  /// Chromium says `Safari/`: `Firefox/` → firefox, `Edg/` → edge, `OPR/` → opera,
  /// `Chrome/` or `Chromium/` → chrome, `Safari/` → safari.
  static func of(userAgent: String?) -> String? {
    guard let userAgent, !userAgent.isEmpty else { return nil }
    let rules: [(String, String)] = [
      ("Firefox/", "firefox"), ("Edg/", "edge"), ("OPR/", "opera"), ("Chrome/", "chrome"),
      ("Chromium/", "chrome"), ("Safari/", "safari"),
    ]
    return rules.first { userAgent.contains($0.0) }?.1 ?? "other"
  }
}
