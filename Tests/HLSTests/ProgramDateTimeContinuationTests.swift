import HLS
import Testing

/// A tag on every segment that continues the last date-time shares its anchor; each segment
/// still gets its own date (found reading dvr-ll.m3u8, where every segment has a tag).
@Test func programDateTimeOnEverySegmentIsEachSegmentsOwn() throws {
  let playlist = try Playlist.parse(
    """
    #EXTM3U
    #EXT-X-TARGETDURATION:2
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:00.000Z
    #EXTINF:2.000,
    a.m4s
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:02.000Z
    #EXTINF:2.000,
    b.m4s
    #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:04.000Z
    #EXTINF:2.000,
    c.m4s
    """)
  let segments = try #require(playlist.media?.segments)
  #expect(
    segments.map { $0.programDateTime?.description } == [
      "2025-11-29T00:00:00.000Z", "2025-11-29T00:00:02.000Z", "2025-11-29T00:00:04.000Z",
    ])
  #expect(segments.map(\.hasOwnProgramDateTime) == [true, true, true])
}
