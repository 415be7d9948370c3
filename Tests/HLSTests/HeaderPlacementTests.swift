import HLS
import ManifestCore
import Testing

/// A playlist whose `#EXTM3U` is not on the first line is not a playlist (RFC 8216bis §4.4.1.1:
/// it MUST be the first line), but the error says where the header is when it comes a few
/// lines late, as in a file someone annotated with a comment on top.
@Suite struct HeaderPlacementTests {
  @Test func commentsBeforeTheHeaderNameItsLine() {
    let text = """
      # https://example.com/authoring-guide
      #
      #EXTM3U
      #EXT-X-VERSION:7
      #EXT-X-STREAM-INF:BANDWIDTH=3971374,CODECS="hvc1.2.4.L123.B0",RESOLUTION=1280x720
      sdr_720/prog_index.m3u8

      """
    #expect(
      throws: ParseError(
        code: "hls.extm3u.missing",
        message: "not an HLS playlist: the first line must be #EXTM3U, which is on line 3 here",
        location: SourceLocation(line: 1, column: 1, offset: 0))
    ) {
      try Playlist.parse(text)
    }
  }

  @Test func aBlankFirstLineNamesTheHeaderLine() {
    #expect(
      throws: ParseError(
        code: "hls.extm3u.missing",
        message: "not an HLS playlist: the first line must be #EXTM3U, which is on line 2 here",
        location: SourceLocation(line: 1, column: 1, offset: 0))
    ) {
      try Playlist.parse("\n#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n")
    }
  }
}
