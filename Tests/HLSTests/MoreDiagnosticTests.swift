import HLS
import ManifestCore
import Testing

@Suite struct MoreDiagnosticTests {
  @Test func headerAndSegmentTagMisuse() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-VERSION:7
      #EXT-X-KEY:METHOD=NONE,URI="k"
      #EXT-X-BITRATE:fast
      #EXT-X-TILES:RESOLUTION=320x180
      #EXT-X-PART:URI="p.mp4"
      #EXT-X-PART:DURATION=1,URI="q.mp4",BYTERANGE="10"
      #EXT-X-MAP
      #EXTINF:4,
      #EXTINF:4,
      a.ts
      #EXT-X-MEDIA-SEQUENCE:3
      #EXT-X-DISCONTINUITY-SEQUENCE:1
      #EXT-X-SKIP:SKIPPED-SEGMENTS=2
      #EXTM3U
      #EXT-X-DATERANGE:ID="x",START-DATE="2025-11-29T00:00:00Z",SCTE35-OUT=FC30,=1
      """)
    #expect(
      rendered(p.diagnostics) == [
        "1:1: error: missing EXT-X-TARGETDURATION",
        "3:1: error: EXT-X-VERSION appears more than once",
        "4:1: error: EXT-X-KEY: METHOD=NONE must not have URI or IV",
        "5:16: error: EXT-X-BITRATE must be a decimal integer (kbit/s), got 'fast'",
        "6:1: error: EXT-X-TILES: missing required attribute LAYOUT",
        "7:1: error: EXT-X-PART: missing required attribute DURATION",
        "8:1: error: EXT-X-PART: BYTERANGE has no offset and the previous part is not a range of the same resource",
        "9:1: error: EXT-X-MAP needs an attribute list",
        "10:1: warning: EXTINF without a URI before the next EXTINF",
        "13:1: error: EXT-X-MEDIA-SEQUENCE must appear before the first segment",
        "14:1: error: EXT-X-DISCONTINUITY-SEQUENCE must appear before the first segment",
        "15:1: error: EXT-X-SKIP must appear before the first segment",
        "16:1: warning: #EXTM3U appears again on line 16",
        "17:70: error: EXT-X-DATERANGE: SCTE35-OUT must be a hexadecimal sequence 0x…, got 'FC30'",
        "17:75: error: EXT-X-DATERANGE: empty attribute name",
      ])
  }

  @Test func variableDefinitionProblems() throws {
    let p = try Playlist.multivariant(
      """
      #EXTM3U
      #EXT-X-DEFINE:NAME="a",VALUE="1"
      #EXT-X-DEFINE:NAME="a",VALUE="2"
      #EXT-X-DEFINE:NAME="b c",VALUE=x
      #EXT-X-DEFINE:NAME="d"
      #EXT-X-DEFINE:QUERYPARAM="token"
      #EXT-X-DEFINE:FOO="bar"
      #EXT-X-SESSION-KEY:METHOD=NONE
      #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC",URI="cc.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=1,CLOSED-CAPTIONS=NONE
      {$a}/{$nope}/{$token}.m3u8
      stray.m3u8
      """)
    #expect(
      rendered(p.diagnostics) == [
        "3:1: error: EXT-X-DEFINE: variable \"a\" is defined twice",
        "4:21: error: EXT-X-DEFINE: NAME must be a quoted name of [a-zA-Z0-9_-], got 'b c'",
        "4:32: warning: EXT-X-DEFINE: VALUE must be a quoted string",
        "5:1: error: EXT-X-DEFINE: missing required attribute VALUE",
        "6:1: error: EXT-X-DEFINE: QUERYPARAM \"token\" is not in the playlist URL's query",
        "7:1: error: EXT-X-DEFINE needs NAME, IMPORT or QUERYPARAM",
        "8:1: error: EXT-X-SESSION-KEY: METHOD must not be NONE",
        "9:1: error: EXT-X-MEDIA: TYPE=CLOSED-CAPTIONS must not have a URI",
        "9:1: error: EXT-X-MEDIA: missing required attribute INSTREAM-ID",
        "11:6: error: undefined variable {$nope}",
        "12:1: warning: URI line 'stray.m3u8' does not follow an EXT-X-STREAM-INF",
      ])
    #expect(p.variants.first?.uri == "2/{$nope}/{$token}.m3u8")
    #expect(p.variants.first?.closedCaptions == "NONE")
  }

  /// Hand-rolled packaging scripts write bit rates as floats; the value is an error but the
  /// variant keeps the whole part, as players read it, instead of falling to the bottom.
  @Test func fractionalBandwidthIsReportedAndTruncated() throws {
    let p = try Playlist.multivariant(
      """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=2560000.4,AVERAGE-BANDWIDTH=2400000,RESOLUTION=1280x720
      720p.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=-5,RESOLUTION=640x360
      360p.m3u8
      """)
    #expect(
      rendered(p.diagnostics) == [
        "2:29: error: EXT-X-STREAM-INF: BANDWIDTH must be a decimal integer, got '2560000.4'",
        "4:29: error: EXT-X-STREAM-INF: BANDWIDTH must be a decimal integer, got '-5'",
      ])
    #expect(p.variants.map(\.bandwidth) == [2_560_000, 0])
    #expect(p.variants.map(\.averageBandwidth) == [2_400_000, nil])
  }

  /// Some packagers write EXT-X-MAP and EXT-X-PART BYTERANGE unquoted; the quotes are missing
  /// (an error) but the range is still read, so downloads fetch only the bytes they name.
  @Test func unquotedByteRangesAreReportedAndKept() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-VERSION:9
      #EXT-X-TARGETDURATION:4
      #EXT-X-PART-INF:PART-TARGET=1.0
      #EXT-X-MAP:URI="main.mp4",BYTERANGE=720@0
      #EXTINF:4.0,
      #EXT-X-BYTERANGE:96000@720
      main.mp4
      #EXT-X-PART:DURATION=1.0,URI="main.mp4",BYTERANGE=24000@96720,INDEPENDENT=YES
      #EXT-X-PART:DURATION=1.0,URI="main.mp4",BYTERANGE=23500
      """)
    #expect(
      rendered(p.diagnostics) == [
        "5:37: error: EXT-X-MAP: BYTERANGE must be a quoted \"LENGTH[@OFFSET]\", got '720@0'",
        "9:51: error: EXT-X-PART: BYTERANGE must be a quoted \"LENGTH[@OFFSET]\", got "
          + "'24000@96720'",
        "10:51: error: EXT-X-PART: BYTERANGE must be a quoted \"LENGTH[@OFFSET]\", got '23500'",
      ])
    #expect(p.maps.first?.byteRange == ByteRange(length: 720, offset: 0, offsetWasExplicit: true))
    #expect(
      p.pendingParts.map(\.byteRange) == [
        ByteRange(length: 24000, offset: 96720, offsetWasExplicit: true),
        ByteRange(length: 23500, offset: 120720, offsetWasExplicit: false),
      ])
  }
  /// The canonical form quotes an unquoted BYTERANGE, so it reads back without the error.
  @Test func canonicalFormQuotesUnquotedByteRanges() throws {
    let text = """
      #EXTM3U
      #EXT-X-VERSION:7
      #EXT-X-TARGETDURATION:4
      #EXT-X-MAP:BYTERANGE=720@0,URI="main.mp4"
      #EXTINF:4,
      #EXT-X-BYTERANGE:96000@720
      main.mp4
      #EXT-X-ENDLIST
      """
    let canonical = CanonicalWriter.write(try Playlist.parse(Array(text.utf8)).source)
    #expect(
      String(decoding: canonical, as: UTF8.self) == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:4
        #EXT-X-MAP:URI="main.mp4",BYTERANGE="720@0"
        #EXTINF:4,
        #EXT-X-BYTERANGE:96000@720
        main.mp4
        #EXT-X-ENDLIST

        """)
    let reread = try Playlist.media(String(decoding: canonical, as: UTF8.self))
    #expect(reread.diagnostics.isEmpty)
    #expect(
      reread.maps.first?.byteRange == ByteRange(length: 720, offset: 0, offsetWasExplicit: true))
  }
}
