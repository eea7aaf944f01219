// swift-tools-version: 6.0
import PackageDescription

// An app's use of the rtcstats libraries: live Vonage-shaped stats from captured snapshots.
let package = Package(
  name: "LiveStats",
  dependencies: [.package(name: "rtcstats", path: "../..")],
  targets: [
    .executableTarget(
      name: "LiveStats",
      dependencies: [
        .product(name: "RTCStatsCore", package: "rtcstats"),
        .product(name: "RTCStatsFormats", package: "rtcstats"),
      ]),
    // README's "Use as a library" example, verbatim (a test compares the two).
    .executableTarget(
      name: "ReadmeExample",
      dependencies: [
        .product(name: "RTCStatsCore", package: "rtcstats"),
        .product(name: "RTCStatsFormats", package: "rtcstats"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
