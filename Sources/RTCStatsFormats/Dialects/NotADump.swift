/// Inputs that no dialect reads but that can be named: archives and compressed files of
/// another kind than gzip, rtcstats's own output, and Jitsi server-side stats.
///
/// Each check
/// reads the first bytes (``DumpPrefix``) and returns the message for the user, or `nil`.
///
/// | input | recognised by | message |
/// |---|---|---|
/// | ZIP archive | `PK\u{3}\u{4}`, `PK\u{5}\u{6}` (empty), `PK\u{7}\u{8}` (spanned) | a ZIP archive: unzip it first |
/// | xz | `FD 37 7A 58 5A 00` | xz-compressed data: decompress it first |
/// | bzip2 | `BZh1`…`BZh9`, then a block or end-of-stream magic | bzip2-compressed data: decompress it first |
/// | Zstandard | `28 B5 2F FD` | Zstandard-compressed data: decompress it first |
/// | 7-Zip | `37 7A BC AF 27 1C` | a 7-Zip archive: extract it first |
/// | tar | `ustar` at offset 257 | a tar archive: extract it first |
/// | rtcstats JSON/NDJSON output | first members `schemaVersion`, `source` (of the object or of a top-level array's first object) | this is rtcstats analyze (or inspect) output |
/// | rtcstats CSV output | the header `path,format,peerConnection,` | this is rtcstats analyze CSV output |
/// | Jitsi server stats | a `statsSessionId` member | this is a Jitsi server-side stats dump |
/// | a text log with bracketed line prefixes | `[` then digits then `:`, `/`, `-` or a letter | a text log ("[…"), not a stats dump |
enum NotADump {
  /// Every check, in order.
  static let checks: [@Sendable (DumpPrefix) -> String?] = [
    container, rtcstatsOutput, jitsiServerDump, bracketedLog,
  ]

  /// An archive or a compressed file rtcstats does not decompress, named from its magic bytes.
  static func container(_ prefix: DumpPrefix) -> String? {
    let bytes = prefix.bytes
    func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
      guard bytes.count >= offset + magic.count else { return false }
      return magic.indices.allSatisfy { bytes[offset + $0] == magic[$0] }
    }
    if starts([0x50, 0x4B]),
      starts([0x03, 0x04], at: 2) || starts([0x05, 0x06], at: 2) || starts([0x07, 0x08], at: 2)
    {
      return "a ZIP archive: unzip it first"
    }
    if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
      return "xz-compressed data: decompress it first (unxz)"
    }
    if starts([0x42, 0x5A, 0x68]), bytes.count > 3, (0x31...0x39).contains(bytes[3]),
      starts([0x31, 0x41, 0x59, 0x26, 0x53, 0x59], at: 4)
        || starts([0x17, 0x72, 0x45, 0x38, 0x50, 0x90], at: 4)
    {
      return "bzip2-compressed data: decompress it first (bunzip2)"
    }
    if starts([0x28, 0xB5, 0x2F, 0xFD]) {
      return "Zstandard-compressed data: decompress it first (unzstd)"
    }
    if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return "a 7-Zip archive: extract it first" }
    if starts(Array("ustar".utf8), at: 257) { return "a tar archive: extract it first (tar -xf)" }
    return nil
  }

  /// What `rtcstats analyze` or `rtcstats inspect` wrote: JSON (one object, or an array of
  /// them for several files), NDJSON or CSV.
  static func rtcstatsOutput(_ prefix: DumpPrefix) -> String? {
    if prefix.starts(with: "path,format,peerConnection,") {
      return "this is rtcstats analyze CSV output, not a stats dump: give rtcstats the dump it was made from"
    }
    let names = prefix.first == UInt8(ascii: "{") ? prefix.memberNames : prefix.firstElementMemberNames
    guard names.starts(with: ["schemaVersion", "source"]) else { return nil }
    let command =
      names.contains("diagnostics") || names.contains("error")
      ? "analyze" : names.contains("peerConnections") ? "inspect" : "analyze"
    return
      "this is rtcstats \(command) output (JSON, schemaVersion 1), not a stats dump: give rtcstats the dump it was made from"
  }

  /// Videobridge, Jicofo or Jigasi statistics (jitsi rtcstats-server, server side).
  static func jitsiServerDump(_ prefix: DumpPrefix) -> String? {
    prefix.hasMember("statsSessionId")
      ? "this is a Jitsi server-side stats dump (statsSessionId/stats-entry objects from Videobridge, Jicofo or Jigasi), not WebRTC getStats data"
      : nil
  }

  /// A text log whose lines start with a bracketed prefix, which reads as a JSON array until
  /// the prefix: Chrome's and Chromium's stderr (`[24806:24823:1130/144404.623541:ERROR:
  /// bus.cc(405)] …`), `[2026-12-01 10:00:00] …`, `[10:00:01.250] …`, `[INFO] …`, Safari's
  /// console (`[Log] …`), `[object Object]`.
  ///
  /// After `[` and optional blanks comes either a word (a letter or `_` that does not start
  /// `true`, `false` or `null`), or digits followed by a byte that cannot follow a number in
  /// JSON: `:`, `/`, `-` or a letter other than an exponent's `e`/`E`.
  static func bracketedLog(_ prefix: DumpPrefix) -> String? {
    let bytes = prefix.bytes
    guard bytes.first == UInt8(ascii: "[") else { return nil }
    var index = 1
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    guard index < bytes.count else { return nil }
    let isLog =
      isDigit(bytes[index]) ? numberEndsInText(bytes, from: index) : startsWord(bytes, at: index)
    guard isLog else { return nil }
    let line = String(decoding: bytes.prefix { $0 != 0x0A && $0 != 0x0D }.prefix(40), as: UTF8.self)
    return "a text log (it starts with \"\(line)\"), not a stats dump"
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// Whether the digits at `start` are followed by `:`, `/`, `-` or a letter but `e`/`E`.
  private static func numberEndsInText(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
    var index = start
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    guard index < bytes.count else { return false }
    let byte = bytes[index]
    if isLetter(byte) { return byte | 0x20 != UInt8(ascii: "e") }
    return byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-")
  }

  /// Whether a word that is not a JSON literal starts at `index`.
  private static func startsWord(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
    guard isLetter(bytes[index]) || bytes[index] == UInt8(ascii: "_") else { return false }
    for literal in ["true", "false", "null"] {
      let utf8 = Array(literal.utf8)
      guard index + utf8.count <= bytes.count else { continue }
      let matches = utf8.indices.allSatisfy { bytes[index + $0] == utf8[$0] }
      let ends = index + utf8.count == bytes.count || !isLetter(bytes[index + utf8.count])
      if matches && ends { return false }
    }
    return true
  }
}
