import Foundation

@testable import RTCStatsReport

/// What a rendered chart draws, read back from its markup by a parser of the test's own:
/// the plot box and value range from the `data-` attributes, and per series its subpaths
/// (vertex lists, from `M`, pairs, `L`, `H`, `V`) and dots.
struct DrawnChart {
  struct Series {
    var subpaths: [[(x: Double, y: Double)]] = []
    var dots: [(x: Double, y: Double)] = []
    var classes: String = ""
  }

  var markup: String
  var series: [Series] = []
  var left = 0.0
  var right = 0.0
  var top = 0.0
  var bottom = 0.0
  var low = 0.0
  var high = 0.0

  /// Renders `chart` on the axis `range` and reads it back.
  init(_ chart: ChartModel, range: TimeRange) {
    var writer = HTMLWriter()
    ChartRenderer(axis: TimeAxis(range: range)).write(chart, into: &writer)
    self.init(markup: writer.html)
  }

  init(markup: String) {
    self.markup = markup
    left = Self.number(markup, "data-left") ?? .nan
    right = Self.number(markup, "data-right") ?? .nan
    top = Self.number(markup, "data-top") ?? .nan
    bottom = Self.number(markup, "data-bottom") ?? .nan
    low = Self.number(markup, "data-v0") ?? .nan
    high = Self.number(markup, "data-v1") ?? .nan
    for chunk in markup.split(separator: "<g class=\"series ").dropFirst() {
      let group = chunk.components(until: "</g>")
      var drawn = Series(classes: String(group.prefix { $0 != "\"" }))
      if let d = Self.attribute(group, "d") { drawn.subpaths = Self.subpaths(d) }
      for circle in group.split(separator: "<circle").dropFirst() {
        if let x = Self.number(Substring(circle), "cx"), let y = Self.number(Substring(circle), "cy") {
          drawn.dots.append((x, y))
        }
      }
      series.append(drawn)
    }
  }

  /// The time at viewBox `x` on `range`.
  func time(atX x: Double, range: TimeRange) -> Double {
    range.start + (x - left) / (right - left) * range.duration
  }

  /// The value at viewBox `y`.
  func value(atY y: Double) -> Double {
    low + (bottom - y) / (bottom - top) * (high - low)
  }

  static func attribute(_ text: Substring, _ name: String) -> String? {
    guard let start = text.range(of: " " + name + "=\"") else { return nil }
    let rest = text[start.upperBound...]
    return String(rest.prefix { $0 != "\"" })
  }

  static func number(_ text: some StringProtocol, _ name: String) -> Double? {
    attribute(Substring(text), name).flatMap(Double.init)
  }

  /// Vertex lists of SVG path data made of `M`, implicit pairs, `L`, `H`, `V`.
  static func subpaths(_ d: String) -> [[(x: Double, y: Double)]] {
    var tokens: [String] = []
    var current = ""
    for character in d {
      if "MLHVZ".contains(character) || character == " " {
        if !current.isEmpty { tokens.append(current) }
        current = ""
        if character != " " { tokens.append(String(character)) }
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    var result: [[(x: Double, y: Double)]] = []
    var command = "M"
    var x = 0.0
    var y = 0.0
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if "MLHVZ".contains(token) {
        command = token
        index += 1
        continue
      }
      switch command {
      case "M", "L":
        x = Double(token) ?? .nan
        y = Double(tokens[index + 1]) ?? .nan
        index += 2
        if command == "M" {
          result.append([])
          command = "L"
        }
      case "H":
        x = Double(token) ?? .nan
        index += 1
      default:
        y = Double(token) ?? .nan
        index += 1
      }
      result[result.count - 1].append((x, y))
    }
    return result
  }
}

extension Substring {
  /// The text before `marker`, or all of it.
  func components(until marker: String) -> Substring {
    range(of: marker).map { self[..<$0.lowerBound] } ?? self
  }
}
