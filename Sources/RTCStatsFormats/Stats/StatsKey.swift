import RTCStatsCore

/// What a member name of a stats object means to the decoder.
enum StatsKey: Equatable {
  case id
  case type
  /// `timestamp`, ms since epoch (µs when > 10¹⁴; see ``TimestampUnit``).
  case timestamp
  /// `timestamp_us` / `timestampUs` of libwebrtc's native bindings.
  case timestampMicroseconds
  case numeric(NumericField)
  case text(TextField)
  /// `qualityLimitationDurations`: an object of seconds per reason.
  case qualityLimitationDurations
  /// `values` / `members`: native SDK wrappers that nest the members one level down.
  case nestedMembers
}

/// Maps member names, as raw bytes, to ``StatsKey``s without building strings.
struct StatsKeyTable {
  private struct Entry {
    var name: [UInt8]
    var hash: UInt64
    var key: StatsKey
  }

  private var slots: [Int16]
  private var entries: [Entry] = []
  private let mask: Int

  /// The table every decoder uses.
  static let standard = StatsKeyTable()

  private init() {
    var names: [(String, StatsKey)] = [
      ("id", .id), ("type", .type), ("timestamp", .timestamp),
      ("timestamp_us", .timestampMicroseconds), ("timestampUs", .timestampMicroseconds),
      ("qualityLimitationDurations", .qualityLimitationDurations),
      ("values", .nestedMembers), ("members", .nestedMembers),
      // Obsolete spellings that mean the same member.
      ("mediaType", .text(.kind)),
    ]
    for field in NumericField.allCases where !field.name.contains(".") {
      names.append((field.name, .numeric(field)))
    }
    for field in TextField.allCases { names.append((field.name, .text(field))) }
    let size = 1024
    slots = Array(repeating: -1, count: size)
    mask = size - 1
    for (name, key) in names {
      let bytes = Array(name.utf8)
      let hash = bytes.withUnsafeBufferPointer { fnv1a($0.baseAddress.unsafelyUnwrapped, $0.count) }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int16(entries.count)
      entries.append(Entry(name: bytes, hash: hash, key: key))
    }
  }

  /// The meaning of a member name, or `nil` for members the engine does not read.
  @inline(__always)
  func lookup(_ start: UnsafePointer<UInt8>, _ count: Int) -> StatsKey? {
    guard count > 0, count <= 48 else { return nil }
    let hash = fnv1a(start, count)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      let entry = entries[index]
      if entry.hash == hash && entry.name.count == count {
        let equal = entry.name.withUnsafeBufferPointer {
          bytesEqual($0.baseAddress.unsafelyUnwrapped, start, count)
        }
        if equal { return entry.key }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// The meaning of a member name given as a `String`.
  func lookup(_ name: String) -> StatsKey? {
    var name = name
    return name.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return nil }
      return lookup(base, buffer.count)
    }
  }

  /// The meaning of a key token (escapes decoded when present).
  @inline(__always)
  func lookup(_ token: JSONKey) -> StatsKey? {
    token.hasEscapes ? lookup(token.decoded()) : lookup(token.start, token.count)
  }
}
