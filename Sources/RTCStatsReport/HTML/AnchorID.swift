/// The id of an element of the page, safe as an `id` and in `href="#…"`.
///
/// Built from any strings (peer connection ids, track identifiers, finding codes): each
/// component is lowercased and reduced to `a`–`z`, `0`–`9`, `-` (anything else becomes `-`)
/// and cut at 48 bytes. When that changed a component, a hash of the original components is
/// appended, so that `PC_0` and `pc-0` still get different ids. The result always starts with
/// a letter and is the same on every run.
///
/// ```swift
/// AnchorID("track", "PC_0", "{6a2e…}")   // track-pc-0-6a2e-…-h1f3c29ab
/// ```
public struct AnchorID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The sanitised id.
  public let value: String

  private static let maximumComponentLength = 48

  /// Creates an id from components joined by `-`.
  public init(_ components: String...) {
    self.init(components: components)
  }

  /// Creates an id from components joined by `-`.
  public init(components: [String]) {
    var parts: [String] = []
    var changed = false
    for component in components {
      let clean = AnchorID.sanitise(component)
      changed = changed || clean != component
      if !clean.isEmpty { parts.append(clean) }
    }
    var joined = parts.joined(separator: "-")
    if joined.first.map({ !$0.isLetter }) ?? true {
      joined = "a" + (joined.isEmpty ? "" : "-" + joined)
    }
    if changed {
      joined += "-h" + AnchorID.hashText(components.joined(separator: "\u{1F}"))
    }
    value = joined
  }

  /// The id.
  public var description: String { value }

  /// Ordered by value.
  public static func < (lhs: AnchorID, rhs: AnchorID) -> Bool { lhs.value < rhs.value }

  /// `component` reduced to lowercase letters, digits and single dashes, at most 48 bytes.
  private static func sanitise(_ component: String) -> String {
    var bytes: [UInt8] = []
    for byte in component.utf8 {
      guard bytes.count < maximumComponentLength else { break }
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        bytes.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        bytes.append(byte + 32)
      default:
        if let last = bytes.last, last != UInt8(ascii: "-") { bytes.append(UInt8(ascii: "-")) }
      }
    }
    while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// FNV-1a (32 bits) of the UTF-8 bytes, eight lowercase hex digits.
  private static func hashText(_ text: String) -> String {
    var hash: UInt32 = 0x811C_9DC5
    for byte in text.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }
}
