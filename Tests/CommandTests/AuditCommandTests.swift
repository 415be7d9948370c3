import Foundation
import M3U8Commands
import ManifestCore
import Testing

/// The repository root, found from this file's path.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../..").standardized

/// `samples/audit/DIRECTORY`'s playlists as in-memory files named by their repository paths, so
/// outputs name them the same way on every machine.
private func auditSamples(_ directory: String) throws -> [String: String] {
  try playlists(under: "samples/audit/\(directory)")
}

/// The playlists under `directory` (a repository path), as in `auditSamples`.
private func playlists(under directory: String) throws -> [String: String] {
  let base = repository.appendingPathComponent(directory)
  var files: [String: String] = [:]
  let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
  while let url = enumerator?.nextObject() as? URL {
    guard url.pathExtension == "m3u8" else { continue }
    let relative = String(url.standardized.path.dropFirst(repository.path.count + 1))
    files[relative] = try String(contentsOf: url, encoding: .utf8)
  }
  return files
}

@Suite struct AuditCommandTests {
  static let problems = [
    "samples/audit/problems/live-ads.m3u8", "samples/audit/problems/ll-hls.m3u8",
    "samples/audit/problems/multivariant.m3u8",
  ]

  /// Compares `output` with `samples/audit/expected/NAME`; rewrites the file instead when
  /// MANIFESTKIT_RECORD_GOLDEN is set.
  func expectGolden(_ output: String, _ name: String) throws {
    let url = repository.appendingPathComponent("samples/audit/expected/\(name)")
    if ProcessInfo.processInfo.environment["MANIFESTKIT_RECORD_GOLDEN"] != nil {
      try output.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(output == (try String(contentsOf: url, encoding: .utf8)), "\(name)")
  }

  @Test(arguments: [
    ("text", "problems.txt"), ("json", "problems.json"), ("junit", "problems.junit.xml"),
    ("github", "problems.github.txt"), ("sarif", "problems.sarif.json"),
    ("html", "problems.html"),
  ])
  func everyFormatMatchesItsGoldenOutput(_ format: String, _ golden: String) throws {
    let files = try auditSamples("problems")
    let (status, out, err) = m3u8(["audit", "--format", format] + Self.problems, files: files)
    #expect(status == 1)
    #expect(err == "")
    try expectGolden(out, golden)
  }

  /// With --follow, the HTML report stacks the media playlists of a multivariant playlist on
  /// one time axis (the presentation of samples/audit/clean, as Apple's mediafilesegmenter
  /// and variantplaylistcreator write it).
  @Test func theFollowedPresentationIsOneStackedTimeline() throws {
    let files = try auditSamples("clean")
    let (status, out, err) = m3u8(
      ["audit", "--follow", "--format", "html", "samples/audit/clean/presentation/master.m3u8"],
      files: files)
    #expect(status == 0)
    #expect(err == "")
    #expect(out.components(separatedBy: "<svg ").count == 2)
    #expect(
      out.contains(
        "<figcaption>samples/audit/clean/presentation/audio_en.m3u8, "
          + "samples/audit/clean/presentation/video_540.m3u8, "
          + "samples/audit/clean/presentation/video_1080.m3u8, "
          + "samples/audit/clean/presentation/iframes_1080.m3u8</figcaption>"))
    try expectGolden(out, "presentation.html")
  }

  @Test func theCleanSuiteHasNoFinding() throws {
    let files = try auditSamples("clean")
    let paths = files.keys.filter { !$0.contains("/presentation/") }.sorted()
    #expect(paths.count >= 9)
    let (status, out, err) = m3u8(["audit"] + paths, files: files)
    #expect(status == 0)
    #expect(out == "")
    #expect(err == "")
    let (followed, followedOut, _) = m3u8(
      ["audit", "--follow", "--format", "json", "samples/audit/clean/presentation/master.m3u8"],
      files: files)
    #expect(followed == 0)
    #expect(followedOut == #"{"findings":[],"summary":{"errors":0,"warnings":0,"infos":0}}"# + "\n")
  }

  /// Samples that trip rules on purpose, and why.
  static let meantToTrip: [String: String] = [
    "samples/ads/beacons-vod.m3u8": "a stray beacon and an ad without a start beacon (README)",
    "samples/variants/audio-only-and-no-resolution.m3u8": "variants without RESOLUTION",
    "samples/hls/media-define.m3u8": "EXT-X-DEFINE IMPORT needs the multivariant playlist",
    "samples/hls/multivariant-define.m3u8": "EXT-X-DEFINE QUERYPARAM needs the playlist URL",
  ]

