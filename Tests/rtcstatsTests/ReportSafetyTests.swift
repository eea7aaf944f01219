import Foundation
import Testing

@testable import rtcstats

/// A dump whose ids, track identifier, codec mimeType, peer connection id and user agent hold
/// markup: the report must show the strings as text and let nothing executable or
/// style-breaking through.
@Suite struct ReportSafetyTests {
  static let script = "<script>alert(1)</script>"
  static let image = "\"><img src=x onerror=alert(2)>"
  static let style = "</style><b>bold"

  /// `Samples/captures/basic/rtcstats-dump.gz` with the hostile strings put in: the user
  /// agent, the inbound video's stats id, its track identifier, the VP8 mimeType and the
  /// second peer connection's id.
  static func hostileDump() throws -> String? {
    guard FileManager.default.isExecutableFile(atPath: "/bin/gzip") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", CLIRun.root + "/Samples/captures/basic/rtcstats-dump.gz"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var text = String(decoding: data, as: UTF8.self)
    func json(_ value: String) -> String { value.replacingOccurrences(of: "\"", with: "\\\"") }
    let replacements = [
      (
        "{\"hardwareConcurrency\":2,",
        "{\"userAgent\":\"Mozilla " + json(script + image + style) + "\",\"hardwareConcurrency\":2,"
      ),
      ("IT01V555058607", json("IT" + image)),
      ("aaf96627-d510-43b7-a4e0-f6b07c1fdfe7", json(script + "track")),
      ("d9d7d10b-d5ae-4858-ae8d-a059cfee1d8a", json(style + "track")),
      ("video/VP8", json("video/" + style + image)),
      ("\"8-2\"", "\"" + json("pc" + script) + "\""),
    ]
    for (original, hostile) in replacements {
      #expect(text.contains(original), "the sample still holds \(original)")
      text = text.replacingOccurrences(of: original, with: hostile)
    }
    return text
  }

  @Test func markupFromTheDumpReachesThePageOnlyAsText() throws {
    guard let dump = try Self.hostileDump() else { return }
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("hostile.rtcstats").path
    try Data(dump.utf8).write(to: URL(fileURLWithPath: path))
    let run = CLIRun(["report", path])
    #expect(run.status == .success, "\(run.error)")
    let page = run.output
    // The strings were read and shown: escaped.
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(page.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
    #expect(page.contains("&lt;/style&gt;&lt;b&gt;bold"))
    // Nothing of it as markup: one style and one script element (the page's own), no image,
    // no bold, no event handler attribute.
    #expect(page.components(separatedBy: "<script").count == 2)
    #expect(page.components(separatedBy: "</script>").count == 2)
    #expect(page.components(separatedBy: "<style").count == 2)
    #expect(page.components(separatedBy: "</style>").count == 2)
    for forbidden in ["<img", "<b>"] {
      #expect(!page.contains(forbidden), "\(forbidden) reached the page")
    }
    // No tag has an event handler or a source (anchor ids keep letters of the strings, so
    // `alert` may appear inside an id, never as an attribute).
    for tag in Self.tags(of: page) {
      let attributes = tag.split(separator: " ").dropFirst().map { $0.prefix { $0 != "=" } }
      #expect(!attributes.contains { $0.hasPrefix("on") || $0 == "src" || $0 == "style" }, "\(tag)")
    }
  }

  /// The text of every tag (`<` to `>`); text between tags is left out.
  static func tags(of page: String) -> [Substring] {
    var tags: [Substring] = []
    var rest = Substring(page)
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      tags.append(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return tags
  }
}
