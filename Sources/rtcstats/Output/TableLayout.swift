/// How wide the table may be and whether it is coloured (`analyze` table output).
///
/// The table fits ``width`` columns unless ``isWide``: every line longer than that is wrapped
/// at spaces (a word longer than a line is cut), the track table drops to its narrow form
/// (fewer columns, the other figures on a second line) and the findings put their message
/// on a line of its own. `--wide` keeps the full one-line-per-track table whatever the width.
struct TableLayout: Sendable, Equatable {
  /// The columns the output must fit: `COLUMNS`, else the terminal's width, else 80.
  var width = 80
  /// `--wide`: the full table, lines as long as they need.
  var isWide = true
  /// Whether grades and severities are coloured (ANSI), see ``usesColor(mode:isTerminal:noColor:)``.
  var usesColor = false

  /// The output width for tables: `COLUMNS` when it is a positive number, else the terminal's
  /// width when standard output is one, else 80; never less than 40.
  static func width(columnsVariable: String?, terminalColumns: Int?) -> Int {
    let requested = columnsVariable.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    return max(requested ?? terminalColumns ?? 80, 40)
  }

  /// Colours with `--color=always`; with `auto` only on a terminal and never when
  /// `NO_COLOR` is set (to anything but the empty string, https://no-color.org).
  static func usesColor(mode: ColorMode, isTerminal: Bool, noColor: String?) -> Bool {
    switch mode {
    case .always: true
    case .never: false
    case .auto: isTerminal && (noColor ?? "").isEmpty
    }
  }

  /// `line` wrapped to the width, continuation lines indented by `indent` spaces; unchanged
  /// in the wide layout or when it fits.
  func fit(_ line: String, indent: Int) -> [String] {
    guard !isWide, line.count > width else { return [line] }
    let leading = line.prefix { $0 == " " }
    let wrapped = TextWrapping.wrap(
      String(line.dropFirst(leading.count)), width: width, indent: indent, firstLinePrefix: String(leading))
    return wrapped.flatMap { cut($0, indent: indent) }
  }

  /// Lines of `text` (ending in a line break) each fitted, joined again.
  func fitLines(_ text: String, indent: Int) -> String {
    guard !isWide else { return text }
    var result = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      for part in fit(String(line), indent: indent) { result += part + "\n" }
    }
    return result
  }

  /// A line still longer than the width (one long word) cut into pieces that fit.
  private func cut(_ line: String, indent: Int) -> [String] {
    guard line.count > width else { return [line] }
    var pieces: [String] = []
    var rest = Substring(line)
    let margin = String(repeating: " ", count: indent)
    var isFirst = true
    while !rest.isEmpty {
      let room = isFirst ? width : width - indent
      pieces.append((isFirst ? "" : margin) + rest.prefix(room))
      rest = rest.dropFirst(room)
      isFirst = false
    }
    return pieces
  }
}
