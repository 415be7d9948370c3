import AdInsertion
import ManifestCore
import Testing

/// Inputs `tools/fuzz/run.sh ads` found, each with the invariant it broke.
@Suite struct FuzzFindingsTests {
  /// Two 16-digit EXTINF durations sum to a 19-digit break duration; the JSON timeline wrote
  /// it, but the decimal reader took at most 18 digits, so it read back as a Double
  /// ("the JSON timeline does not read back to itself").
  @Test func aBreakLongerThan18DigitsReadsBackFromJSON() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-CUE-OUT:12
        #EXTINF:9300000000000006,
        a.ts
        #EXTINF:9300000000000012.02,
        b.ts
        """)
    let duration = try #require(timeline.breaks.first).duration
    #expect(duration.description == "18600000000000018.02")
    let json = timeline.jsonValue
    #expect(try JSONValue.parse(json.serialized(pretty: true)) == json)
  }

  /// A break ending on the segment numbered 2^64 − 1 trapped on the overflow while naming the
  /// content Period after it (`DASHPeriodWriter.mpd`); that number wraps to 0, as segment
  /// numbers past 2^64 − 1 do.
  @Test func aBreakEndingOnTheLastMediaSequenceNumberNamesTheNextPeriod() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:18446744073709551615
        #EXT-X-CUE-OUT:6
        #EXTINF:6.000,
        live_2006.ts
        #EXT-X-CUE-IN
        #EXTINF:6,
        seg.ts
        """)
    let mpd = DASHPeriodWriter(scheme: .xml).mpd(timeline)
    #expect(mpd.contains(#"<Period id="CONTENT_0""#))
  }
}
