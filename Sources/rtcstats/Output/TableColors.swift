/// ANSI colours for the table's grades and severities (only on a terminal, never with
/// `NO_COLOR`, forced with `--color=always`): critical red, warning yellow, fair magenta,
/// good and excellent green, info cyan.
///
/// Applied to the finished text, so widths and wrapping never count escape sequences: the
/// grade after `network: `, `send ` and `receive ` on a condition line, and the severity
/// that starts a findings row.
enum TableColors {
  static let reset = "\u{1B}[0m"

  /// The colour sequence of a grade or severity word, if it has one.
  static func color(of word: String) -> String? {
    switch word {
    case "critical": "\u{1B}[1;31m"
    case "warning": "\u{1B}[33m"
    case "fair": "\u{1B}[35m"
    case "good", "excellent": "\u{1B}[32m"
    case "info": "\u{1B}[36m"
    default: nil
    }
  }

  /// `text` with its grade and severity words coloured.
  static func apply(_ text: String) -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(line)
      if line.hasPrefix("  network: ") {
        for marker in ["network: ", "send ", "receive "] { line = colorWord(after: marker, in: line) }
      } else if let word = line.dropFirst(2).split(separator: " ").first, line.hasPrefix("  "),
        ["critical", "warning", "info"].contains(String(word)), let start = color(of: String(word))
      {
        line = "  " + start + word + reset + line.dropFirst(2 + word.count)
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  private static func colorWord(after marker: String, in line: String) -> String {
    guard let range = line.firstRange(of: marker) else { return line }
    let rest = line[range.upperBound...]
    let word = String(rest.prefix { $0.isLetter })
    guard let start = color(of: word) else { return line }
    return String(line[..<range.upperBound]) + start + word + reset + rest.dropFirst(word.count)
  }
}
