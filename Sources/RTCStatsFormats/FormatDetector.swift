/// Decides the dialect of a dump from its first bytes, never from its file name.
enum FormatDetector {
  /// Bytes looked at: enough for every dialect's first member or line.
  static let prefixLength = 64 << 10

  /// What the first bytes say.
  enum Detection: Equatable {
    /// A getStats snapshot or log (any shape of ``SnapshotShape``).
    case getStats
    /// One JSON object with `PeerConnections`/`peerConnections`: webrtc-internals or
    /// rtcstats v0, told apart once the whole object is read.
    case chromeDump
    /// `RTCStatsDump` header: rtcstats file format 3.
    case rtcstats
    /// `[method, pcId, value, time]` lines, or a fileFormat 1/2 header line.
    case rtcstatsLegacy
    /// Not something rtcstats reads; the message says what it is.
    case rejected(String)
  }

  /// Looks at `prefix`, the first bytes of the (decompressed) stream.
  ///
  /// - Parameter isComplete: Whether `prefix` is the whole stream.
  static func detect(_ prefix: UnsafeRawBufferPointer, isComplete: Bool) -> Detection {
    let bytes = prefix.bindMemory(to: UInt8.self)
    var index = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    if bytes.count >= 2,
      (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
    {
      return .rejected(
        "the file is UTF-16 text; rtcstats reads UTF-8 (convert it with iconv -f UTF-16 -t UTF-8)")
    }
    if bytes.count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[2] != 0, bytes[3] == 0 {
      return .rejected("the file looks like UTF-16LE text without a byte order mark; rtcstats reads UTF-8")
    }
    if bytes.count >= 4, bytes[0] == 0, bytes[1] != 0, bytes[2] == 0, bytes[3] != 0 {
      return .rejected("the file looks like UTF-16BE text without a byte order mark; rtcstats reads UTF-8")
    }
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    guard index < bytes.count else {
      return .rejected(bytes.isEmpty ? "the file is empty" : "the file contains only whitespace")
    }
    let rest = UnsafeRawBufferPointer(rebasing: prefix[index...])
    if startsWith(rest, "RTCStatsDump") { return .rtcstats }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return detectObject(rest)
    case UInt8(ascii: "["):
      return detectArray(rest)
    default:
      return .rejected(describeNonJSON(rest))
    }
  }

  private static func startsWith(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    for offset in 0..<count where bytes[offset] != text.utf8Start[offset] { return false }
    return true
  }

  /// The top-level members visible in the prefix decide.
  private static func detectObject(_ bytes: UnsafeRawBufferPointer) -> Detection {
    var reader = JSONReader(bytes)
    var names: [String] = []
    do throws(JSONError) {
      var object = try reader.beginObject()
      while let key = try reader.nextKey(in: &object) {
        names.append(key.decoded())
        if names.count > 64 { break }
        try reader.skipValue()
      }
    } catch {
      // The prefix may end inside a member; decide with the names seen so far.
    }
    let set = Set(names)
    if set.contains("PeerConnections") || set.contains("peerConnections")
      || (set.contains("getUserMedia") && (set.contains("UserAgent") || set.contains("userAgent")))
      || names.first == "getUserMedia" || names.first == "deviceMemory"
    {
      return .chromeDump
    }
    if set.contains("statsSessionId") {
      return .rejected(
        "this is a Jitsi server-side stats dump (statsSessionId/stats-entry objects from Videobridge, Jicofo or Jigasi), not WebRTC getStats data"
      )
    }
    if set.contains("fileFormat") && !set.contains("type") { return .rtcstatsLegacy }
    return .getStats
  }

  private static func detectArray(_ bytes: UnsafeRawBufferPointer) -> Detection {
    var reader = JSONReader(bytes)
    do throws(JSONError) {
      var array = try reader.beginArray()
      guard try reader.nextElement(in: &array) else { return .getStats }
      if try reader.peekKind() == .string {
        // `["connectionInfo", null, {…}, 1697705841941]`: an rtcstats event line. A snapshot
        // entry would be `[["id", {…}], …]`, one level deeper.
        return .rtcstatsLegacy
      }
    } catch {
      return .getStats
    }
    return .getStats
  }

  private static func describeNonJSON(_ bytes: UnsafeRawBufferPointer) -> String {
    let sample = bytes.prefix(64)
    let printable = sample.allSatisfy {
      ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 >= 0x80
    }
    if !printable || sample.contains(0) {
      return
        "binary data, not a JSON stats dump (first bytes: \(sample.prefix(8).map { hex($0) }.joined(separator: " ")))"
    }
    let line = String(decoding: sample.prefix { $0 != 0x0A && $0 != 0x0D }.prefix(40), as: UTF8.self)
    return "not JSON: the file starts with \"\(line)\""
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }
}
