import HLS
import ManifestCore
import Testing

@Suite struct DiagnosticTests {
  @Test func inputThatIsNoPlaylistThrows() {
    #expect(throws: ParseError(code: "hls.input.empty", message: "the input is empty")) {
      try Playlist.parse("")
    }
    #expect(
      throws: ParseError(
        code: "hls.extm3u.missing", message: "not an HLS playlist: the first line must be #EXTM3U",
        location: SourceLocation(line: 1, column: 1, offset: 0))
    ) {
      try Playlist.parse("#EXTINF:10,\na.ts\n")
    }
    #expect(
      throws: ParseError(
        code: "hls.input.binary", message: "binary data, not a playlist (NUL byte)",
        location: SourceLocation(line: 1, column: 1, offset: 0))
    ) {
      try Playlist.parse([0x00, 0x01, 0x47, 0x40, 0x00, 0x10])
    }
    #expect(
      throws: ParseError(
        code: "hls.extm3u.missing", message: "not an HLS playlist: the first line must be #EXTM3U",
        location: SourceLocation(line: 1, column: 1, offset: 3))
    ) {
      try Playlist.parse([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?>\n<MPD/>".utf8))
    }
  }

  @Test func mediaPlaylistProblemsHaveLineColumnAndMessage() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-VERSION:abc
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:LIVE
      #EXT-X-KEY:METHOD=AES-256,URI="k"
      #EXT-X-KEY:URI="k2"
      #EXT-X-KEY:METHOD=AES-128
      #EXTINF:six,
      a.ts
      #EXT-X-PROGRAM-DATE-TIME:2025-13-01T00:00:00Z
      #EXTINF:6,
      #EXT-X-BYTERANGE:100
      b.ts
      c.ts
      #EXT-X-PART:DURATION=1,URI="p.mp4",INDEPENDENT=maybe
      #EXT-X-MAP:URI="init.mp4",BYTERANGE=100@0
      #EXT-X-STREAM-INF:BANDWIDTH=1
      #EXTINF:6,
      """)
    #expect(
      rendered(p.diagnostics) == [
        "2:16: error: EXT-X-VERSION must be a decimal integer, got 'abc'",
        "4:22: error: EXT-X-PLAYLIST-TYPE must be EVENT or VOD, got 'LIVE'",
        "5:19: error: EXT-X-KEY: METHOD must be one of NONE, AES-128, SAMPLE-AES, SAMPLE-AES-CTR, got 'AES-256'",
        "6:1: error: EXT-X-KEY: missing required attribute METHOD",
        "7:1: error: EXT-X-KEY: missing required attribute URI",
        "8:9: error: EXTINF duration must be a non-negative decimal number, got 'six'",
        "10:26: error: EXT-X-PROGRAM-DATE-TIME must be an ISO 8601 date-time, got '2025-13-01T00:00:00Z'",
        "12:1: error: EXT-X-BYTERANGE has no offset and the previous segment is not a range of the same resource",
        "14:1: error: media segment 'c.ts' has no EXTINF",
        "15:48: error: EXT-X-PART: INDEPENDENT must be YES or NO, got 'maybe'",
        "16:37: error: EXT-X-MAP: BYTERANGE must be a quoted \"LENGTH[@OFFSET]\", got '100@0'",
        "17:1: warning: EXT-X-STREAM-INF does not belong in a media playlist",
        "18:1: error: EXTINF is not followed by a URI line",
      ])
  }

  @Test func attributeListSyntaxErrors() throws {
    let p = try Playlist.multivariant(
      """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID,NAME="x"
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a"x,NAME="x"
      #EXT-X-MEDIA:TYPE=SOUND,GROUP-ID=a,NAME="x",DEFAULT=YES,AUTOSELECT=NO,
      #EXT-X-STREAM-INF:BANDWIDTH=10,RESOLUTION=wide,FRAME-RATE=-1,HDCP-LEVEL=TYPE-9
      v.m3u8
      #EXT-X-STREAM-INF:CODECS="avc1"
      #EXT-X-SESSION-DATA:DATA-ID="x"
      """)
    #expect(
      rendered(p.diagnostics) == [
        "2:1: error: EXT-X-MEDIA: missing required attribute NAME",
        "2:43: error: EXT-X-MEDIA: unterminated quoted string in attribute 'NAME'",
        "3:1: error: EXT-X-MEDIA: missing required attribute GROUP-ID",
        "3:1: error: EXT-X-MEDIA: missing required attribute NAME",
        "3:33: error: EXT-X-MEDIA: expected '=' after attribute name 'GROUP-ID'",
        "4:1: error: EXT-X-MEDIA: missing required attribute GROUP-ID",
        "4:1: error: EXT-X-MEDIA: missing required attribute NAME",
        "4:37: error: EXT-X-MEDIA: unexpected 'x' after the quoted value of 'GROUP-ID'",
        "5:1: error: EXT-X-MEDIA: DEFAULT=YES requires AUTOSELECT=YES",
        "5:19: error: EXT-X-MEDIA: TYPE must be one of AUDIO, VIDEO, SUBTITLES, CLOSED-CAPTIONS, got 'SOUND'",
        "5:34: warning: EXT-X-MEDIA: GROUP-ID must be a quoted string",
        "5:70: error: EXT-X-MEDIA: trailing comma at the end of the attribute list",
        "6:43: error: EXT-X-STREAM-INF: RESOLUTION must be a resolution WIDTHxHEIGHT, got 'wide'",
        "6:59: error: EXT-X-STREAM-INF: FRAME-RATE must be a non-negative decimal number, got '-1'",
        "6:73: error: EXT-X-STREAM-INF: HDCP-LEVEL must be one of TYPE-0, TYPE-1, NONE, got 'TYPE-9'",
        "8:1: error: EXT-X-STREAM-INF: missing required attribute BANDWIDTH",
        "8:1: error: EXT-X-STREAM-INF is not followed by a URI line",
        "9:1: error: EXT-X-SESSION-DATA needs exactly one of VALUE or URI",
      ])
  }

  @Test func blanksAroundURIsAndBeforeTheSignature() throws {
    let p = try Playlist.media("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n  \tseg 1.ts \t\n")
    #expect(p.segments.first?.uri == "seg 1.ts")
    #expect(p.source.lines[3].valueStart == 46)
    #expect(throws: ParseError.self) { try Playlist.parse("  #EXTM3U\n") }
  }

  @Test func megabyteLinesAndGarbageNeverCrash() throws {
    let long = String(repeating: "a", count: 2_000_000)
    let p = try Playlist.media("#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\(long)\n\(long).ts\n")
    #expect(p.segments[0].title?.count == 2_000_000)
    #expect(p.segments[0].uri.count == 2_000_003)
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array(
      "#EXT-X-KEY:METHOD=,\"=@x0123456789\n\r ABCDEFGHIJKLMNOPQRSTUVWXYZ{$}".utf8)
    for _ in 0..<300 {
      let body = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator) ?? 0x20
      }
      let bytes = Array("#EXTM3U\n".utf8) + body
      let playlist = try Playlist.parse(bytes)
      #expect(playlist.bytes == bytes)
      _ = playlist.json()
      _ = CanonicalWriter.write(playlist.source)
      if case .media(let media) = playlist { _ = Array(media.segments) }
    }
  }
}
