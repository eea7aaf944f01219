// Writes the demo reports that `make browser-test` renders: `ReportDemo OUTPUT-FOLDER`.
import Foundation
import RTCStatsReport

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: ReportDemo OUTPUT-FOLDER\n".utf8))
  exit(64)
}
let folder = URL(fileURLWithPath: arguments[1], isDirectory: true)
do {
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  for (name, document) in DemoReports.all {
    let bytes = HTMLReport.renderBytes(document)
    try Data(bytes).write(to: folder.appendingPathComponent(name + ".html"))
    print("\(name).html \(bytes.count) bytes")
  }
} catch {
  FileHandle.standardError.write(Data("ReportDemo: \(folder.path): \(error)\n".utf8))
  exit(74)
}
