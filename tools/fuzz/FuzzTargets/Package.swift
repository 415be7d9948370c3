// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets: a separate package so `swift test` in the main package never builds them.
// Build and run one with `tools/fuzz/run.sh TARGET SECONDS`. It builds with `--sanitize fuzzer`
// (so SwiftPM links libFuzzer's main instead of the target's) and `-Xswiftc
// -sanitize=fuzzer,address`, which instruments the ManifestKit modules too: SwiftPM's own
// `--sanitize fuzzer --sanitize address` hands the compiler only the last of the two.

/// A library of the main package.
func manifestKit(_ name: String) -> Target.Dependency {
  .product(name: name, package: "ManifestKit")
}

/// A fuzz target: `fuzz-NAME`, an executable whose `LLVMFuzzerTestOneInput` libFuzzer drives.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  .executableTarget(name: "fuzz-" + name, dependencies: ["FuzzSupport"] + dependencies)
}

let package = Package(
  name: "ManifestKitFuzz",
  dependencies: [.package(name: "ManifestKit", path: "../../..")],
  targets: [
    .target(name: "FuzzSupport"),
    .target(
      name: "SubtitleFuzzing",
      dependencies: [
        "FuzzSupport", manifestKit("ManifestCore"), manifestKit("Subtitles"), manifestKit("TTML"),
      ]),
    fuzzTarget("hls", [manifestKit("ManifestCore"), manifestKit("HLS")]),
    fuzzTarget("scte35", [manifestKit("ManifestCore"), manifestKit("SCTE35")]),
    fuzzTarget(
      "ads", [manifestKit("ManifestCore"), manifestKit("HLS"), manifestKit("AdInsertion")]),
    fuzzTarget(
      "thumbnails",
      [manifestKit("ManifestCore"), manifestKit("Subtitles"), manifestKit("Thumbnails")]),
    fuzzTarget("srt", ["SubtitleFuzzing"]),
    fuzzTarget("webvtt", ["SubtitleFuzzing"]),
    fuzzTarget("ttml", ["SubtitleFuzzing"]),
    fuzzTarget(
      "tools",
      [
        manifestKit("ToolSupport"), manifestKit("M3U8Commands"), manifestKit("SCTE35Commands"),
        manifestKit("SubtitleCommands"), manifestKit("ThumbnailCommands"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
