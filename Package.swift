// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "rtcstats",
  products: [
    .executable(name: "rtcstats", targets: ["rtcstats"]),
    .library(name: "RTCStatsCore", targets: ["RTCStatsCore"]),
    .library(name: "RTCStatsFormats", targets: ["RTCStatsFormats"]),
    .library(name: "RTCStatsReport", targets: ["RTCStatsReport"]),
  ],
  targets: [
    .target(name: "RTCStatsCore"),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CMalloc"),
    .systemLibrary(name: "CByteScan"),
    .target(name: "RTCStatsFormats", dependencies: ["RTCStatsCore", "CZlib", "CMalloc", "CByteScan"]),
    .executableTarget(name: "rtcstats", dependencies: ["RTCStatsCore", "RTCStatsFormats", "RTCStatsReport"]),
    .target(name: "RTCStatsReport", dependencies: ["RTCStatsCore"]),
    // Writes the demo reports that `make browser-test` renders in headless Chromium.
    .executableTarget(
      name: "ReportDemo", dependencies: ["RTCStatsReport", "RTCStatsCore"], path: "Tests/Browser/ReportDemo"
    ),
    .testTarget(name: "RTCStatsCoreTests", dependencies: ["RTCStatsCore"]),
    .testTarget(
      name: "RTCStatsFormatsTests",
      dependencies: ["RTCStatsFormats", "RTCStatsCore"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "RTCStatsReportTests", dependencies: ["RTCStatsReport", "RTCStatsCore", "ReportDemo"]
    ),
    .testTarget(
      name: "rtcstatsTests", dependencies: ["rtcstats", "RTCStatsFormats", "RTCStatsCore"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
  target.swiftSettings = settings
}
