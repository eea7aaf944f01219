/// The outline of an SVG path, built from numbers only, in the shortest form the chart
/// needs: `M` starts a subpath, coordinate pairs after it are implicit line-tos, `H` and `V`
/// draw the horizontal and vertical strokes of step lines.
///
/// Coordinates keep one decimal.
public struct SVGPath: Sendable, Hashable {
  /// The path data, for example `M10 20 30 40H50V60`.
  public private(set) var commands = ""
  /// Whether the last command was `M` or a pair, so a pair may follow without a letter.
  private var pairsMayFollow = false
  /// Subpaths started so far.
  public private(set) var subpathCount = 0

  /// Creates an empty path.
  public init() {}

  /// Whether nothing has been drawn.
  public var isEmpty: Bool { commands.isEmpty }

  /// Starts a subpath at (`x`, `y`).
  public mutating func move(x: Double, y: Double) {
    commands += "M" + SVGPath.pair(x, y)
    pairsMayFollow = true
    subpathCount += 1
  }

  /// Draws a straight line to (`x`, `y`).
  public mutating func line(x: Double, y: Double) {
    commands += (pairsMayFollow ? " " : "L") + SVGPath.pair(x, y)
    pairsMayFollow = true
  }

  /// Draws a horizontal line to `x`.
  public mutating func horizontal(x: Double) {
    commands += "H" + DecimalFormat.compact(x, decimals: 1)
    pairsMayFollow = false
  }

  /// Draws a vertical line to `y`.
  public mutating func vertical(y: Double) {
    commands += "V" + DecimalFormat.compact(y, decimals: 1)
    pairsMayFollow = false
  }

  /// Closes the subpath.
  public mutating func close() {
    commands += "Z"
    pairsMayFollow = false
  }

  private static func pair(_ x: Double, _ y: Double) -> String {
    DecimalFormat.compact(x, decimals: 1) + " " + DecimalFormat.compact(y, decimals: 1)
  }
}
