import Foundation

/// Parses a page with Python's `html.parser` — a parser that shares no code with the report
/// — and returns what it found: problems, and the text a reader sees.
///
/// The script checks that tags balance, that no element, attribute or link could run code
/// or load anything, that there is exactly one `<style>` and one `<script>`, and that the
/// Content Security Policy's `sha256-…` hashes are those of their text (computed with
/// `hashlib`). `nil` when `python3` is not installed.
enum PythonHTMLCheck {
  struct Result: Decodable {
    var problems: [String]
    var text: String
    var scripts: Int
    var styles: Int
  }

  static let script = #"""
    import base64, hashlib, json, re, sys
    from html.parser import HTMLParser

    VOID = {"meta", "br"}
    FORBIDDEN = {"img", "iframe", "object", "embed", "link", "base", "form", "input", "textarea",
                 "frame", "video", "audio", "source", "foreignobject", "use", "image"}

    class Checker(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.stack, self.problems, self.text = [], [], []
            self.raw = {"script": [], "style": []}
            self.ids, self.links, self.csp = set(), [], None

        def check(self, tag, attrs):
            if tag in FORBIDDEN:
                self.problems.append("forbidden <%s>" % tag)
            for name, value in attrs:
                value = value or ""
                if name.startswith("on") or name in ("style", "src", "srcset", "action", "xlink:href"):
                    self.problems.append("attribute %s on <%s>" % (name, tag))
                if name == "href":
                    if value.startswith("#"):
                        self.links.append(value[1:])
                    else:
                        self.problems.append("href %r" % value)
                if name == "id":
                    if value in self.ids:
                        self.problems.append("duplicate id %s" % value)
                    self.ids.add(value)
                if tag == "meta" and name == "content" and ("http-equiv", "Content-Security-Policy") in attrs:
                    self.csp = value

        def handle_starttag(self, tag, attrs):
            self.check(tag, attrs)
            if tag in ("script", "style"):
                self.raw[tag].append("")
            if tag not in VOID:
                self.stack.append(tag)

        def handle_startendtag(self, tag, attrs):
            self.check(tag, attrs)

        def handle_endtag(self, tag):
            if self.stack and self.stack[-1] == tag:
                self.stack.pop()
            else:
                self.problems.append("unexpected </%s> in %s" % (tag, self.stack[-3:]))

        def handle_data(self, data):
            if self.stack and self.stack[-1] in ("script", "style"):
                self.raw[self.stack[-1]][-1] += data
            else:
                self.text.append(data)

        def handle_comment(self, data):
            self.problems.append("comment <!--%s-->" % data[:40])

        def unknown_decl(self, data):
            self.problems.append("declaration %s" % data[:40])

    html = open(sys.argv[1], encoding="utf-8").read()
    checker = Checker()
    checker.feed(html)
    checker.close()
    if checker.stack:
        checker.problems.append("unclosed %s" % checker.stack)
    for link in checker.links:
        if link not in checker.ids:
            checker.problems.append("link to missing #%s" % link)
    def digest(text):
        return "'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    policy = checker.csp or ""
    if "default-src 'none'" not in policy:
        checker.problems.append("no default-src 'none' in %r" % policy)
    for kind in ("script", "style"):
        for text in checker.raw[kind]:
            match = re.search(kind + r"-src ([^;]*)", policy)
            if not match or match.group(1).strip() != digest(text):
                checker.problems.append("%s not admitted by its hash: %r" % (kind, match and match.group(1)))
    print(json.dumps({"problems": checker.problems, "text": "".join(checker.text),
                      "scripts": len(checker.raw["script"]), "styles": len(checker.raw["style"])}))
    """#

  /// Checks `html`; `nil` when `python3` is not installed.
  static func run(_ html: String) throws -> Result? {
    let fallbacks = ["/usr/bin/python3", "/usr/local/bin/python3"]
    guard
      let python = findInPath("python3")
        ?? fallbacks.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rtcstats-report-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("page.html")
    try Data(html.utf8).write(to: page)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script, page.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try JSONDecoder().decode(Result.self, from: data)
  }

  private static func findInPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { $0 + "/" + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
