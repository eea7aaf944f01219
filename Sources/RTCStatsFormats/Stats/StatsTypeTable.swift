import RTCStatsCore

/// Maps `type` values, as raw bytes, to ``StatsType`` and a shared `String` of the name,
/// so that the type of every stats object costs a hash and no string comparison chain.
struct StatsTypeTable: Sendable {
  private let table: ByteNameTable<Known>

  /// A known type and its name as written (an alias keeps its own spelling).
  struct Known: Sendable {
    var type: StatsType
    var name: String
  }

  static let standard = StatsTypeTable()

  private init() {
    let aliases = [
      "inboundrtp", "outboundrtp", "candidatepair", "localcandidate", "remotecandidate", "datachannel",
    ]
    let names = StatsType.allCases.filter { $0 != .other }.map(\.name) + aliases
    table = ByteNameTable(
      names.compactMap { name in StatsType(name: name).map { (name, Known(type: $0, name: name)) } })
  }

  /// The type and its name for a `type` token; `nil` for names that are not W3C types.
  func lookup(_ token: JSONKey) -> (type: StatsType, name: String)? {
    guard !token.hasEscapes, let known = table.lookup(token.start, token.count) else { return nil }
    return (known.type, known.name)
  }
}
