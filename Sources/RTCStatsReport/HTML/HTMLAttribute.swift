/// One attribute of an element, built only through constructors that keep it harmless.
///
/// Names come from closed lists (``TextName``, ``NumberName``) or from the constructor
/// itself; values are escaped when written. There is no way to write an event handler
/// (`on…`), a `style` attribute, `src`, or an `href` to anything but an anchor of the page
/// (``href(_:)`` takes an ``AnchorID``), so no string from a dump can become code, a style
/// or a URL.
public struct HTMLAttribute: Sendable, Hashable {
  /// Attributes whose value may be any text: it is escaped when written.
  public enum TextName: String, Sendable, CaseIterable {
    /// The tooltip of an element.
    case title
    /// The accessible name of an element (charts: their title).
    case ariaLabel = "aria-label"
    /// The ARIA role (`img` for a chart).
    case role
    /// The language of the text.
    case lang
    /// What a table heading heads (`col`, `row`).
    case scope
    /// The name of a chart series, read by the page's hover script with `textContent`.
    case dataLabel = "data-label"
    /// The unit of a chart's values (`bps`, `ms`, …), read by the page's hover script.
    case dataUnit = "data-unit"
  }

  /// Attributes whose value is a number.
  public enum NumberName: String, Sendable, CaseIterable {
    /// SVG geometry, table spans and the tab order, named as in HTML and SVG.
    case x, y, x1, y1, x2, y2, cx, cy, r, width, height, colspan, tabindex
    /// The index of a series within its chart (legend entries and series groups).
    case dataSeries = "data-series"
    /// The call time at the plot's right edge, ms; the left edge is 00:00 (hover script).
    case dataDuration = "data-duration"
    /// The value at the plot's bottom edge (hover script).
    case dataValueLow = "data-v0"
    /// The value at the plot's top edge (hover script).
    case dataValueHigh = "data-v1"
    /// The plot's left edge in viewBox units (hover script).
    case dataPlotLeft = "data-left"
    /// The plot's right edge in viewBox units (hover script).
    case dataPlotRight = "data-right"
    /// The plot's top edge in viewBox units (hover script).
    case dataPlotTop = "data-top"
    /// The plot's bottom edge in viewBox units (hover script).
    case dataPlotBottom = "data-bottom"
  }

  /// How SVG text is aligned on its `x`.
  public enum TextAnchor: String, Sendable {
    /// The text starts, is centred on, or ends at `x`.
    case start, middle, end
  }

  /// The attribute name as written.
  let name: String
  /// The value before escaping; `nil` for a boolean attribute written without a value.
  let value: String?

  private init(name: String, value: String?) {
    self.name = name
    self.value = value
  }

  /// `class="…"` from class names written in the code.
  public static func `class`(_ names: StaticString...) -> HTMLAttribute {
    HTMLAttribute(name: "class", value: names.map(\.text).joined(separator: " "))
  }

  /// `class="…"` from a list of class names written in the code.
  public static func classes(_ names: [StaticString]) -> HTMLAttribute {
    HTMLAttribute(name: "class", value: names.map(\.text).joined(separator: " "))
  }

  /// `id="…"`: the target of internal links.
  public static func id(_ anchor: AnchorID) -> HTMLAttribute {
    HTMLAttribute(name: "id", value: anchor.value)
  }

  /// `href="#…"`: a link to an anchor of the same page, never to anywhere else.
  public static func href(_ anchor: AnchorID) -> HTMLAttribute {
    HTMLAttribute(name: "href", value: "#" + anchor.value)
  }

  /// An attribute whose value is any text, escaped when written.
  public static func text(_ name: TextName, _ value: String) -> HTMLAttribute {
    HTMLAttribute(name: name.rawValue, value: value)
  }

  /// An attribute whose value is a number with at most `decimals` places.
  public static func number(_ name: NumberName, _ value: Double, decimals: Int = 1) -> HTMLAttribute {
    HTMLAttribute(name: name.rawValue, value: DecimalFormat.compact(value, decimals: decimals))
  }

  /// `d="…"`: the outline of an SVG path.
  public static func path(_ path: SVGPath) -> HTMLAttribute {
    HTMLAttribute(name: "d", value: path.commands)
  }

  /// `viewBox="0 0 width height"` of an SVG.
  public static func viewBox(width: Double, height: Double) -> HTMLAttribute {
    let size = DecimalFormat.compact(width, decimals: 1) + " " + DecimalFormat.compact(height, decimals: 1)
    return HTMLAttribute(name: "viewBox", value: "0 0 " + size)
  }

  /// `transform="translate(x y)"`.
  public static func translate(x: Double, y: Double) -> HTMLAttribute {
    let offset = DecimalFormat.compact(x, decimals: 1) + " " + DecimalFormat.compact(y, decimals: 1)
    return HTMLAttribute(name: "transform", value: "translate(" + offset + ")")
  }

  /// `text-anchor="…"` of SVG text.
  public static func textAnchor(_ anchor: TextAnchor) -> HTMLAttribute {
    HTMLAttribute(name: "text-anchor", value: anchor.rawValue)
  }

  /// `aria-hidden="true"`: decoration a screen reader skips.
  public static let ariaHidden = HTMLAttribute(name: "aria-hidden", value: "true")

  /// `open`: a `<details>` element shown expanded.
  public static let open = HTMLAttribute(name: "open", value: nil)
}

extension StaticString {
  /// The text of a static string.
  var text: String {
    withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
  }
}
