import Testing

@testable import rtcstats

/// Interval arrays written ahead of the document on every core are the text of writing them in
/// place, row by row.
@Suite struct IntervalSeriesAheadTests {
  /// A series of `count` rows `{"s":…,"r":row}`: `"s"` is the stream when given (the arrays
  /// of one stream are the same text), else the series' index.
  static func series(_ index: Int, count: Int, stream: Int? = nil) -> IntervalSeries {
    IntervalSeries(place: .track(connection: 0, track: index), count: count, stream: stream) { rows, writer in
      for row in rows {
        writer.beginObject()
        writer.member("s", stream ?? index)
        writer.member("r", row)
        writer.endObject()
      }
    }
  }

  /// `"intervals":[…]` per series, written in place or taken from `ahead`.
  static func document(_ series: [IntervalSeries], ahead: IntervalSeriesAhead?) -> String {
    var writer = JSONWriter()
    writer.beginArray()
    for array in series {
      writer.beginArray()
      if ahead?.take(array.place, into: &writer) != true { array.writeAll(into: &writer) }
      writer.endArray()
    }
    writer.endArray()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Empty arrays, arrays of one piece and of a piece plus one row, arrays longer than a batch,
  /// a stream's array repeated twice after it, and a repeat too long to keep, on one to four
  /// cores.
  @Test(arguments: [1, 2, 4])
  func piecesAndBatchesKeepTheOrder(cores: Int) {
    let piece = IntervalSeriesAhead.pieceRows
    let batch = IntervalSeriesAhead.batchRows
    let longest = IntervalSeriesAhead.repeatLimit / 512 + 1
    let counts: [(Int, Int?)] = [
      (0, nil), (1, nil), (piece - 1, nil), (piece, nil), (piece + 1, nil), (0, nil), (3 * batch + 7, 3),
      (3 * batch + 7, 3), (3 * batch + 7, 3), (17, 4), (5, 5), (5, 6), (longest, 7), (longest, 7), (2, nil),
    ]
    let series = counts.enumerated().map { Self.series($0.offset, count: $0.element.0, stream: $0.element.1) }
    let inPlace = Self.document(series, ahead: nil)
    let ahead = Self.document(series, ahead: IntervalSeriesAhead(series: series, cores: cores))
    let same = ahead == inPlace
    #expect(
      same,
      "\(ahead.count) and \(inPlace.count) bytes, apart from \(zip(ahead.utf8, inPlace.utf8).prefix { $0 == $1 }.count)"
    )
  }

  /// An array that is not the next one planned is left to the caller, and so is every later one.
  @Test func anUnplannedArrayIsLeftToTheCaller() {
    let series = (0..<4).map { Self.series($0, count: 600) }
    let ahead = IntervalSeriesAhead(series: series, cores: 2)
    var writer = JSONWriter()
    writer.beginArray()
    #expect(ahead.take(series[0].place, into: &writer))
    #expect(!ahead.take(series[2].place, into: &writer))
    #expect(!ahead.take(series[1].place, into: &writer))
    #expect(!ahead.take(series[3].place, into: &writer))
    writer.endArray()
    var plain = JSONWriter()
    plain.beginArray()
    series[0].writeAll(into: &plain)
    plain.endArray()
    #expect(writer.bytes == plain.bytes)
  }

  /// Every Sample's JSON document (transport, layers, MOS and track arrays, several peer
  /// connections, simulcast) is the same with its arrays written ahead on two cores as
  /// written in place.
  @Test func sampleDocumentsAreTheSameWrittenAhead() throws {
    var compared = 0
    for path in BatchTests.sampleDumps {
      let (file, _) = FileAnalyzer.analyze(path: path)
      guard case .success(let success) = file.outcome else { continue }
      let inPlace = Self.encoded(file, encoder: AnalysisJSONEncoder(aheadMinimumRows: .max))
      let encoder = AnalysisJSONEncoder(aheadMinimumRows: 0, cores: 2).writingAhead(success.analysis)
      let ahead = Self.encoded(file, encoder: encoder)
      let same = ahead == inPlace
      #expect(same, "\(path)")
      // The plan lists the arrays in the order the document writes them.
      #expect(encoder.ahead?.tookEveryArray == true, "\(path)")
      if IntervalSeries.all(of: success.analysis).count > 1 { compared += 1 }
    }
    #expect(compared >= 20)
  }

  static func encoded(_ file: FileAnalysis, encoder: AnalysisJSONEncoder) -> [UInt8] {
    var writer = JSONWriter()
    encoder.encode(file, into: &writer)
    return writer.bytes
  }
}
