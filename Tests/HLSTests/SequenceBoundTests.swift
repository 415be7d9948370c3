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

  /// A packager that seeds both sequence numbers from the epoch in milliseconds when a channel
  /// starts (as origin packagers restarting a live channel do, so numbers never go back):
  /// values past 2^31 were cut to 32 bits in each segment's discontinuity sequence
  /// (1733097600000 read as -2069187584).
  @Test func discontinuitySequencesPast32BitsAreKeptOnEverySegment() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-TARGETDURATION:6
      #EXT-X-MEDIA-SEQUENCE:1733097600000
      #EXT-X-DISCONTINUITY-SEQUENCE:1733097600000
      #EXTINF:6.000,
      seg-1733097600000.ts
      #EXT-X-DISCONTINUITY
      #EXTINF:6.000,
      seg-1733097600001.ts

      """)
    #expect(p.diagnostics == [])
    #expect(p.discontinuitySequence == 1_733_097_600_000)
    #expect(p.segments.map(\.mediaSequence) == [1_733_097_600_000, 1_733_097_600_001])
    #expect(p.segments.map(\.discontinuitySequence) == [1_733_097_600_000, 1_733_097_600_001])
    let largest = try Playlist.media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-DISCONTINUITY-SEQUENCE:9007199254740991\n"
        + "#EXTINF:6,\na.ts\n")
    #expect(largest.segments[0].discontinuitySequence == 9_007_199_254_740_991)
  }
}
