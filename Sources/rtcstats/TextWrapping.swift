/// Word wrapping for help text and the man page's plain parts.
enum TextWrapping {
  /// The lines of `text` wrapped at spaces to `width` columns.
  ///
  /// The first line starts after `firstLinePrefix` (which counts towards the width); the
  /// following lines are indented by `indent` spaces. A word longer than a line gets a line
  /// of its own. `\n` in `text` starts a new line.
  ///
  ///     wrap("one two three", width: 9, indent: 2)   // ["one two", "  three"]
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  static func wrap(_ text: String, width: Int, indent: Int, firstLinePrefix: String = "") -> [String] {
    var lines: [String] = []
    var line = firstLinePrefix
    // A prefix with text in it (`USAGE: rtcstats analyze `, an option label) is content: a
    // first word that does not fit after it goes to the next line.
    var lineHasWord = firstLinePrefix.contains { $0 != " " }
    let margin = String(repeating: " ", count: indent)
    for (number, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if number > 0 {
        lines.append(line)
        line = margin
        lineHasWord = false
      }
      for word in paragraph.split(separator: " ") {
        var separator = lineHasWord && line.last != " " ? " " : ""
        if lineHasWord && line.count + separator.count + word.count > width {
          lines.append(line)
          line = margin
          separator = ""
        }
        line += separator + word
        lineHasWord = true
      }
    }
    lines.append(line)
    return lines
  }
}
