// swift-tools-version:6.0
import PackageDescription

// ManifestKit: HLS, SCTE-35, ad-marker, subtitle and thumbnail-track parsing for Linux and Apple
// platforms. No outside packages; libxml2 is the one system library linked, used only by TTML
// (through XMLSupport): m3u8-tool, scte35-tool and thumbnail-tool do not link it. The tools read
// URLs with libcurl, opened with dlopen on the first URL (HTTPLoading): none links it.

/// A libFuzzer target of tools/fuzz: `fuzz-NAME`, an executable whose `LLVMFuzzerTestOneInput`
/// libFuzzer drives.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  .executableTarget(
    name: "fuzz-" + name, dependencies: ["FuzzSupport"] + dependencies,
    path: "tools/fuzz/Sources/fuzz-" + name)
}

// The libFuzzer targets exist only when tools/fuzz/run.sh builds them (MANIFESTKIT_FUZZ=1, with
// `--sanitize fuzzer -Xswiftc -sanitize=fuzzer,address`): `swift build` and `swift test` never see
// them. Being in the package, they reach the commands and `package` helpers as the tests do.
let fuzzTargets: [Target] =
  Context.environment["MANIFESTKIT_FUZZ"] != "1"
  ? []
  : [
    .target(name: "FuzzSupport", path: "tools/fuzz/Sources/FuzzSupport"),
    .target(
      name: "SubtitleFuzzing", dependencies: ["FuzzSupport", "ManifestCore", "Subtitles", "TTML"],
      path: "tools/fuzz/Sources/SubtitleFuzzing"),
    fuzzTarget("hls", ["ManifestCore", "HLS"]),
    fuzzTarget("scte35", ["ManifestCore", "SCTE35"]),
    fuzzTarget("ads", ["ManifestCore", "HLS", "AdInsertion"]),
    fuzzTarget("thumbnails", ["ManifestCore", "Subtitles", "Thumbnails"]),
    fuzzTarget("srt", ["SubtitleFuzzing"]),
    fuzzTarget("webvtt", ["SubtitleFuzzing"]),
    fuzzTarget("ttml", ["SubtitleFuzzing"]),
    fuzzTarget(
      "tools",
      ["ToolSupport", "M3U8Commands", "SCTE35Commands", "SubtitleCommands", "ThumbnailCommands"]),
  ]

