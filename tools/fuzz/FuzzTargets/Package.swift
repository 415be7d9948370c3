// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets: a separate package so `swift test` in the main package never builds them.
// Build and run one with `tools/fuzz/run.sh TARGET SECONDS`. It builds with `--sanitize fuzzer`
// (so SwiftPM links libFuzzer's main instead of the target's) and `-Xswiftc
// -sanitize=fuzzer,address`, which instruments the ManifestKit modules too: SwiftPM's own
// `--sanitize fuzzer --sanitize address` hands the compiler only the last of the two.

let package = Package(
  name: "ManifestKitFuzz",
  dependencies: [.package(name: "ManifestKit", path: "../../..")],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "ManifestCore", package: "ManifestKit")]),
    .target(
      name: "SubtitleFuzzing",
      dependencies: ["FuzzSupport", .product(name: "Subtitles", package: "ManifestKit")]),
    .executableTarget(
      name: "fuzz-hls",
      dependencies: [
        "FuzzSupport", .product(name: "ManifestCore", package: "ManifestKit"),
        .product(name: "HLS", package: "ManifestKit"),
      ]),
    .executableTarget(
      name: "fuzz-scte35",
      dependencies: [
        "FuzzSupport", .product(name: "ManifestCore", package: "ManifestKit"),
        .product(name: "SCTE35", package: "ManifestKit"),
      ]),
    .executableTarget(
      name: "fuzz-ads",
      dependencies: [
        "FuzzSupport", .product(name: "ManifestCore", package: "ManifestKit"),
        .product(name: "HLS", package: "ManifestKit"),
        .product(name: "AdInsertion", package: "ManifestKit"),
      ]),
    .executableTarget(
      name: "fuzz-thumbnails",
      dependencies: [
        "FuzzSupport", .product(name: "Subtitles", package: "ManifestKit"),
        .product(name: "Thumbnails", package: "ManifestKit"),
      ]),
    .executableTarget(
      name: "fuzz-tools",
      dependencies: [
        "FuzzSupport", .product(name: "ToolSupport", package: "ManifestKit"),
        .product(name: "M3U8Commands", package: "ManifestKit"),
        .product(name: "SCTE35Commands", package: "ManifestKit"),
        .product(name: "SubtitleCommands", package: "ManifestKit"),
        .product(name: "ThumbnailCommands", package: "ManifestKit"),
      ]),
    .executableTarget(
      name: "fuzz-srt", dependencies: ["FuzzSupport", "SubtitleFuzzing"]),
    .executableTarget(
      name: "fuzz-webvtt", dependencies: ["FuzzSupport", "SubtitleFuzzing"]),
    .executableTarget(
      name: "fuzz-ttml", dependencies: ["FuzzSupport", "SubtitleFuzzing"]),
  ],
  swiftLanguageModes: [.v6]
)
