/// One dump of a call, analysed: what ``CallLinker`` links with the call's other dumps.
///
/// Each dump has its own clock (it may come from another machine); the peer connections of
/// one dump share it.
public struct CallDump: Sendable {
  /// How the user named the dump (a path), for the output.
  public var source: String
  /// The dialect's identifier (`getstats-log`, `webrtc-internals`, …).
  public var format: String
  /// The engine's analysis, with every timeline row kept.
  public var analysis: CallAnalysis

  /// Creates a dump.
  public init(source: String, format: String, analysis: CallAnalysis) {
    self.source = source
    self.format = format
    self.analysis = analysis
  }
}
