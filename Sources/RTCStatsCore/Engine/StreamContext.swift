/// What a stream reads from other stats objects of the same report.
struct StreamContext {
  /// The `codec` object `codecId` points at.
  var codec: CodecInfo?
  /// The receiver report for an outbound stream.
  var remoteInbound: RemoteInboundState?
  /// `media-source.audioLevel` for an outbound audio stream.
  var sourceAudioLevel: Double?
  /// `trackIdentifier` of the sender's media source (outbound).
  var trackIdentifier: String?
}
