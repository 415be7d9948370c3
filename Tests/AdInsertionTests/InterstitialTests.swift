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

  /// X-SNAP (Apple's HLS Interstitials): OUT leaves primary content at the segment boundary
  /// nearest START-DATE, IN resumes it at the boundary nearest the resume point. 6 s segments,
  /// START-DATE 10 s in (inside segment 1, past its middle), X-RESUME-OFFSET=14, in the shape
  /// MediaTailor's server-guided playlists use (X-SNAP="OUT,IN").
  @Test(arguments: [
    ("", "6", "1-3"), ("OUT,IN", "12", "2-3"), ("OUT", "12", "2-4"), ("IN", "6", "1-2"),
  ])
  func snapMovesStartAndEndToTheNearestBoundary(_ snap: String, _ start: String, _ segments: String)
    throws
  {
    let attribute = snap.isEmpty ? "" : ",X-SNAP=\"\(snap)\""
    var text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-PROGRAM-DATE-TIME:2025-03-06T19:20:00.000Z
      #EXT-X-DATERANGE:ID="b1",CLASS="com.apple.hls.interstitial",START-DATE="2025-03-06T19:20:10.000Z",DURATION=14,X-ASSET-URI="https://ads.example.com/b1.m3u8",X-RESUME-OFFSET=14\(attribute)

      """
    for i in 0..<8 { text += "#EXTINF:6.000,\nseg\(i).ts\n" }
    text += "#EXT-X-ENDLIST\n"
    let timeline = try Fixture.timeline(text: text)
    let adBreak = try #require(timeline.breaks.first)
    #expect(BreakSummary(adBreak).segments == segments)
    #expect(adBreak.start.description == start)
    #expect(adBreak.duration == ExactDecimal(14))
  }

  /// broadpeak.io's server-guided VOD (its Ad Proxy's pre-roll, mid-roll at 30 s and post-roll
  /// slots, each an X-ASSET-LIST on stream.broadpeak.io; TS media with the
  /// EXT-X-PROGRAM-DATE-TIME broadpeak.io requires): three inserted interstitials. Modelled on
  /// broadpeak.io's documentation (Ad Proxy slots, source requirements); no playlist it wrote
  /// was found to copy, so the URLs and ids are illustrative.
  @Test func broadpeakVODSlotsAreInserted() throws {
    let timeline = try Fixture.timeline("interstitial-broadpeak-vod.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "bpkio-pre", "bpkio-pre", "interstitial", start: "0", duration: "0", planned: nil,
          segments: "0-none"),
        BreakSummary(
          "bpkio-mid-30", "bpkio-mid-30", "interstitial", start: "30", duration: "0",
          planned: "30", segments: "3-none"),
        BreakSummary(
          "bpkio-post", "bpkio-post", "interstitial", start: "60", duration: "0", planned: nil,
          segments: "6-none"),
      ])
    #expect(timeline.issues.isEmpty)
    let json = try #require(timeline.jsonValue["breaks"]?.arrayValue?[1])
    #expect(
      json.jsonString() == """
        {"id":"bpkio-mid-30","dialect":"interstitial","start":30,"duration":0,\
        "plannedDuration":30,"startSegment":3,"endSegment":null,"open":false,\
        "programDateTime":"2025-06-01T20:00:30.000Z","scte35":null,"beacons":[],\
        "periodId":"bpkio-mid-30","startedBeforeWindow":false,"line":14,\
        "dialects":["interstitial"],"mediaSequence":3,"interstitial":{"assetUri":null,\
        "assetList":"https://stream.broadpeak.io/6e2d9a1c/sgai/asset-list.json?\
        bpkio_serviceid=6e2d9a1c&bpkio_slot=30","resumeOffset":0,"playoutLimit":null,"snap":[],\
        "restrict":["SKIP","JUMP"],"cue":["ONCE"],"timelineOccupies":null,\
        "timelineStyle":null,"contentMayVary":null,"skipControlOffset":null,\
        "skipControlDuration":null,"skipControlLabelId":null}}
        """)
    #expect(
      timeline.breaks.map { $0.interstitial?.cue ?? [] } == [
        ["PRE", "ONCE"], ["ONCE"], ["POST", "ONCE"],
      ])
  }

  /// Harmonic VOS360's server-guided live output (SCTE-35 breaks as replacing interstitials with
  /// X-ASSET-URI, X-RESUME-OFFSET = DURATION, X-RESTRICT="SKIP,JUMP", X-SNAP="OUT,IN",
  /// CUE="ONCE"; CMAF 2 s segments): the splice at 7.04 s snaps to the boundary at 8 s, the
  /// content resumes at 28 s, and the second break runs past the window. Modelled on the
  /// attributes the issue names for Harmonic; no playlist it wrote was found to copy.
  @Test func harmonicLiveSnapsToSegmentBoundaries() throws {
    let timeline = try Fixture.timeline("interstitial-harmonic-live.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "vos-ad-1049", "vos-ad-1049", "interstitial", start: "8", duration: "20",
          planned: nil, segments: "4-13"),
        BreakSummary(
          "vos-ad-1050", "vos-ad-1050", "interstitial", start: "36", duration: "30",
          planned: nil, segments: "18-19", open: true),
      ])
    #expect(timeline.issues.isEmpty)
    #expect(timeline.breaks[0].programDateTime?.description == "2025-06-01T20:00:08.000Z")
    #expect(
      timeline.breaks[0].interstitial
        == Interstitial(
          assetURI: "https://ads.example.com/vos360/pods/1049/index.m3u8",
          resumeOffset: ExactDecimal(20), snap: ["OUT", "IN"], restrict: ["SKIP", "JUMP"],
          cue: ["ONCE"]))
  }

  /// The interstitial's asset in its DASH Period: an Alternative MPD event (ISO/IEC 23009-1
  /// §5.16), InsertPresentation for an inserted one, ReplacePresentation over the content a
  /// replacing one covers.
  @Test func periodsCarryTheAssetAsAnAlternativeMPDEvent() throws {
    let harmonic = try Fixture.timeline("interstitial-harmonic-live.m3u8")
    #expect(
      DASHPeriodWriter().period(harmonic.breaks[0]) == """
        <Period id="vos-ad-1049" duration="PT20S" start="PT8S">
          <AssetIdentifier schemeIdUri="urn:com:vodafone:vtv:ssai:2019" value="ad"/>
          <EventStream schemeIdUri="urn:mpeg:dash:event:alternativeMPD:replace:2025" timescale="1000">
            <Event id="0" duration="20000">
              <ReplacePresentation uri="https://ads.example.com/vos360/pods/1049/index.m3u8" executeOnce="true" noJump="1"/>
            </Event>
          </EventStream>
        </Period>
        """)
    let broadpeak = try Fixture.timeline("interstitial-broadpeak-vod.m3u8")
    #expect(
      DASHPeriodWriter().period(broadpeak.breaks[2]) == """
        <Period id="bpkio-post" duration="PT0S" start="PT60S">
          <AssetIdentifier schemeIdUri="urn:com:vodafone:vtv:ssai:2019" value="ad"/>
          <EventStream schemeIdUri="urn:mpeg:dash:event:alternativeMPD:insert:2025" timescale="1000">
            <Event id="0">
              <InsertPresentation uri="https://stream.broadpeak.io/6e2d9a1c/sgai/asset-list.json?bpkio_serviceid=6e2d9a1c&amp;bpkio_slot=post" executeOnce="true"/>
            </Event>
          </EventStream>
        </Period>
        """)
  }
}
