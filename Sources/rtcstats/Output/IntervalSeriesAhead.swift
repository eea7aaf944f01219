import Dispatch
import Synchronization

/// Writes the interval arrays of one document ahead of it, on every core.
///
/// The arrays (``IntervalSeries/all(of:)``, in document order) are cut into pieces of at most
/// ``pieceRows`` sources (timeline positions, or MOS intervals). When the document reaches a
/// piece not yet written, the next pieces up to ``batchRows`` sources are written at once,
/// each core taking the next piece until none is left, so a short array (a transport's, a MOS
/// score's) is written beside the pieces of a long one rather than alone, and finding a
/// stream's rows in the timeline is shared between the cores too. The document then appends
/// the pieces of each array where it stands; the text is that of writing its rows one by one.
///
/// An array of the same stream as the array before it (a video track of one layer: the
/// layer's and the track's arrays are the same rows) is the same text: it is kept from the
/// first and appended again, when at 512 bytes a source it would take at most
/// ``repeatLimit``; a longer one is written again.
///
/// Memory: the text of one batch (about 1.5 MB), plus a kept array (at most ``repeatLimit``).
final class IntervalSeriesAhead {
  /// The most sources in one piece.
  static let pieceRows = 512
  /// The sources written per batch.
  static let batchRows = 4096
  /// The fewest rows (``IntervalSeries/estimatedRows(of:)``) worth writing ahead: below it the
  /// arrays are written in place, on one core.
  static let minimumRows = 4096
  /// The most text kept for an array that is appended again (32 MB: a call of about 65,000
  /// polls).
  static let repeatLimit = 32 << 20

  private let series: [IntervalSeries]
  /// The pieces of every array in document order, and where each array's pieces start.
  private let pieces: [(series: Int, rows: Range<Int>)]
  private let firstPiece: [Int]
  /// Per array: whether its text is the one of the array before it (the same stream), kept
  /// rather than written again.
  private let isRepeat: [Bool]
  private let cores: Int
  /// The next array the document takes.
  private var next = 0
  /// The pieces written and not yet taken, from `readyStart`.
  private var ready: [[UInt8]] = []
  private var readyStart = 0
  /// The text of the array taken last when the next one repeats it.
  private var kept: [[UInt8]] = []
  /// Whether an array was asked for out of the planned order.
  private var missed = false

  /// Whether the document took every array planned, in order.
  var tookEveryArray: Bool { next == series.count && !missed }

  /// A writer for `series` on `cores` cores.
  init(series: [IntervalSeries], cores: Int) {
    self.series = series
    self.cores = max(cores, 1)
    var pieces: [(series: Int, rows: Range<Int>)] = []
    var firstPiece: [Int] = []
    var isRepeat: [Bool] = []
    for (index, array) in series.enumerated() {
      firstPiece.append(pieces.count)
      let previous = index > 0 ? series[index - 1] : nil
      isRepeat.append(
        array.stream != nil && previous?.stream == array.stream && array.count * 512 <= Self.repeatLimit)
      for start in stride(from: 0, to: array.count, by: Self.pieceRows) {
        pieces.append((index, start..<min(start + Self.pieceRows, array.count)))
      }
    }
    firstPiece.append(pieces.count)
    self.pieces = pieces
    self.firstPiece = firstPiece
    self.isRepeat = isRepeat
  }

  /// Appends the elements of the array at `place` to the array open in `writer`, when it is
  /// the next one planned.
  ///
  /// Returns whether it did. When it is not the next one, nothing is written, and every later
  /// array is left to the caller too.
  func take(_ place: IntervalSeries.Place, into writer: inout JSONWriter) -> Bool {
    guard next < series.count, series[next].place == place else {
      next = series.count
      missed = true
      return false
    }
    let index = next
    next += 1
    if isRepeat[index] {
      for text in kept { writer.elements(text) }
      if next == series.count || !isRepeat[next] { kept = [] }
      return true
    }
    let keeps = next < series.count && isRepeat[next]
    for piece in firstPiece[index]..<firstPiece[index + 1] {
      let text = take(piece: piece)
      writer.elements(text)
      if keeps { kept.append(text) }
    }
    return true
  }

  /// The text of `piece`, written with the next batch when it is not yet.
  private func take(piece: Int) -> [UInt8] {
    if piece < readyStart || piece >= readyStart + ready.count { writeBatch(from: piece) }
    defer { ready[piece - readyStart] = [] }
    return ready[piece - readyStart]
  }

  /// Writes the pieces from `first` on, up to ``batchRows`` rows, on every core (the pieces of
  /// a repeated array are not written: its text is kept).
  private func writeBatch(from first: Int) {
    var batch: [Int] = []
    var rows = 0
    var end = first
    while end < pieces.count, rows < Self.batchRows {
      if !isRepeat[pieces[end].series] {
        batch.append(end)
        rows += pieces[end].rows.count
      }
      end += 1
    }
    let claims = batch
    let texts = Mutex([[UInt8]](repeating: [], count: end - first))
    let claimed = Atomic<Int>(0)
    let series = self.series
    let pieces = self.pieces
    DispatchQueue.concurrentPerform(iterations: min(cores, claims.count)) { _ in
      while true {
        let claim = claimed.add(1, ordering: .relaxed).oldValue
        guard claim < claims.count else { return }
        let piece = pieces[claims[claim]]
        var writer = JSONWriter(capacity: piece.rows.count * 384)
        series[piece.series].write(piece.rows, &writer)
        let text = writer.bytes
        texts.withLock { $0[claims[claim] - first] = text }
      }
    }
    ready = texts.withLock { $0 }
    readyStart = first
  }
}
