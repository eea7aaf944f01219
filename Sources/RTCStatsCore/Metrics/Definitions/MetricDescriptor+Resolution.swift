extension MetricDescriptor {
  /// Frame width, px: per interval the width at its end; over the call the width of the
  /// resolution held for the longest time.
  ///
  /// A track's is its largest layer's.
  public static let width = MetricDescriptor(
    name: "width", unit: .pixels, inputs: ["frameWidth"],
    formula: "the resolution held for the longest time (the interval series shows every change)",
    scope: .video, merge: .largestLayer, summary: .longestHeld(.frameWidth), precision: .single,
    isCSVColumn: true
  ) { row, _, _ in row[.frameWidth] }

  /// Frame height, px: as ``width``.
  public static let height = MetricDescriptor(
    name: "height", unit: .pixels, inputs: ["frameHeight"],
    formula: "the resolution held for the longest time (the interval series shows every change)",
    scope: .video, merge: .largestLayer, summary: .longestHeld(.frameHeight), precision: .single,
    isCSVColumn: true
  ) { row, _, _ in row[.frameHeight] }
}
