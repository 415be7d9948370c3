import AdInsertion
import HLS
import ManifestCore
import SCTE35
import Testing

/// `AdMarkerRewriter`: the exact tags of each dialect, the cues kept or built, what it reports.
@Suite struct AdMarkerRewriterTests {
  /// A live window as AWS Elemental Live writes it: one closed break (CUE-OUT with its
  /// duration, CUE-OUT-CONT, CUE-IN) and one still open at the live edge, without a duration.
  static let live = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:100
    #EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00.000Z
    #EXTINF:6.000,
    seg100.ts
    #EXT-X-CUE-OUT:12.000
    #EXTINF:6.000,
    ad0.ts
    #EXT-X-CUE-OUT-CONT:6.000/12
    #EXTINF:6.000,
    ad1.ts
    #EXT-X-CUE-IN
    #EXTINF:6.000,
    seg103.ts
    #EXT-X-CUE-OUT
    #EXTINF:6.000,
    ad2.ts

    """

  static func rewrite(
    _ text: String, _ target: AdRewriteTarget,
    _ options: AdMarkerRewriter.Options = .init()
  ) throws -> (text: String, rewrite: AdRewrite) {
    let media = try #require(try Playlist.parse(Array(text.utf8)).media)
    let rewrite = try AdMarkerRewriter(target: target, options: options)
      .rewrite(media, timeline: AdTimeline(media))
    return (String(decoding: rewrite.bytes, as: UTF8.self), rewrite)
  }

  /// The lines of `text` that start with `prefix`.
  static func lines(_ text: String, _ prefix: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
  }

  @Test func cueOutToDateRangeBuildsSpliceInserts() throws {
    let (text, rewrite) = try Self.rewrite(Self.live, .dateRange)
    let ranges = Self.lines(text, "#EXT-X-DATERANGE")
    #expect(
      ranges == [
        #"#EXT-X-DATERANGE:ID="MSN-101",START-DATE="2026-12-02T03:00:06.000Z",PLANNED-DURATION=12,SCTE35-OUT=0xFC302000000000000000FFF00F052D2702E87FFFFE00107AC00000000000001231923E"#,
        #"#EXT-X-DATERANGE:ID="MSN-101",START-DATE="2026-12-02T03:00:06.000Z",DURATION=12,SCTE35-IN=0xFC301B00000000000000FFF00A052D2702E87F5F0000000000004FF3BB18"#,
        #"#EXT-X-DATERANGE:ID="MSN-104",START-DATE="2026-12-02T03:00:24.000Z",SCTE35-OUT=0xFC301B00000000000000FFF00A0532270AC77FDF0000000000004BF2F908"#,
      ])
    #expect(rewrite.issues.isEmpty)
    // The built cue: splice_insert out of network, 30 s… here 12 s, auto_return, immediate.
    let out = try #require(
      SpliceInfoSection.decode(
        "0xFC302000000000000000FFF00F05658716AF7FFFFE00107AC0000000000000D9708F36"
      ).section)
    let insert = try #require(out.spliceInsert)
    #expect(insert.outOfNetworkIndicator && insert.spliceImmediateFlag)
    #expect(insert.breakDuration == BreakDuration(autoReturn: true, duration: 1_080_000))
    let closing = try #require(
      SpliceInfoSection.decode("0xFC301B00000000000000FFF00A05658716AF7F5F000000000000595FC783")
        .section)
    #expect(closing.spliceInsert?.outOfNetworkIndicator == false)
    #expect(closing.spliceInsert?.spliceEventId == insert.spliceEventId)
  }

  @Test func timeSignalCuesCarryPlacementOpportunityDescriptors() throws {
    let (text, _) = try Self.rewrite(Self.live, .dateRange, .init(scte35Command: .timeSignal))
    let ranges = Self.lines(text, "#EXT-X-DATERANGE")
    try #require(ranges.count == 3)
    func section(_ line: String) throws -> SpliceInfoSection {
      let hex = try #require(line.split(separator: "=").last.map(String.init))
      return try #require(SpliceInfoSection.decode(hex).section)
    }
    let out = try section(ranges[0])
    let closing = try section(ranges[1])
    #expect(out.segmentationDescriptors.map(\.segmentationTypeId) == [0x34])
    #expect(out.segmentationDescriptors.first?.segmentationDuration == 1_080_000)
    #expect(closing.segmentationDescriptors.map(\.segmentationTypeId) == [0x35])
    #expect(
      closing.segmentationDescriptors.first?.segmentationEventId
        == out.segmentationDescriptors.first?.segmentationEventId)
  }

  @Test func cueOutContinuationsHaveExactElapsedTimes() throws {
    let (text, rewrite) = try Self.rewrite(Self.live, .oatcls)
    #expect(
      Self.lines(text, "#EXT-X-CUE") == [
        "#EXT-X-CUE-OUT:12.000",
        "#EXT-X-CUE-OUT-CONT:ElapsedTime=6.000,Duration=12.000,SCTE35=/DAgAAAAAAAAAP/wDwUtJwLof//+ABB6wAAAAAAAABIxkj4=",
        "#EXT-X-CUE-IN",
        "#EXT-X-CUE-OUT",
      ])
    #expect(
      rewrite.issues.map(\.message) == [
        "ad break 'MSN-104' on line 17 as oatcls: EXT-X-CUE-OUT declares no duration and "
          + "CUE-OUT-CONT only the elapsed time"
      ])
    #expect(rewrite.issues.map(\.code) == ["ads.rewrite.open-break-without-duration"])
    #expect(rewrite.issues.map(\.location.line) == [17])
  }

  /// MediaConvert's EXT-OATCLS-SCTE35 time_signal, written into DATERANGE as the same bytes in
  /// hex, and a DATERANGE's hex cue into EXT-X-SCTE35 as base64.
  @Test func sourceCuesAreKeptAndReEncoded() throws {
    let oatcls = """
      #EXTM3U
      #EXT-X-TARGETDURATION:12
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00Z
      #EXT-OATCLS-SCTE35:/DAsAAAAAAAAAP/wBQb+QjoaAAAWAhRDVUVJAAAAKn/PAAApMuAAADQAAEMxW1E=
      #EXT-X-CUE-OUT:30.000
      #EXTINF:10.000,
      a.ts
      #EXT-X-CUE-IN
      #EXTINF:10.000,
      b.ts
      #EXT-X-ENDLIST

