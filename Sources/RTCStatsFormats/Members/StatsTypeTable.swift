import RTCStatsCore

/// Maps `type` values, as raw bytes, to ``StatsType`` and a shared `String` of the name,
/// so that the type of every stats object costs a hash and no string comparison chain.
///
/// Besides the W3C names Core knows (`StatsType.init(name:)`), it maps the pre-standard
/// spellings Chrome and Firefox wrote before 2018, so that Core only ever sees W3C types;
/// the dump's spelling is kept as the type name.
struct StatsTypeTable: Sendable {
  private let table: ByteNameTable<Known>

  /// A known type and its name as written (an alias keeps its own spelling).
  struct Known: Sendable {
    var type: StatsType
    var name: String
  }

  /// Pre-standard spellings and the W3C types they mean.
  static let aliases: [(name: String, type: StatsType)] = [
    ("inboundrtp", .inboundRTP), ("outboundrtp", .outboundRTP), ("candidatepair", .candidatePair),
    ("localcandidate", .localCandidate), ("remotecandidate", .remoteCandidate),
    ("datachannel", .dataChannel),
  ]

  static let standard = StatsTypeTable()

  private init() {
    var pairs: [(name: String, value: Known)] = StatsType.allCases.filter { $0 != .other }.map {
      ($0.name, Known(type: $0, name: $0.name))
    }
    for alias in Self.aliases { pairs.append((alias.name, Known(type: alias.type, name: alias.name))) }
    table = ByteNameTable(pairs)
  }

  /// The position of a `type` token's name in the table (for ``known(at:)`` and
  /// ``consume(_:from:)``); `nil` for names that are not stats types.
  func index(of token: JSONKey) -> Int? {
    guard !token.hasEscapes else { return nil }
    return table.index(token.start, token.count)
  }

  /// The type and its name at a position ``index(of:)`` gave.
  @inline(__always)
  func known(at index: Int) -> (type: StatsType, name: String) {
    let known = table.value(at: index)
    return (known.type, known.name)
  }

  /// Whether the string value under the reader's cursor is exactly the name at `index`,
  /// consumed when it is: a type predicted from the last object in the same place is
  /// checked with one comparison instead of being scanned and hashed. (Type names are
  /// lowercase letters and hyphens, as ``ByteNameTable/consume(_:from:)`` needs.)
  @inline(__always)
  func consume(_ index: Int, from reader: inout JSONReader) -> Bool {
    table.consume(index, from: &reader)
  }

  /// The type a `type` value names, W3C or pre-standard; `nil` for anything else.
  func type(named name: String) -> StatsType? {
    table.lookup(name)?.type
  }
}

extension StatsType {
  /// The type a dump's `type` value names, accepting the pre-standard spellings
  /// (``StatsTypeTable/aliases``); `nil` for anything else.
  init?(dumpName name: String) {
    guard let type = StatsTypeTable.standard.type(named: name) else { return nil }
    self = type
  }
}
