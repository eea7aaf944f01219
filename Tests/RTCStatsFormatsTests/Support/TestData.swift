import Foundation
import RTCStatsCore
import RTCStatsFormats

/// Paths of test inputs: the repository's Samples/ (always there) and ../shared (skipped
/// when absent, as on a clean clone elsewhere).
enum TestData {
  /// The package root, three levels above this file.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let samples = packageRoot.appendingPathComponent("Samples")
  static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

  /// Whether ../shared is present.
  static var isSharedAvailable: Bool {
    FileManager.default.fileExists(atPath: shared.appendingPathComponent("capture/out").path)
  }

  static func sample(_ relative: String) -> String {
    samples.appendingPathComponent(relative).path
  }

  static func sharedPath(_ relative: String) -> String {
    shared.appendingPathComponent(relative).path
  }

  /// The decompressed bytes of the gzip file at `path`, through the production
  /// `GzipByteSource`.
  static func gunzip(_ path: String) throws -> [UInt8] {
    let file = try FileByteSource(path: path)
    defer { file.close() }
    var gzip = try GzipByteSource(file)
    defer { gzip.close() }
    var bytes: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { buffer.deallocate() }
    while case let count = try gzip.read(into: buffer), count > 0 {
      bytes.append(contentsOf: buffer[..<count])
    }
    return bytes
  }

  /// Reads and analyses a dump with the production reader and engine.
  static func analyze(_ path: String) throws -> (DumpInfo, CallAnalysis) {
    var analyzer = CallAnalyzer()
    let info = try DumpReader.read(path: path, into: &analyzer)
    return (info, analyzer.analysis())
  }
}
