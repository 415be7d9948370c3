import HLS
import ManifestCore
import Testing

/// Sequence numbers and skip counts past 2^53 are refused, so adding segment positions to them
/// cannot overflow (found by fuzzing `m3u8-tool audit`).
@Suite struct SequenceBoundTests {
  @Test func hugeSequenceNumbersAreReportedAndReadAsZero() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-MEDIA-SEQUENCE:9223372036854775807
      #EXT-X-DISCONTINUITY-SEQUENCE:9007199254740992
      #EXT-X-SKIP:SKIPPED-SEGMENTS=9007199254740993
      #EXTINF:6,
      a.ts

      """)
    #expect(
      rendered(p.diagnostics) == [
        "3:1: error: EXT-X-MEDIA-SEQUENCE 9223372036854775807 is beyond 2^53; it is read as 0",
        "4:1: error: EXT-X-DISCONTINUITY-SEQUENCE 9007199254740992 is beyond 2^53; it is read as 0",
        "5:1: error: SKIPPED-SEGMENTS 9007199254740993 is beyond 2^53; it is read as 0",
      ])
    #expect(p.mediaSequence == 0 && p.discontinuitySequence == 0 && p.skip?.skippedSegments == 0)
    #expect(p.segments[0].mediaSequence == 0)
  }

  @Test func theLargestExactValueIsKept() throws {
    let p = try Playlist.media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:9007199254740991\n#EXTINF:6,\na.ts\n"
    )
    #expect(p.diagnostics == [])
    #expect(p.segments[0].mediaSequence == 9_007_199_254_740_991)
  }
}
