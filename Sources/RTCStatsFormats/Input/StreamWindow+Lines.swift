extension StreamWindow {
  /// Consumes the bytes up to and including the next newline, or to the end of the stream,
  /// reading more as needed.
  ///
  /// The skipped bytes are dropped as they are passed, so a long
  /// line costs no memory.
  mutating func skipLine(from source: inout some ByteSource) throws(DumpError) {
    while true {
      let bytes = unread
      if let base = bytes.baseAddress, let found = System.firstByte(0x0A, in: base, count: bytes.count) {
        consume(base.distance(to: found) + 1)
        return
      }
      consume(bytes.count)
      guard try fill(from: &source) else { return }
    }
  }

  /// Whether the next line that is not blank is one whole JSON value, judged without
  /// consuming it (whitespace before it is consumed).
  ///
  /// Looks at most ``initialSize`` bytes
  /// ahead: a longer line is not taken for a line of a JSON-lines log.
  mutating func nextLineIsOneValue(from source: inout some ByteSource) throws(DumpError) -> Bool {
    guard try peekByte(from: &source) != nil else { return false }
    var length: Int?
    while length == nil {
      let bytes = unread
      if let base = bytes.baseAddress, let found = System.firstByte(0x0A, in: base, count: bytes.count) {
        length = base.distance(to: found)
      } else if isAtEndOfStream {
        length = bytes.count
      } else if bytes.count >= Self.initialSize {
        return false
      } else if try !fill(from: &source) {
        return false
      }
    }
    guard let length, let base = unread.baseAddress else { return false }
    var reader = JSONReader(base: base.assumingMemoryBound(to: UInt8.self), count: length)
    do throws(JSONError) {
      try reader.skipValue()
      return reader.isAtEnd()
    } catch {
      return false
    }
  }
}
