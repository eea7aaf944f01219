/// What the metadata of an rtcstats dump says about the client: the header object of file
/// format 2/3, the `connectionInfo` line of jitsi dumps, or the `create` line without
/// connection.
struct RTCStatsMetadata {
  var userAgent: String?
  /// jitsi's `statsFormat` claim (`chrome_standard`, `chrome_legacy`, `firefox`, `safari`).
  var statsFormat: String?
  var clientProtocol: String?
  var fileFormat: Int?
  var url: String?

  /// Reads the members it knows from a metadata object; members already known are kept.
  mutating func read(_ value: JSONValue) {
    guard case .object = value else { return }
    if userAgent == nil { userAgent = value["userAgent"]?.stringValue }
    if statsFormat == nil { statsFormat = value["statsFormat"]?.stringValue }
    if clientProtocol == nil { clientProtocol = value["clientProtocol"]?.stringValue }
    if fileFormat == nil, let format = value["fileFormat"]?.doubleValue,
      format >= 0, format < 1000
    {
      fileFormat = Int(format)
    }
    if url == nil { url = value["url"]?.stringValue }
    if userAgent == nil, let data = value["userAgentData"] {
      userAgent = Self.describe(userAgentData: data)
    }
  }

  /// Reads a metadata object that was written as a JSON string (a double-encoded
  /// `connectionInfo`).
  mutating func read(jsonText: String) {
    guard let value = try? JSONValue.parse(jsonText) else { return }
    read(value)
  }

  /// A user agent description from `navigator.userAgentData` (Chrome's own export has no
  /// `userAgent` string): the most specific brand with its major version and the platform,
  /// for example `Google Chrome/144 (Linux)`.
  static func describe(userAgentData: JSONValue) -> String? {
    guard let brands = userAgentData["brands"]?.arrayValue else { return nil }
    var best: (name: String, version: String, rank: Int)?
    for brand in brands {
      guard let name = brand["brand"]?.stringValue, let version = brand["version"]?.stringValue,
        !name.contains("Not")
      else { continue }
      let rank = name == "Chromium" ? 0 : 1
      if best.map({ rank > $0.rank }) ?? true { best = (name, version, rank) }
    }
    guard let best else { return nil }
    let platform = userAgentData["platform"]?.stringValue
    let mobile = userAgentData["mobile"] == .bool(true) ? ", mobile" : ""
    return "\(best.name)/\(best.version)" + (platform.map { " (\($0)\(mobile))" } ?? "")
  }

  /// Copies what is known into the dump info.
  func apply(to info: inout DumpInfo) {
    if info.userAgent == nil { info.userAgent = userAgent }
    if let clientProtocol { info.addDetail("client protocol \(clientProtocol)") }
  }
}