let package = Package(
  name: "ManifestKit",
  products: [
    .library(name: "ManifestCore", targets: ["ManifestCore"]),
    .library(name: "HLS", targets: ["HLS"]),
    .library(name: "SCTE35", targets: ["SCTE35"]),
    .library(name: "DASH", targets: ["DASH"]),
    .library(name: "AdInsertion", targets: ["AdInsertion"]),
    .library(name: "Audit", targets: ["Audit"]),
    .library(name: "Live", targets: ["Live"]),
    .library(name: "Stitching", targets: ["Stitching"]),
    .library(name: "Subtitles", targets: ["Subtitles"]),
    .library(name: "TTML", targets: ["TTML"]),
    .library(name: "Thumbnails", targets: ["Thumbnails"]),
    .library(name: "VAST", targets: ["VAST"]),
    .executable(name: "m3u8-tool", targets: ["m3u8-tool"]),
    .executable(name: "scte35-tool", targets: ["scte35-tool"]),
    .executable(name: "subtitle-tool", targets: ["subtitle-tool"]),
    .executable(name: "thumbnail-tool", targets: ["thumbnail-tool"]),
  ],
  targets: [
    // Libraries
    .target(name: "ManifestCore"),
    .target(name: "HLS", dependencies: ["ManifestCore"]),
    .target(name: "SCTE35", dependencies: ["ManifestCore"]),
    .target(name: "DASH", dependencies: ["ManifestCore", "HLS"]),
    .target(name: "AdInsertion", dependencies: ["HLS", "SCTE35", "DASH"]),
    // Following a live stream across reloads, without I/O (docs/live.md).
    .target(name: "Live", dependencies: ["ManifestCore", "HLS", "AdInsertion"]),
    .target(
      name: "Audit", dependencies: ["ManifestCore", "HLS", "SCTE35", "AdInsertion", "Live"]),
    .target(
      name: "Stitching", dependencies: ["ManifestCore", "HLS", "SCTE35", "AdInsertion", "VAST"]),
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .target(name: "XMLSupport", dependencies: ["ManifestCore", "CLibXML2"]),
    .target(name: "Subtitles", dependencies: ["ManifestCore"]),
    .target(name: "TTML", dependencies: ["Subtitles", "XMLSupport"]),
    .target(name: "Thumbnails", dependencies: ["Subtitles", "HLS", "DASH"]),
    // libcurl's headers only (no pkgConfig, which would link it): HTTPLoading opens
    // libcurl.so.4 with dlopen the first time a URL is read, so start-up does not pay for it.
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(name: "HTTPLoading", dependencies: ["ManifestCore", "CCurl"]),
    .target(name: "ToolSupport", dependencies: ["ManifestCore", "HTTPLoading"]),
    // A strict pure-Swift XML reader for small untrusted documents (VAST, VMAP): no libxml2.
    .target(name: "StrictXML", dependencies: ["ManifestCore"]),
    .target(name: "VAST", dependencies: ["ManifestCore", "StrictXML"]),

    // Command implementations (targets, not products, so tests and fuzzers can run them in
    // process) and their executables
    .target(
      name: "M3U8Commands",
      dependencies: [
        "ToolSupport", "HTTPLoading", "HLS", "DASH", "AdInsertion", "Audit", "Live", "Stitching",
      ]),
    .target(name: "SCTE35Commands", dependencies: ["ToolSupport", "SCTE35"]),
    .target(name: "SubtitleCommands", dependencies: ["ToolSupport", "Subtitles", "TTML", "HLS"]),
    .target(name: "ThumbnailCommands", dependencies: ["ToolSupport", "Thumbnails"]),
    .executableTarget(name: "m3u8-tool", dependencies: ["M3U8Commands"]),
    .executableTarget(name: "scte35-tool", dependencies: ["SCTE35Commands"]),
    .executableTarget(name: "subtitle-tool", dependencies: ["SubtitleCommands"]),
    .executableTarget(name: "thumbnail-tool", dependencies: ["ThumbnailCommands"]),

    // Examples (executables, not products): `swift run playlist-builder-example OUTDIR`.
    .executableTarget(
      name: "playlist-builder-example", dependencies: ["HLS"], path: "Examples/PlaylistBuilder"),

    // Tests
    .testTarget(name: "ManifestCoreTests", dependencies: ["ManifestCore"]),
    .testTarget(name: "ToolSupportTests", dependencies: ["ToolSupport"]),
    .testTarget(name: "HLSTests", dependencies: ["HLS"]),
    .testTarget(name: "SCTE35Tests", dependencies: ["SCTE35"]),
    .testTarget(
      name: "AdInsertionTests", dependencies: ["AdInsertion", "HLS", "SCTE35", "ManifestCore"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "DASHTests",
      dependencies: ["DASH", "AdInsertion", "Thumbnails", "HLS", "StrictXML", "SchemaTestSupport"]),
    // The JSON Schema check and the MPD structure check the test targets share (docs/schemas,
    // the SARIF schema, ISO/IEC 23009-1's MPD schema).
    .target(
      name: "SchemaTestSupport", dependencies: ["ManifestCore", "StrictXML"],
      path: "Tests/SchemaTestSupport"),
    .testTarget(
      name: "AuditTests", dependencies: ["Audit", "HLS", "SchemaTestSupport"], exclude: ["Fixtures"]
    ),
    .testTarget(name: "SubtitlesTests", dependencies: ["Subtitles"], exclude: ["Fixtures"]),
    .testTarget(
      name: "TTMLTests", dependencies: ["TTML", "Subtitles", "XMLSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "StitchingTests",
      dependencies: ["Stitching", "Audit", "AdInsertion", "HLS", "ManifestCore"]),
    .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails"]),
    .testTarget(
      name: "LiveTests", dependencies: ["Live", "AdInsertion", "HLS", "SchemaTestSupport"]),
    .testTarget(name: "StrictXMLTests", dependencies: ["StrictXML", "ManifestCore"]),
    .testTarget(
      name: "VASTTests", dependencies: ["VAST", "StrictXML", "ManifestCore"],
      exclude: ["Fixtures"]),
    // A loopback HTTP/1.1 server and a simulated live origin with faults, for URL-input tests.
    .target(name: "LoopbackOrigin", path: "Tests/LoopbackOrigin"),
    .testTarget(name: "HTTPLoadingTests", dependencies: ["HTTPLoading", "LoopbackOrigin", "HLS"]),
    .testTarget(
      name: "CommandTests",
      dependencies: [
        "M3U8Commands", "SCTE35Commands", "SubtitleCommands", "ThumbnailCommands", "VAST",
        "StrictXML", "Stitching", "SchemaTestSupport", "LoopbackOrigin", "HTTPLoading",
      ]),
    .testTarget(
      name: "ExampleTests",
      dependencies: ["playlist-builder-example", "M3U8Commands", "HLS", "ManifestCore"]),
    // Runs the built tools as child processes (found beside the test executable) on hostile input.
    .testTarget(
      name: "HostileInputTests",
      dependencies: ["m3u8-tool", "scte35-tool", "subtitle-tool", "thumbnail-tool"]),
  ] + fuzzTargets,
  swiftLanguageModes: [.v6]
)
