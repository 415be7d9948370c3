import HLS
import ManifestCore
import Testing

/// Media and discontinuity sequence numbers take the whole decimal-integer range, 0 to
/// 2^64 − 1 (RFC 8216bis §4.2; issue 17 item 8: they were refused past 2^53); segment numbers
/// past it wrap with a diagnostic, never a trap; skip counts past 2^53 are still refused.
@Suite struct SequenceBoundTests {
  /// Found by fuzzing `m3u8-tool audit` (then refused past 2^53; changed behaviour, issue 17
  /// item 8): the values are kept, and the one out of range is the skip count.
  @Test func hugeSequenceNumbersAreKeptAndAHugeSkipCountIsRefused() throws {
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
        "5:1: error: SKIPPED-SEGMENTS 9007199254740993 is beyond 2^53; it is read as 0"
      ])
    #expect(p.mediaSequence == 9_223_372_036_854_775_807)
    #expect(p.discontinuitySequence == 9_007_199_254_740_992 && p.skip?.skippedSegments == 0)
    #expect(p.segments[0].mediaSequence == 9_223_372_036_854_775_807)
  }

  /// A wall-clock-derived sequence (a packager numbering segments by nanoseconds since the
  /// epoch divided by the segment length, which lands past 2^63 on a zeroed-high-bit clock):
  /// the last segment takes 2^64 − 1 exactly, and the next one has no number.
  @Test func theLargestValueIsKeptToTheLastSegment() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:6
      #EXT-X-MEDIA-SEQUENCE:18446744073709551614
      #EXT-X-DISCONTINUITY-SEQUENCE:18446744073709551615
      #EXTINF:6.000,
      seg-18446744073709551614.ts
      #EXTINF:6.000,
      seg-18446744073709551615.ts

      """)
    #expect(p.diagnostics == [])
    #expect(p.segments.map(\.mediaSequence) == [.max - 1, .max])
    #expect(p.segments.map(\.discontinuitySequence) == [.max, .max])
    #expect(p.lastSequenceNumberUsed)
    let json = String(decoding: Playlist.media(p).json(), as: UTF8.self)
    #expect(json.contains(#""mediaSequence":18446744073709551614"#))
    #expect(json.contains(#""discontinuitySequence":18446744073709551615"#))
    let written = try PlaylistWriter.write(MediaPlaylistBuilder(p))
    #expect(
      String(decoding: written, as: UTF8.self).contains(
        "#EXT-X-MEDIA-SEQUENCE:18446744073709551614\n"
          + "#EXT-X-DISCONTINUITY-SEQUENCE:18446744073709551615\n"))
    let request = BlockingReloadRequest(
      after: try Playlist.media(
        "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES\n"
          + "#EXT-X-MEDIA-SEQUENCE:18446744073709551615\n#EXTINF:6,\na.ts\n"),
      url: "https://origin.example.com/live.m3u8", parts: false, skip: false)
    #expect(request.mediaSequence == nil)
    #expect(request.url == "https://origin.example.com/live.m3u8")
    #expect(
      request.notes == [
        "the last segment's media sequence number is 18446744073709551615: no next segment"
          + " to ask for, plain reload"
      ])
  }

  /// Numbers past 2^64 − 1 wrap to 0 with one error at the first segment that has none, and
  /// a tag value past it is not a decimal-integer.
  @Test func numbersPastTheRangeAreReportedNotTrapped() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-MEDIA-SEQUENCE:18446744073709551615
      #EXT-X-DISCONTINUITY-SEQUENCE:18446744073709551615
      #EXTINF:6,
      a.ts
      #EXT-X-DISCONTINUITY
      #EXTINF:6,
      b.ts

      """)
    #expect(
      rendered(p.diagnostics) == [
        "9:1: error: EXT-X-MEDIA-SEQUENCE 18446744073709551615 leaves no media sequence number"
          + " for segment 2 (past 18446744073709551615); numbers wrap to 0 from here",
        "9:1: error: EXT-X-DISCONTINUITY-SEQUENCE 18446744073709551615 plus 1 discontinuities"
          + " passes 18446744073709551615; numbers wrap to 0 from here",
      ])
    #expect(p.diagnostics.map(\.code) == ["hls.sequence.too-large", "hls.sequence.too-large"])
    #expect(p.segments.map(\.mediaSequence) == [.max, 0])
    let refused = try Playlist.media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:18446744073709551616\n")
    #expect(
      rendered(refused.diagnostics) == [
        "3:23: error: EXT-X-MEDIA-SEQUENCE must be a decimal integer (0 to"
          + " 18446744073709551615), got '18446744073709551616'"
      ])
    #expect(refused.mediaSequence == 0)
  }

  /// LL-HLS rendition reports of an origin numbering from 2^63: LAST-MSN is read and written in
  /// the whole range.
  @Test func renditionReportsTakeTheWholeRange() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-VERSION:9
      #EXT-X-TARGETDURATION:4
      #EXT-X-MEDIA-SEQUENCE:9223372036854775808
      #EXTINF:4.000,
      seg.mp4
      #EXT-X-RENDITION-REPORT:URI="../audio/live.m3u8",LAST-MSN=9223372036854775808,LAST-PART=2

      """)
    #expect(p.diagnostics == [])
    #expect(p.renditionReports.first?.lastMediaSequence == 9_223_372_036_854_775_808)
    let written = String(decoding: try PlaylistWriter.write(MediaPlaylistBuilder(p)), as: UTF8.self)
    #expect(written.contains("LAST-MSN=9223372036854775808,"))
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
