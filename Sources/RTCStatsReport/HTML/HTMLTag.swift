/// The elements an ``HTMLWriter`` can write: a closed list, so no name ever comes from data.
///
/// There is deliberately no `img`, `iframe`, `object`, `embed`, `link`, `base`, `form`,
/// `input`, `style`, `script` or `meta`: the report loads nothing and submits nothing, and
/// the raw-text and head elements are written only by the writer itself, from static text
/// (``HTMLWriter/inlineStyle(_:)``, ``HTMLWriter/inlineScript(_:)``,
/// ``HTMLWriter/documentHead(title:style:script:)``).
public enum HTMLTag: String, Sendable, CaseIterable {
  // MARK: - Document
  /// The document, its head and body, and the page title.
  case html, head, body, title
  // MARK: - Sections and text
  /// Page structure and figures.
  case header, nav, main, section, footer, figure, figcaption, details, summary
  /// Headings and text (`a` only ever links to an anchor of the page).
  case h1, h2, h3, h4, h5, h6, p, div, span, a, strong, em, code, small, br, abbr
  /// Lists and description lists.
  case ul, ol, li, dl, dt, dd
  // MARK: - Tables
  /// Tables.
  case table, caption, thead, tbody, tr, th, td
  // MARK: - SVG
  /// Inline SVG: the drawing, groups, shapes and text.
  case svg, g, path, rect, line, circle, text, tspan
  /// An SVG `<title>`: the tooltip of the shape it is in.
  case svgTitle

  /// The name written in the markup.
  var name: String {
    self == .svgTitle ? "title" : rawValue
  }

  /// Whether the element has no content and no end tag in HTML (`<br>`).
  var isVoid: Bool {
    self == .br
  }

  /// Whether the element belongs to SVG, where an empty element is written `<path … />`.
  var isSVG: Bool {
    switch self {
    case .svg, .g, .path, .rect, .line, .circle, .text, .tspan, .svgTitle: true
    default: false
    }
  }
}
