import ManifestCore
import Testing

@testable import HLS

/// Byte ranges whose end does not fit a 64-bit offset are diagnostics, not arithmetic traps.
@Suite struct ByteRangeBoundTests {
  @Test func explicitRangePastTheLargestOffset() throws {
    let media = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXTINF:4,
      #EXT-X-BYTERANGE:9223372036854775807@9223372036854775807
      a.ts
      #EXT-X-MAP:URI="i.mp4",BYTERANGE="9223372036854775807@1"
      #EXTINF:4,
      b.ts

      """)
    #expect(
      rendered(media.diagnostics) == [
        "4:18: error: EXT-X-BYTERANGE must be LENGTH[@OFFSET], got "
          + "'9223372036854775807@9223372036854775807'",
        "6:35: error: EXT-X-MAP: BYTERANGE must be a quoted \"LENGTH[@OFFSET]\", got "
          + "'9223372036854775807@1'",
      ])
    #expect(media.segments.map(\.byteRange) == [nil, nil])
  }

  @Test func implicitOffsetPastTheLargestOffset() throws {
    let media = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXTINF:4,
      #EXT-X-BYTERANGE:9223372036854775806@0
      a.ts
      #EXTINF:4,
      #EXT-X-BYTERANGE:2
      a.ts

      """)
    #expect(
      rendered(media.diagnostics) == [
        "7:1: error: EXT-X-BYTERANGE ends past the largest byte offset (9223372036854775807)"
      ])
    #expect(
      media.segments.map { $0.byteRange?.httpRange } == [
        "bytes=0-9223372036854775805", "bytes=0-1",
      ])
  }
}
