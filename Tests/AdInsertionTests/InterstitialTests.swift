import AdInsertion
import ManifestCore
import Testing

/// HLS Interstitials (RFC 8216bis Appendix D) read as breaks of dialect `interstitial`: Apple's
/// VOD shape (pre-roll asset list, inserted mid-roll with skip control, post-roll) and AWS
/// MediaTailor's server-guided live shape (asset lists that replace content).
@Suite struct InterstitialTests {
  @Test func appleVODPreMidAndPostRolls() throws {
    let timeline = try Fixture.timeline("interstitial-apple-vod.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "pre", "pre", "interstitial", start: "0", duration: "0", planned: nil,
          segments: "0-none"),
        BreakSummary(
          "ad1", "ad1", "interstitial", start: "12.012", duration: "15", planned: nil,
          segments: "2-none"),
        BreakSummary(
          "post", "post", "interstitial", start: "36.036", duration: "10", planned: nil,
          segments: "6-none"),
      ])
    #expect(timeline.issues.isEmpty)
    #expect(timeline.breaks.map(\.isInserted) == [true, true, true])
    let pre = try #require(timeline.breaks[0].interstitial)
    #expect(pre.assetList == "https://ads.example.com/pre.json")
    #expect(pre.assetURI == nil)
    #expect(pre.cue == ["PRE", "ONCE"])
    #expect(pre.isPreRoll)
    #expect(pre.restrict == ["SKIP", "JUMP"])
    #expect(pre.timelineOccupies == "POINT")
    #expect(pre.resumeOffset == .zero)
    let ad = try #require(timeline.breaks[1].interstitial)
    #expect(
      ad
        == Interstitial(
          assetURI: "https://ads.example.com/ad1/index.m3u8", resumeOffset: .zero,
          snap: ["IN"], restrict: ["SKIP", "JUMP"], timelineStyle: "HIGHLIGHT",
          contentMayVary: "NO", skipControlOffset: ExactDecimal(5),
          skipControlDuration: ExactDecimal(10), skipControlLabelId: "skip-label"))
    #expect(timeline.breaks[1].line == 13)
    #expect(timeline.breaks[1].programDateTime?.description == "2020-01-02T21:55:52.012Z")
    let post = try #require(timeline.breaks[2].interstitial)
    #expect(post.isPostRoll && post.resumeOffset == nil)
    #expect(timeline.breaks[2].programDateTime?.description == "2020-01-02T21:56:16.036Z")
  }

  @Test func mediaTailorLiveReplacesContentAndStaysOpenAtTheEdge() throws {
    let timeline = try Fixture.timeline("interstitial-mediatailor-live.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "1741288802-1", "1741288802-1", "interstitial", start: "12", duration: "30", planned: nil,
          segments: "2-6"),
        BreakSummary(
          "1741288838-1", "1741288838-1", "interstitial", start: "48", duration: "30", planned: nil,
          segments: "8-9", open: true),
      ])
    #expect(timeline.issues.isEmpty)
    #expect(timeline.breaks.map(\.isInserted) == [false, false])
    let first = try #require(timeline.breaks[0].interstitial)
    #expect(first.resumeOffset == ExactDecimal(30))
    #expect(first.snap == ["OUT", "IN"])
    #expect(first.assetList?.hasSuffix("aws.availId=1741288802") == true)
  }

  @Test func laterTagWithTheSameIdAddsAttributes() throws {
    // A live packager announcing the break early, then adding its DURATION once known
    // (RFC 8216bis §4.4.5.1: later tags with the same ID may add attributes).
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00.000Z
        #EXT-X-DATERANGE:ID="b1",CLASS="com.apple.hls.interstitial",START-DATE="2025-01-01T00:00:04.000Z",X-ASSET-URI="https://ads.example.com/b1.m3u8"
        #EXTINF:4,
        a.ts
        #EXTINF:4,
        b.ts
        #EXT-X-DATERANGE:ID="b1",DURATION=8,X-RESUME-OFFSET=8,X-PLAYOUT-LIMIT=8
        #EXTINF:4,
        c.ts
        #EXTINF:4,
        d.ts

        """)
    #expect(
      timeline.summaries == [
        BreakSummary(
          "b1", "b1", "interstitial", start: "4", duration: "8", planned: nil,
          segments: "1-2")
      ])
    let adBreak = try #require(timeline.breaks.first)
    #expect(adBreak.interstitial?.playoutLimit == ExactDecimal(8))
    #expect(adBreak.signals[0].extras.map(\.line) == [9])
  }

  @Test func jsonTextAndPeriods() throws {
    let timeline = try Fixture.timeline("interstitial-apple-vod.m3u8")
    let json = try #require(timeline.jsonValue["breaks"]?.arrayValue?[1])
    #expect(
      json["interstitial"]?.jsonString() == """
        {"assetUri":"https://ads.example.com/ad1/index.m3u8","assetList":null,"resumeOffset":0,\
        "playoutLimit":null,"snap":["IN"],"restrict":["SKIP","JUMP"],"cue":[],\
        "timelineOccupies":null,"timelineStyle":"HIGHLIGHT","contentMayVary":"NO",\
        "skipControlOffset":5,"skipControlDuration":10,"skipControlLabelId":"skip-label"}
        """)
    #expect(json["dialect"] == .string("interstitial"))
    let text = timeline.text.split(separator: "\n").map(String.init)
    #expect(
      text == [
        "pre  interstitial  start 0  duration 0  planned -  segments none  "
          + "2020-01-02T21:55:40.000Z  asset-list https://ads.example.com/pre.json  resume 0  "
          + "cue PRE,ONCE  restrict SKIP,JUMP",
        "ad1  interstitial  start 12.012  duration 15  planned -  segments none  "
          + "2020-01-02T21:55:52.012Z  asset-uri https://ads.example.com/ad1/index.m3u8  "
          + "resume 0  restrict SKIP,JUMP",
        "post  interstitial  start 36.036  duration 10  planned -  segments none  "
          + "2020-01-02T21:56:16.036Z  asset-uri https://ads.example.com/post/index.m3u8  "
          + "cue POST",
        "3 ad breaks, 25 s of 36.036 s",
      ])
    // Inserted interstitials push the content after them later; nothing is replaced.
    let mpd = DASHPeriodWriter().presentation(timeline)
    #expect(mpd.mediaPresentationDuration == ExactDecimal(significand: 61036, scale: 3))
    #expect(
      mpd.periods.map {
        "\($0.id ?? "-") \($0.start.map { "\($0)" } ?? "-")+\($0.duration.map { "\($0)" } ?? "-")"
      }
        == [
          "pre 0+0", "CONTENT_0 0+12.012", "ad1 12.012+15", "CONTENT_2 27.012+24.024",
          "post 51.036+10",
        ])
  }

  @Test func replacingInterstitialsTakeTheContentsPlace() throws {
    let timeline = try Fixture.timeline("interstitial-mediatailor-live.m3u8")
    let mpd = DASHPeriodWriter().presentation(timeline)
    #expect(
      mpd.periods.map { "\($0.id ?? "-") \($0.start.map { "\($0)" } ?? "-")" }
        == ["CONTENT_D0 0", "1741288802-1 12", "CONTENT_1049 42", "1741288838-1 48"])
  }
}
