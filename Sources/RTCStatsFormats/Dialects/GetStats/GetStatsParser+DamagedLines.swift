extension GetStatsParser {
  /// After the unit that started at stream position `unitStart` failed with `error`: skips
  /// the rest of its line and notes it as damaged (``DamagedLines``), or rethrows the error
  /// when it is not damage that can be skipped.
  ///
  /// What the line's members noted before the
  /// failure (members of the wrong type, tally `ignoredBefore`) is forgotten with it.
  ///
  /// Not skipped: a dump that is not JSON lines (a pretty-printed document keeps its exact
  /// error), a cut at the very end of the stream (a truncation, analysed up to the cut),
  /// data beyond a reader limit, and input that cannot be read or decompressed.
  mutating func skipDamagedLine(
    after error: DumpError, unitStart: Int, ignoredBefore: (count: Int, first: String?),
    window: inout StreamWindow, source: inout some ByteSource
  ) throws(DumpError) {
    switch error.reason {
    case .invalid where error.category == .data: break
    case .truncated where chunkEndsBeforeStreamEnd: break
    default: throw error
    }
    let line = window.lineAndColumn(ofUnreadOffset: unitStart - window.position).line
    let startsLine = isJSONLines == nil
    if startsLine {
      // The first value failed: the dump is JSON lines if the line after it is one value.
      try window.skipLine(from: &source)
      guard try window.nextLineIsOneValue(from: &source) else { throw error }
      isJSONLines = true
    } else {
      guard isJSONLines == true else { throw error }
      try window.skipLine(from: &source)
    }
    ignoredMembers.restore(ignoredBefore)
    damaged.note(line: line, error: error)
  }
}
