import Foundation
import Testing

/// `m3u8-tool ads --rewrite` (docs/cli-contract.md, docs/ad-marker-rewrite.md).
@Suite struct AdsRewriteCommandTests {
  @Test func rewritesIntoSCTE35Tags() {
    let (status, out, err) = m3u8(
      ["ads", "--rewrite", "scte35-tag", adsSample("elemental-live.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-SCTE35") } == [
        #"#EXT-X-SCTE35:CUE="/DAgAAAAAAAAAP/wDwXjXLJCf//+ACky4AAAAAAAAOh96WI=",CUE-OUT=YES,DURATION=30.000,ID="MSN-2743""#,
        #"#EXT-X-SCTE35:CUE="/DAgAAAAAAAAAP/wDwXjXLJCf//+ACky4AAAAAAAAOh96WI=",CUE-OUT=CONT,ELAPSED=8.308,DURATION=30.000,ID="MSN-2743""#,
        #"#EXT-X-SCTE35:CUE="/DAgAAAAAAAAAP/wDwXjXLJCf//+ACky4AAAAAAAAOh96WI=",CUE-OUT=CONT,ELAPSED=18.318,DURATION=30.000,ID="MSN-2743""#,
        #"#EXT-X-SCTE35:CUE="/DAgAAAAAAAAAP/wDwXjXLJCf//+ACky4AAAAAAAAOh96WI=",CUE-OUT=CONT,ELAPSED=28.328,DURATION=30.000,ID="MSN-2743""#,
        #"#EXT-X-SCTE35:CUE="/DAbAAAAAAAAAP/wCgXjXLJCf18AAAAAAABDC9jb",CUE-IN=YES,ID="MSN-2743""#,
      ])
    #expect(!out.contains("#EXT-X-CUE"))
  }

  @Test func dateRangeWithoutDatesExitsTwoNamingTheBreak() {
    let path = adsSample("elemental-live.m3u8")
    let (status, out, err) = m3u8(["ads", "--rewrite", "daterange", path])
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err
        == "\(path):9:1: error: ad break 'MSN-2743' on line 9 cannot be written as EXT-X-DATERANGE: "
        + "the playlist has no EXT-X-PROGRAM-DATE-TIME (give --epoch DATE) "
        + "[ads.rewrite.no-program-date-time]\n")
    let (dated, written, _) = m3u8(
      ["ads", "--rewrite", "daterange", "--epoch", "2026-12-02T03:00:00Z", path])
    #expect(dated == 0)
    #expect(written.contains("#EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00Z\n#EXTINF:10.010,"))
  }

  @Test func beaconEndsThatCannotBeMarkedAreWarnings() {
    let path = adsSample("elemental-live.m3u8")
    let (status, _, err) = m3u8(["ads", "--rewrite", "beacon", path])
    #expect(status == 0)
    #expect(
      err
        == "\(path):9:1: warning: ad break 'MSN-2743' on line 9 as beacon: a beacon block ends only "
        + "at a discontinuity or the next AD_LENGTH; segment 6 has neither "
        + "[ads.rewrite.end-not-expressible]\n")
  }

  /// The "after" example of docs/ad-marker-rewrite.md is what the command writes.
  @Test func theDocsExampleIsTheOutput() throws {
    let page = try String(
      contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/ad-marker-rewrite.md").standardized.path,
      encoding: .utf8)
    let (status, out, _) = m3u8(
      ["ads", "--rewrite", "scte35-tag", adsSample("daterange-oatcls-live.m3u8")])
    #expect(status == 0)
    let tags = out.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-SCTE35") }
    #expect(tags.count == 4)
    for tag in tags { #expect(page.contains(tag + "\n"), "\(tag)") }
  }

  /// "Every dialect from one break" in docs/ad-marker-rewrite.md: each target's marker lines
  /// (and the date-time --epoch adds) are the command's, line for line and in order.
  @Test(arguments: [
    ["cue-out"], ["oatcls"], ["daterange", "--epoch", "2026-12-02T03:00:00Z"], ["scte35-tag"],
    ["beacon"],
    [
      "interstitial", "--epoch", "2026-12-02T03:00:00Z", "--asset-uri",
      "https://ads.example.com/pods/{id}.m3u8",
    ],
  ])
  func everyDialectsDocsExampleIsTheOutput(_ options: [String]) throws {
    let page = try String(
      contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/ad-marker-rewrite.md").standardized.path,
      encoding: .utf8)
    let path = adsSample("elemental-live.m3u8")
    let (status, out, _) = m3u8(["ads", "--rewrite"] + options + [path])
    #expect(status == 0)
    let markers = [
      "#EXT-X-CUE", "#EXT-OATCLS", "#EXT-X-DATERANGE", "#EXT-X-SCTE35", "#EXT-X-BEACON",
      "#EXT-X-PROGRAM-DATE-TIME",
    ]
    let written = out.split(separator: "\n").map(String.init).filter { line in
      markers.contains { line.hasPrefix($0) }
    }
    #expect(!written.isEmpty)
    let shown = options.map { $0.contains("{") ? "'\($0)'" : $0 }.joined(separator: " ")
    let heading = "`m3u8-tool ads --rewrite \(shown) samples/ads/elemental-live.m3u8`"
    let section = try #require(page.range(of: heading).map { page[$0.upperBound...] })
    let block = try #require(section.split(separator: "```", maxSplits: 2).dropFirst().first)
    let documented = block.split(separator: "\n").map(String.init).filter { line in
      markers.contains { line.hasPrefix($0) }
    }
    #expect(documented == written)
  }

  @Test func rewriteOptionsNeedRewrite() {
    let (status, _, err) = m3u8([
      "ads", "--epoch", "2026-12-02T03:00:00Z", adsSample("elemental-live.m3u8"),
    ])
    #expect(status == 2)
    #expect(err.hasPrefix("m3u8-tool ads: error: --epoch is for --rewrite [cli.usage]\n"))
  }

  @Test(arguments: [
    (
      ["--rewrite", "scte-35"],
      "--rewrite must be cue-out, oatcls, daterange, scte35-tag, beacon or interstitial, got 'scte-35'"
    ),
    (
      ["--rewrite", "interstitial"],
      "--rewrite interstitial needs exactly one of --asset-uri and --asset-list"
    ),
    (
      ["--rewrite", "interstitial", "--asset-uri", "a/{name}"],
      "--asset-uri: unknown placeholder '{name}' (use {id}, {duration}, {start} or {index})"
    ),
    (
      ["--rewrite", "interstitial", "--asset-uri", "a", "--resume-offset", "-1"],
      "--resume-offset must be a non-negative number of seconds or 'break', got '-1'"
    ),
    (["--rewrite", "cue-out", "--asset-uri", "a"], "--asset-uri is for --rewrite interstitial"),
    (
      ["--rewrite", "cue-out", "--format", "json"],
      "--rewrite writes a playlist; --format does not apply"
    ),
    (
      ["--rewrite", "oatcls", "--scte35", "splice"],
      "--scte35 must be splice-insert or time-signal, got 'splice'"
    ),
    (
      ["--rewrite", "daterange", "--epoch", "yesterday"],
      "--epoch must be an ISO 8601 date-time (2026-12-02T03:00:00Z), got 'yesterday'"
    ),
  ])
  func usageErrors(_ arguments: [String], _ message: String) {
    let (status, out, err) = m3u8(["ads"] + arguments + [adsSample("elemental-live.m3u8")])
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err
        == "m3u8-tool ads: error: \(message) [cli.usage]\nRun 'm3u8-tool ads --help' for usage.\n")
  }
}
