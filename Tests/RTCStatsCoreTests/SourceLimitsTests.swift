import Foundation
import Testing

/// The house rules the code review would otherwise have to check by eye: no source file over
/// 400 lines (generated data files, marked `// Generated` in their first line, excepted) and no
/// function, initializer or subscript body over 80 lines.
@Suite struct SourceLimitsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let maximumFileLines = 400
  static let maximumFunctionLines = 80

  /// Every Swift file under Sources/, relative to the package root.
  static func sourceFiles() -> [String] {
    let sources = root.appendingPathComponent("Sources")
    guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
      .map { "Sources/" + $0 }
  }

  @Test func noSourceFileIsLongerThanTheLimit() throws {
    let files = Self.sourceFiles()
    #expect(files.count > 50)
    for file in files {
      let text = try String(contentsOfFile: Self.root.appendingPathComponent(file).path, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.first?.hasPrefix("// Generated") == true { continue }
      #expect(lines.count <= Self.maximumFileLines, "\(file): \(lines.count) lines")
    }
  }

  @Test func noFunctionIsLongerThanTheLimit() throws {
    for file in Self.sourceFiles() {
      let text = try String(contentsOfFile: Self.root.appendingPathComponent(file).path, encoding: .utf8)
      for function in FunctionScanner.functions(in: text) {
        #expect(
          function.lines <= Self.maximumFunctionLines,
          "\(file):\(function.line): \(function.name) has \(function.lines) lines")
      }
    }
  }

  @Test func theScannerMeasuresBodiesNotStringsOrComments() {
    let text = """
      struct A {
        func small() {
          let brace = "}"  // }
          /* { */
        }
        init(
          x: Int
        ) {
          print(x)
        }
      }
      """
    let functions = FunctionScanner.functions(in: text)
    #expect(functions.map(\.name) == ["small", "init"])
    #expect(functions.map(\.lines) == [4, 5])
  }
}

/// Finds `func`, `init` and `subscript` declarations with a body and measures them in lines,
/// from the declaration to the closing brace.
///
/// Braces inside string literals and comments do not
/// count.
enum FunctionScanner {
  struct Function {
    var name: String
    var line: Int
    var lines: Int
  }

  static func functions(in text: String) -> [Function] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let code = lines.map(stripStringsAndComments)
    var result: [Function] = []
    for (index, line) in code.enumerated() {
      guard let name = declaredName(line) else { continue }
      // The body starts at the first `{` at or after the declaration, before any `;`-free end.
      var depth = 0
      var opened = false
      var end: Int?
      scan: for offset in index..<code.count {
        for character in code[offset] {
          if character == "{" {
            depth += 1
            opened = true
          } else if character == "}" {
            depth -= 1
            if opened && depth == 0 {
              end = offset
              break scan
            }
          }
        }
        if !opened && offset > index && code[offset].trimmingCharacters(in: .whitespaces).isEmpty {
          break  // a protocol requirement: no body
        }
      }
      if let end { result.append(Function(name: name, line: index + 1, lines: end - index + 1)) }
    }
    return result
  }

  private static func declaredName(_ line: String) -> String? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "<" })
    guard
      let keyword = words.firstIndex(where: {
        $0 == "func" || $0 == "init" || $0 == "init?"
          || $0 == "subscript"
      })
    else { return nil }
    let modifiers: Set<Substring> = [
      "public", "private", "fileprivate", "internal", "package", "static", "mutating", "override",
      "final", "nonisolated", "convenience", "required", "@inline(__always)", "@discardableResult",
      "@Test", "@Sendable", "class",
    ]
    guard words[..<keyword].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") }) else { return nil }
    if words[keyword] == "func", keyword + 1 < words.count { return String(words[keyword + 1]) }
    return String(words[keyword])
  }

  /// The line with string literal contents and comments blanked (single-line approximation;
  /// multi-line string bodies contain no declarations in this code base).
  private static func stripStringsAndComments(_ line: String) -> String {
    var result = ""
    var inString = false
    var inBlockComment = false
    var previous: Character = " "
    var iterator = Array(line).makeIterator()
    while let character = iterator.next() {
      if inBlockComment {
        if previous == "*" && character == "/" { inBlockComment = false }
        previous = character
        continue
      }
      if inString {
        if character == "\"" && previous != "\\" { inString = false }
        previous = previous == "\\" && character == "\\" ? " " : character
        continue
      }
      if character == "/" && previous == "/" {
        result.removeLast()
        break
      }
      if character == "*" && previous == "/" {
        result.removeLast()
        inBlockComment = true
        previous = " "
        continue
      }
      if character == "\"" { inString = true }
      result.append(character)
      previous = character
    }
    return result
  }
}
