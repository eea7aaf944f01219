import RTCStatsCore

/// Maps `type` values, as raw bytes, to ``StatsType`` and a shared `String` of the name,
/// so that the type of every stats object costs a hash and no string comparison chain.
struct StatsTypeTable {
  private struct Entry {
    var name: [UInt8]
    var hash: UInt64
    var type: StatsType
    var string: String
  }

  private var entries: [Entry] = []
  private var slots: [Int8]
  private let mask = 127

  static let standard = StatsTypeTable()

  private init() {
    slots = Array(repeating: -1, count: 128)
    let aliases = [
      "inboundrtp", "outboundrtp", "candidatepair", "localcandidate", "remotecandidate", "datachannel",
    ]
    let names = StatsType.allCases.filter { $0 != .other }.map(\.name) + aliases
    for name in names {
      guard let type = StatsType(name: name) else { continue }
      let bytes = Array(name.utf8)
      let hash = bytes.withUnsafeBufferPointer { fnv1a($0.baseAddress.unsafelyUnwrapped, $0.count) }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int8(entries.count)
      entries.append(Entry(name: bytes, hash: hash, type: type, string: name))
    }
  }

  /// The type and its name for a `type` token; `nil` for names that are not W3C types.
  func lookup(_ token: JSONKey) -> (type: StatsType, name: String)? {
    guard !token.hasEscapes, token.count > 0, token.count <= 24 else { return nil }
    let hash = fnv1a(token.start, token.count)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      let entry = entries[index]
      if entry.hash == hash && entry.name.count == token.count {
        let equal = entry.name.withUnsafeBufferPointer {
          bytesEqual($0.baseAddress.unsafelyUnwrapped, token.start, token.count)
        }
        if equal { return (entry.type, entry.string) }
      }
      slot = (slot &+ 1) & mask
    }
  }
}
