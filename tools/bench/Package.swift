// swift-tools-version:6.0
import PackageDescription

// Benchmarks: a separate package so `swift test` in the main package never builds them.
// Run with `swift run -c release --package-path tools/bench manifestkit-bench --help`.
let package = Package(
  name: "ManifestKitBench",
  dependencies: [.package(name: "ManifestKit", path: "../..")],
  targets: [
    .executableTarget(
      name: "manifestkit-bench",
      dependencies: [
        .product(name: "ManifestCore", package: "ManifestKit"),
        .product(name: "HLS", package: "ManifestKit"),
        .product(name: "SCTE35", package: "ManifestKit"),
        .product(name: "AdInsertion", package: "ManifestKit"),
        .product(name: "Audit", package: "ManifestKit"),
        .product(name: "Subtitles", package: "ManifestKit"),
        .product(name: "TTML", package: "ManifestKit"),
        .product(name: "Thumbnails", package: "ManifestKit"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