      """
    let cue = "/DAsAAAAAAAAAP/wBQb+QjoaAAAWAhRDVUVJAAAAKn/PAAApMuAAADQAAEMxW1E="
    let hex = "0x" + Hex.encode(try Base64.decode(Array(cue.utf8)), uppercase: true)
    let (dateRange, _) = try Self.rewrite(oatcls, .dateRange)
    #expect(Self.lines(dateRange, "#EXT-X-DATERANGE").first?.hasSuffix("SCTE35-OUT=" + hex) == true)
    let (tag, _) = try Self.rewrite(dateRange, .scte35Tag)
    #expect(
      Self.lines(tag, "#EXT-X-SCTE35").first
        == #"#EXT-X-SCTE35:CUE="\#(cue)",CUE-OUT=YES,DURATION=30.000,ID="SCTE35-42""#)
  }

  @Test func dateRangeWithoutProgramDateTimeIsAnErrorNamingTheBreak() throws {
    let playlist = Self.live.replacingOccurrences(
      of: "#EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00.000Z\n", with: "")
    let media = try #require(try Playlist.parse(Array(playlist.utf8)).media)
    #expect(
      throws: AdRewriteIssue(
        .noProgramDateTime, .error,
        "ad break 'MSN-101' on line 7 cannot be written as EXT-X-DATERANGE: the playlist has no "
          + "EXT-X-PROGRAM-DATE-TIME (give --epoch DATE)",
        at: SourceLocation(line: 7, column: 1, offset: 100))
    ) {
      try AdMarkerRewriter(target: .dateRange).rewrite(media, timeline: AdTimeline(media))
    }
    let epoch = try #require(DateTime("2026-12-02T03:00:00Z"))
    let (text, _) = try Self.rewrite(playlist, .dateRange, .init(epoch: epoch))
    #expect(
      Self.lines(text, "#EXT-X-PROGRAM-DATE-TIME") == [
        "#EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00Z"
      ])
    #expect(
      Self.lines(text, "#EXT-X-DATERANGE").first?.hasPrefix(
        #"#EXT-X-DATERANGE:ID="MSN-101",START-DATE="2026-12-02T03:00:06.000Z""#) == true)
  }

  @Test func keepOriginalAddsBesideAndLeavesBreaksOfTheTargetDialect() throws {
    let (text, _) = try Self.rewrite(Self.live, .dateRange, .init(keepOriginal: true))
    #expect(Self.lines(text, "#EXT-X-CUE").count == 4)
    #expect(Self.lines(text, "#EXT-X-DATERANGE").count == 3)
    let (same, _) = try Self.rewrite(Self.live, .oatcls, .init(keepOriginal: true))
    #expect(same == Self.live)
  }

  /// CRLF line ends, a comment, a blank line and an unknown tag survive byte for byte; the new
  /// lines end as the playlist's first line does.
  @Test func onlyMarkerLinesChange() throws {
    let crlf = Self.live.replacingOccurrences(of: "\n", with: "\r\n")
      .replacingOccurrences(
        of: "seg103.ts\r\n", with: "seg103.ts\r\n# note\r\n\r\n#EXT-X-FOO:1\r\n")
    let (text, _) = try Self.rewrite(crlf, .scte35Tag)
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    let kept = text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("#EXT-X-SCTE35") }
    let source = crlf.components(separatedBy: "\r\n").filter { !$0.hasPrefix("#EXT-X-CUE") }
    #expect(kept == source)
  }

  /// A VOD pre-roll stitched by an SSAI server becomes a server-guided interstitial; the break's
  /// id is percent-encoded in the template, so it cannot end the quoted-string.
  @Test func interstitialFromTemplate() throws {
    let vod = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00.000Z
      #EXT-X-CUE-OUT:DURATION=6,ID=pre "roll",x
      #EXTINF:6.000,
      ad.ts
      #EXT-X-CUE-IN
      #EXTINF:6.000,
      a.ts
      #EXT-X-ENDLIST

      """
    let template = try AssetTemplate(
      "https://ads.example.com/{id}/{index}.m3u8?d={duration}&s={start}")
    let (text, _) = try Self.rewrite(vod, .interstitial, .init(asset: .uri(template)))
    #expect(
      Self.lines(text, "#EXT-X-DATERANGE") == [
        #"#EXT-X-DATERANGE:ID="pre %22roll%22",CLASS="com.apple.hls.interstitial",START-DATE="2026-12-02T03:00:00.000Z",CUE="PRE",DURATION=6,PLANNED-DURATION=6,X-ASSET-URI="https://ads.example.com/pre%20%22roll%22/0.m3u8?d=6&s=0",X-RESUME-OFFSET=6"#
      ])
    #expect(Self.lines(text, "#EXT-X-CUE").isEmpty)
    let list = try AssetTemplate("https://ads.example.com/list.json?id={id}")
    let (inserted, _) = try Self.rewrite(
      vod, .interstitial, .init(asset: .list(list), resumeOffset: .seconds(.zero)))
    #expect(
      Self.lines(inserted, "#EXT-X-DATERANGE").first?.hasSuffix(
        #"X-ASSET-LIST="https://ads.example.com/list.json?id=pre%20%22roll%22",X-RESUME-OFFSET=0"#)
        == true)
  }

  /// CUE="POST" only for a break after the last segment (RFC 8216bis §4.4.5.1: POST plays after
  /// the primary asset has played to its end); a break over the last segments of a VOD (as
  /// MediaTailor stitches a post-roll) is written at its START-DATE and replaces them, and reads
  /// back on them. An unterminated CUE-OUT of a finished playlist cannot stay open.
  @Test func postRollIsOnlyABreakAfterTheLastSegment() throws {
    let vod = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00.000Z
      #EXTINF:6.000,
      a.ts
      #EXT-X-CUE-OUT:6
      #EXTINF:6.000,
      ad.ts
      #EXT-X-CUE-IN
      #EXT-X-CUE-OUT:10
      #EXT-X-CUE-IN
      #EXT-X-ENDLIST

      """
    let template = try AssetTemplate("https://ads.example.com/{index}.m3u8")
    let (text, rewrite) = try Self.rewrite(vod, .interstitial, .init(asset: .uri(template)))
    #expect(
      Self.lines(text, "#EXT-X-DATERANGE") == [
        #"#EXT-X-DATERANGE:ID="MSN-1",CLASS="com.apple.hls.interstitial",START-DATE="2026-12-02T03:00:06.000Z",DURATION=6,PLANNED-DURATION=6,X-ASSET-URI="https://ads.example.com/0.m3u8",X-RESUME-OFFSET=6"#,
        #"#EXT-X-DATERANGE:ID="MSN-2",CLASS="com.apple.hls.interstitial",START-DATE="2026-12-02T03:00:12.000Z",CUE="POST",DURATION=0,PLANNED-DURATION=10,X-ASSET-URI="https://ads.example.com/1.m3u8",X-RESUME-OFFSET=0"#,
      ])
    #expect(rewrite.issues.isEmpty)
    let media = try #require(try Playlist.parse(rewrite.bytes).media)
    let breaks = AdTimeline(media).breaks
    #expect(breaks.map(\.startSegment) == [1, 2])
    #expect(breaks.map(\.endSegment) == [1, nil])
    let unterminated = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00.000Z
      #EXTINF:6.000,
      a.ts
      #EXT-X-CUE-OUT:6
      #EXTINF:6.000,
      ad.ts
      #EXT-X-ENDLIST

      """
    let (_, open) = try Self.rewrite(unterminated, .interstitial, .init(asset: .uri(template)))
    #expect(
      open.issues.map(\.diagnostic.message) == [
        "ad break 'MSN-1' on line 7 as interstitial: an interstitial of a finished playlist is "
          + "not open; it ends X-RESUME-OFFSET after its start"
      ])
  }

  @Test func templatesAreRefusedWhenTheyCouldBreakTheAttribute() {
    #expect(throws: AssetTemplate.Problem.self) { try AssetTemplate("https://a/\"x") }
    #expect(throws: AssetTemplate.Problem.self) { try AssetTemplate("https://a/{name}") }
    #expect(throws: AssetTemplate.Problem.self) { try AssetTemplate("https://a/{id") }
    #expect((try? AssetTemplate("https://a/{$host}/{id}")) != nil)
  }

  /// A live window that starts inside a break (only CONT and CUE-IN are in it): the break
  /// keeps `startedBeforeWindow` in cue-out (a CONT on the first segment) and in DATERANGE
  /// (START-DATE before the first segment's date); the beacon dialect cannot say it.
  @Test func breakStartedBeforeTheWindow() throws {
    let window = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PROGRAM-DATE-TIME:2026-12-02T03:00:00.000Z
      #EXT-X-CUE-OUT-CONT:ElapsedTime=18.000,Duration=30
      #EXTINF:6.000,
      ad3.ts
      #EXT-X-CUE-OUT-CONT:ElapsedTime=24.000,Duration=30
      #EXTINF:6.000,
      ad4.ts
      #EXT-X-CUE-IN
      #EXTINF:6.000,
      a.ts

      """
    let (cueOut, _) = try Self.rewrite(window, .cueOut)
    #expect(
      Self.lines(cueOut, "#EXT-X-CUE") == [
        "#EXT-X-CUE-OUT-CONT:18.000/30.000", "#EXT-X-CUE-OUT-CONT:24.000/30.000", "#EXT-X-CUE-IN",
      ])
    let (dateRange, _) = try Self.rewrite(window, .dateRange)
    #expect(
      Self.lines(dateRange, "#EXT-X-DATERANGE").map {
        $0.split(separator: ",").prefix(3).joined(separator: ",")
      } == [
        #"#EXT-X-DATERANGE:ID="MSN-0",START-DATE="2026-12-02T02:59:42.000Z",PLANNED-DURATION=30"#,
        #"#EXT-X-DATERANGE:ID="MSN-0",START-DATE="2026-12-02T02:59:42.000Z",DURATION=30"#,
      ])
    for text in [cueOut, dateRange] {
      let media = try #require(try Playlist.parse(Array(text.utf8)).media)
      let adBreak = try #require(AdTimeline(media).breaks.first)
      #expect(adBreak.startedBeforeWindow && adBreak.endSegment == 1 && !adBreak.open)
    }
    let (_, beacon) = try Self.rewrite(window, .beacon)
    #expect(
      beacon.issues.map(\.code) == [
        "ads.rewrite.started-before-window-lost", "ads.rewrite.end-not-expressible",
      ])
  }

  /// Beacons of an SSAI pod (the beacon dialect's own fixture) are reported, not silently lost,
  /// in any other dialect.
  @Test func beaconsDroppedAreReported() throws {
    let (_, rewrite) = try Self.rewrite(
      String(decoding: try Fixture.bytes("beacons.m3u8"), as: UTF8.self), .cueOut)
    #expect(rewrite.issues.first?.code == "ads.rewrite.beacons-dropped")
    #expect(
      rewrite.issues.first?.message
        == "ad break 'MSN-0' on line 6 as cue-out: its 4 tracking beacon(s) are not written: only "
        + "the beacon dialect carries them")
  }
}
