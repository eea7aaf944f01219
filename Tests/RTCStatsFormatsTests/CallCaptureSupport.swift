import Foundation
import RTCStatsCore
import RTCStatsFormats

/// What the call-view tests know about the real captures, read independently of the linker:
/// the raw W3C objects of the JSON-lines dumps (with Foundation), and `truth.json`.
enum CallCapture {
  /// The four SFU scenarios (Chromium, Janus).
  static let sfuScenarios = ["sfu-basic", "sfu-uplink-loss", "sfu-downlink-loss", "sfu-simulcast"]

  /// The P2P scenarios of a capture folder (`capture/out` or `capture/out-firefox`): every one
  /// with a sender and a receiver dump.
  static func p2pScenarios(_ folder: String) -> [String] {
    let root = TestData.sharedPath(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return names.filter { FileManager.default.fileExists(atPath: root + "/" + $0 + "/receiver.jsonl") }
      .sorted()
  }

  /// A dump read with the production reader and engine, named `name`.
  static func dump(_ path: String, name: String) throws -> CallDump {
    let (info, analysis) = try TestData.analyze(path)
    return CallDump(source: name, format: info.format.rawValue, analysis: analysis)
  }

  /// One RTP stats object of a raw JSON-lines dump.
  struct RawStream: Hashable {
    var connection: String
    var type: String
    var kind: String
    var ssrc: UInt32
  }

  /// Every `inbound-rtp`/`outbound-rtp` of a JSON-lines dump: W3C arrays (connection `PC_0`)
  /// or `{connectionId, jsonArrayOfReports}` wrappers.
  static func rawStreams(_ path: String) throws -> Set<RawStream> {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var result: Set<RawStream> = []
    for line in text.split(separator: "\n") {
      let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
      var connection = "PC_0"
      var objects = value as? [[String: Any]] ?? []
      if let wrapper = value as? [String: Any], let reports = wrapper["jsonArrayOfReports"] as? String {
        connection = wrapper["connectionId"] as? String ?? connection
        objects = try JSONSerialization.jsonObject(with: Data(reports.utf8)) as? [[String: Any]] ?? []
      }
      for object in objects {
        guard let type = object["type"] as? String, type == "inbound-rtp" || type == "outbound-rtp",
          let kind = object["kind"] as? String, let ssrc = object["ssrc"] as? NSNumber
        else { continue }
        result.insert(RawStream(connection: connection, type: type, kind: kind, ssrc: ssrc.uint32Value))
      }
    }
    return result
  }

  /// A scenario's `truth.json`.
  static func truth(_ scenario: String) throws -> [String: Any] {
    let data = try Data(
      contentsOf: URL(fileURLWithPath: TestData.sharedPath("capture/out/\(scenario)/truth.json")))
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  /// The impairment window of a scenario, ms since the epoch.
  static func impairmentWindow(_ truth: [String: Any]) -> ClosedRange<Double>? {
    guard let network = truth["network"] as? [String: Any],
      let window = (network["windows"] as? [[String: Any]])?.first,
      let start = (window["start_s"] as? NSNumber)?.doubleValue,
      let duration = (window["duration_s"] as? NSNumber)?.doubleValue,
      let t0 = (truth["t0_epoch_ms"] as? NSNumber)?.doubleValue
    else { return nil }
    return (t0 + start * 1000)...(t0 + (start + duration) * 1000)
  }

  /// The expected SFU links of a scenario, from its topology: publisher X's file → the
  /// subscriber's connection `sub-x`, for every kind that connection receives.
  static func expectedSFULinks(_ scenario: String) throws -> Set<String> {
    let truth = try truth(scenario)
    let topology = truth["topology"] as? String ?? ""
    let files = (truth["files"] as? [String: Any]).map { Array($0.keys) } ?? []
    let received = try rawStreams(TestData.sharedPath("capture/out/\(scenario)/subscriber.jsonl"))
    var result: Set<String> = []
    for file in files where file.hasPrefix("publisher-") {
      let letter = file.dropFirst("publisher-".count).prefix(1)
      let connection = "sub-" + letter
      guard topology.contains("(\(connection))") else { continue }
      for kind in Set(received.filter { $0.connection == connection }.map(\.kind)) {
        result.insert("\(file)→subscriber.jsonl \(connection) \(kind)")
      }
    }
    return result
  }

  /// Every link of `view` as `publisher source→subscriber source connection kind`.
  static func links(_ view: CallView) -> Set<String> {
    Set(
      view.links.map {
        "\(view.dumps[$0.publisher.dump].source)→\(view.dumps[$0.subscriber.dump].source) "
          + "\($0.subscriber.peerConnection) \($0.kind.rawValue)"
      })
  }
}
