import Dispatch
import RTCStatsCore
import Synchronization

extension AnalysisJSONEncoder {
  /// Rows written per window: each window is split between the cores, written into pieces
  /// and appended in order, so a long series is written on every core while the memory held
  /// stays a window's text (about 1.5 MB).
  static let intervalWindow = 4096

  /// Writes the interval objects of `rows` as elements of the array open in `writer`, in
  /// order: on every core when there are many (the text is the same as writing them one by
  /// one), else directly.
  static func encodeIntervals<Row: Sendable>(
    _ rows: [Row], into writer: inout JSONWriter, encode: @Sendable (Row, inout JSONWriter) -> Void
  ) {
    let parts = min(System.processorCount, 8)
    guard parts > 1, rows.count >= intervalWindow else {
      for row in rows { encode(row, &writer) }
      return
    }
    for start in stride(from: 0, to: rows.count, by: intervalWindow) {
      let window = rows[start..<min(start + intervalWindow, rows.count)]
      let share = (window.count + parts - 1) / parts
      let pieces = Mutex([[UInt8]](repeating: [], count: parts))
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        let from = window.startIndex + part * share
        let to = min(from + share, window.endIndex)
        guard from < to else { return }
        var piece = JSONWriter(capacity: (to - from) * 512)
        for row in window[from..<to] { encode(row, &piece) }
        let bytes = piece.bytes
        pieces.withLock { $0[part] = bytes }
      }
      for piece in pieces.withLock({ $0 }) { writer.elements(piece) }
    }
  }
}
