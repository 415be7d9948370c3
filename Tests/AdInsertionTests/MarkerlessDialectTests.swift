import AdInsertion
import Testing

/// grafov/m3u8's `#EXT-SCTE35:` (its SCTE35_67_2014 syntax: `CUE="…"`, `ID="…"`, `TIME=…`, and
/// nothing saying OUT or IN) and the opt-in detection of ads stitched without markers.
@Suite struct MarkerlessDialectTests {
  @Test func grafovEXTSCTE35TakesItsRoleFromTheCue() throws {
    // The OUT as grafov's writer writes it, the IN as its sample playlists (blanks after `,`).
    let timeline = try Fixture.timeline("ext-scte35-grafov.m3u8")
    #expect(
      timeline.summaries == [
        BreakSummary(
          "1001", "1001", "ext-scte35", start: "6.006", duration: "30.03", planned: "30",
          segments: "1-5")
      ])
    #expect(timeline.issues.isEmpty)
    let signal = try #require(timeline.breaks.first?.signals.first)
    #expect(signal.opening?.tag == "EXT-SCTE35")
    #expect(signal.opening?.attribute("TIME") == "6.006")
    #expect(signal.closing?.line == 18)
    #expect(signal.closing?.attribute("TIME") == "36.036")
    #expect(timeline.breaks.first?.scte35?.eventId == 1001)
  }

  @Test func mediaTailorAdsFromAnotherHostAreFoundOnlyWhenAsked() throws {
    // A MediaTailor VOD session manifest: content from the origin, ads from MediaTailor's
    // segment host, a DISCONTINUITY at each change, and an encoder restart in the content
    // (same origin: not a break). No marker at all.
    let bytes = try Fixture.bytes("discontinuity-mediatailor-vod.m3u8")
    #expect(try Fixture.timeline(bytes: bytes).breaks.isEmpty)
    let timeline = try Fixture.timeline(bytes: bytes, detecting: [.discontinuities])
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-1", "MSN-1", "discontinuity", start: "0", duration: "15.015", planned: nil,
          segments: "0-2"),
        BreakSummary(
          "MSN-8", "MSN-8", "discontinuity", start: "39.015", duration: "15", planned: nil,
          segments: "7-9"),
      ])
    #expect(timeline.issues.isEmpty)
    let preRoll = try #require(timeline.breaks.first?.signals.first)
    #expect(preRoll.opening == nil)
    #expect(preRoll.closing?.line == 12)
    let midRoll = try #require(timeline.breaks.last?.signals.first)
    #expect(midRoll.opening?.line == 21)
    #expect(midRoll.closing?.line == 28)
  }

  @Test func liveWindowEdgesAndMarkedBreaksWin() throws {
    // A Google DAI linear window: it starts in an ad from the ad CDN and ends in the next one.
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-MEDIA-SEQUENCE:310
        #EXTINF:4.0,
        https://redirector.googlevideo.com/ads/a1/seg3.ts
        #EXT-X-DISCONTINUITY
        #EXTINF:4.0,
        https://dai.google.com/linear/hls/event/abc/seg310.ts
        #EXTINF:4.0,
        https://dai.google.com/linear/hls/event/abc/seg311.ts
        #EXTINF:4.0,
        https://dai.google.com/linear/hls/event/abc/seg312.ts
        #EXT-X-DISCONTINUITY
        #EXTINF:4.0,
        https://redirector.googlevideo.com/ads/a2/seg0.ts

        """, detecting: [.discontinuities])
    #expect(
      timeline.summaries == [
        BreakSummary(
          "MSN-310", "MSN-310", "discontinuity", start: "0", duration: "4", planned: nil,
          segments: "0-0"),
        BreakSummary(
          "MSN-314", "MSN-314", "discontinuity", start: "16", duration: "4", planned: nil,
          segments: "4-4", open: true),
      ])
    #expect(timeline.breaks.map(\.startedBeforeWindow) == [true, false])
    // A CUE-OUT on the same segment: one break, the marker first; one overlapping it
    // elsewhere: the marker alone.
    let marked = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:4.0,
        content/1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-OUT:8
        #EXTINF:4.0,
        https://ads.example.com/x/0.ts
        #EXTINF:4.0,
        https://ads.example.com/x/1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-IN
        #EXTINF:4.0,
        content/2.ts
        #EXTINF:4.0,
        content/3.ts
        #EXT-X-ENDLIST

        """, detecting: [.discontinuities])
    #expect(marked.summaries.map(\.dialects) == ["cue-out+discontinuity"])
  }
}