  @Test func defineSamplesAreCleanGivenTheirURLAndImports() throws {
    let files = try playlists(under: "samples/hls")
    let media = "samples/hls/media-define.m3u8"
    let master = "samples/hls/multivariant-define.m3u8"
    #expect(
      m3u8(["audit", media], files: files).1
        == "\(media):3:1: error: EXT-X-DEFINE: IMPORT \"cdn\" is not defined by the parent "
        + "playlist [spec.syntax]\n")
    #expect(
      m3u8(["audit", "--import", "cdn=https://cdn.example.com/vod", media], files: files)
        == (0, "", ""))
    #expect(
      m3u8(
        ["audit", "--url", "https://cdn.example.com/master.m3u8?token=abc", master], files: files)
        == (0, "", ""))
    #expect(
      m3u8(["audit", "--url", "https://x/a.m3u8", media, master], files: files).2
        == "m3u8-tool audit: error: --url names one playlist's URL; give it with a single FILE [cli.usage]\n"
        + "Run 'm3u8-tool audit --help' for usage.\n")
    #expect(m3u8(["audit", "--import", "cdn", media], files: files).0 == 2)
  }

  @Test func everySampleMeantToBeCleanHasNoFinding() throws {
    let files = try playlists(under: "samples")
    let paths = files.keys.filter {
      !$0.hasPrefix("samples/audit/problems/") && Self.meantToTrip[$0] == nil
    }.sorted()
    #expect(paths.count >= 35)
    #expect(Set(Self.meantToTrip.keys).isSubset(of: Set(files.keys)))
    let (status, out, err) = m3u8(["audit", "--fail-on", "info"] + paths, files: files)
    #expect(status == 0)
    #expect(out == "")
    #expect(err == "")
    for path in Self.meantToTrip.keys.sorted() {
      #expect(m3u8(["audit", "--fail-on", "info", path], files: files).0 == 1, "\(path)")
    }
  }

  @Test func failOnWarningTurnsWarningsIntoAFailedCheck() {
    let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n#EXTINF:6,\na.ts\n"
    let (standard, out, _) = m3u8(["audit"], stdin: playlist)
    #expect(standard == 0)
    #expect(
      out == "<stdin>:6:1: warning: segment 1 repeats 'a.ts' of segment 0 (line 4) "
        + "[spec.duplicate-segment]\n")
    #expect(m3u8(["audit", "--fail-on", "warning", "-"], stdin: playlist).0 == 1)
    #expect(m3u8(["audit", "--profile", "strict"], stdin: playlist).0 == 1)
    #expect(
      m3u8(
        ["audit", "--disable", "spec.duplicate-segment", "--fail-on", "warning"], stdin: playlist
      ).1 == "")
  }

  @Test func manyFilesAreEachReportedAndAnUnreadableOneExitsTwo() {
    let good = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:7,\na.ts\n"
    let (status, out, err) = m3u8(
      ["audit", "a.m3u8", "missing.m3u8", "b.txt"],
      files: ["a.m3u8": good, "b.txt": "hello\n"])
    #expect(status == 2)
    #expect(
      out == "a.m3u8:3:1: error: EXTINF 7 rounds to 7, above EXT-X-TARGETDURATION 6 (segment 0) "
        + "[spec.segment-exceeds-target-duration]\n")
    #expect(err.hasPrefix("missing.m3u8:1:1: error: cannot read: "))
    #expect(
      err.hasSuffix(
        "b.txt:1:1: error: not an HLS playlist: the first line must be #EXTM3U [hls.extm3u.missing]\n"
      ))
  }

  @Test func usageErrorsExitTwo() {
    let cases: [([String], String)] = [
      (["--rules", "spec,adz"], "unknown rule or family 'adz'"),
      (["--disable", "spec.nope"], "unknown rule or family 'spec.nope'"),
      (
        ["--profile", "dash"],
        "unknown profile 'dash' (profiles: standard, strict, mediatailor, google-dai)"
      ),
      (
        ["--format", "xml"], "--format must be text, json, junit, github, sarif or html, got 'xml'"
      ),
      (["--fail-on", "never"], "--fail-on must be error, warning or info, got 'never'"),
      (["--tolerance", "-1"], "--tolerance must be a non-negative number of seconds, got '-1'"),
    ]
    for (arguments, message) in cases {
      let (status, out, err) = m3u8(["audit"] + arguments, stdin: "#EXTM3U\n")
      #expect(status == 2)
      #expect(out == "")
      #expect(err.hasPrefix("m3u8-tool audit: error: \(message)"), "\(arguments)")
    }
  }

  @Test func followComparesTheMediaPlaylistsAndReportsThemUnderTheirPaths() throws {
    var files = try auditSamples("clean")
    let base = "samples/audit/clean/presentation/"
    files[base + "audio_en.m3u8"] = files[base + "audio_en.m3u8"]?
      .replacingOccurrences(of: "#EXT-X-TARGETDURATION:4", with: "#EXT-X-TARGETDURATION:6")
    let (status, out, err) = m3u8(["audit", "--follow", base + "master.m3u8"], files: files)
    #expect(status == 1)
    #expect(err == "")
    #expect(
      out == base + "audio_en.m3u8:3:1: error: EXT-X-TARGETDURATION 6 differs from 4 in "
        + "video_540.m3u8 (the first variant) [spec.variant-target-duration-mismatch]\n")
  }

  @Test func followRefusesOtherSchemesAndMissingFiles() {
    let master = """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2"
      ftp://cdn.example.com/a.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=256000,CODECS="mp4a.40.2"
      b.m3u8

      """
    let (status, _, err) = m3u8(
      ["audit", "--follow", "dir/master.m3u8"], files: ["dir/master.m3u8": master])
    #expect(status == 2)
    #expect(
      err.hasPrefix(
        "dir/master.m3u8:3:1: error: cannot read ftp://cdn.example.com/a.m3u8: m3u8-tool reads "
          + "local files and http or https URLs only [io.read]\ndir/master.m3u8:5:1: error: "
          + "cannot read dir/b.m3u8: "
      ))
  }

  @Test func listRulesPrintsTheTableUnderTheProfile() {
    let (status, out, _) = m3u8(["audit", "--list-rules", "--rules", "keys", "--profile", "strict"])
    #expect(status == 0)
    let lines = out.split(separator: "\n")
    #expect(lines.first == "| id | severity | checks | why | reference |")
    #expect(lines.count == 2 + 9)
    #expect(lines.allSatisfy { !$0.contains("| warning |") })
  }
}
