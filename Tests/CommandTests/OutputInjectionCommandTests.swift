import Foundation
import SCTE35Commands
import Testing
import ThumbnailCommands
import ToolSupport

/// A value in an input or an argument never changes the structure of what a tool writes: HLS
/// URIs are percent-encoded or refused, and messages and text views escape control characters
/// (issue 12, findings 10 and 11; docs/cli-contract.md, "Escaping").
@Suite struct OutputInjectionCommandTests {
  private let quotePlaylist = """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-KEY:METHOD=AES-128,URI=k"
    #EXT-X-MAP:URI=m"
    #EXT-X-DATERANGE:ID="ad",START-DATE="2024-01-01T00:00:00Z",X-ASSET-URI=a"
    #EXTINF:6,
    s.ts

    """

  @Test func resolvePercentEncodesAQuote() {
    let (status, out, _) = m3u8(["resolve", "--base", "https://h/d/x.m3u8"], stdin: quotePlaylist)
    #expect(status == 0)
    #expect(
      out == """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-KEY:METHOD=AES-128,URI="https://h/d/k%22"
        #EXT-X-MAP:URI="https://h/d/m%22"
        #EXT-X-DATERANGE:ID="ad",START-DATE="2024-01-01T00:00:00Z",X-ASSET-URI="https://h/d/a%22"
        #EXTINF:6,
        https://h/d/s.ts

        """)
    // The output parses: no error about the KEY, MAP or DATERANGE.
    let (_, _, err) = m3u8(["info"], stdin: out)
    #expect(!err.contains("error"))
  }

  @Test func canonicalFormKeepsWhatItDoesNotUnderstand() {
    let (status, out, err) = m3u8(
      ["format", "--canonical"],
      stdin: """
        #EXTM3U
        #EXT-X-DEFINE:NAME="two",VALUE="2"
        #EXT-X-TARGETDURATION:6
        #EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x{$two}
        #EXTINF: 6,
        s{$two}.ts

        """)
    #expect(status == 0)
    #expect(
      out == """
        #EXTM3U
        #EXT-X-DEFINE:NAME="two",VALUE="2"
        #EXT-X-TARGETDURATION:6
        #EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x{$two}
        #EXTINF: 6,
        s{$two}.ts

        """)
    #expect(
      err == """
        <stdin>:4:38: error: EXT-X-KEY: IV must be a hexadecimal sequence 0x…, got '0x{$two}' [hls.attribute.hexadecimal]
        <stdin>:5:9: error: EXTINF duration must be a non-negative decimal number, got ' 6' [hls.extinf.duration]

        """)
  }

  @Test func urlsPercentEncodesNewlinesAndTabs() {
    let (status, out, err) = m3u8(
      ["urls", "--base", "https://h/p.m3u8?v=a%0Ab"],
      stdin: """
        #EXTM3U
        #EXT-X-VERSION:11
        #EXT-X-DEFINE:QUERYPARAM="v"
        #EXT-X-TARGETDURATION:6
        #EXTINF:6,
        {$v}.ts
        #EXTINF:6,
        #EXT-X-BYTERANGE:10@0
        a\tbytes=0-1.ts

        """)
    #expect(status == 0)
    #expect(err == "")
    #expect(out == "https://h/a%0Ab.ts\nhttps://h/a%09bytes=0-1.ts\tbytes=0-9\n")
  }

  @Test(arguments: [
    (["resolve", "--base", "https://h/d\n#EXT-X-ENDLIST/x.m3u8"], "resolve", "--base"),
    (["urls", "--base", "https://h/\r/x.m3u8"], "urls", "--base"),
    (["next-request", "--url", "https://h/l.m3u8\u{85}"], "next-request", "--url"),
  ])
  func controlCharactersInURLArgumentsAreRefused(
    arguments: [String], command: String, option: String
  ) {
    let (status, out, err) = m3u8(arguments, stdin: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n")
    #expect(status == 2)
    #expect(out == "")
    let value = arguments[2]
      .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
      .replacingOccurrences(of: "\u{85}", with: "\\u{85}")
    #expect(
      err == "m3u8-tool \(command): error: \(option) must not hold control characters, got '"
        + "\(value)' [cli.usage]\nRun 'm3u8-tool \(command) --help' for usage.\n")
  }

  @Test func aNewlineInASpriteTemplateIsRefused() {
    let (status, out, err) = thumbnailTool([
      "generate", "--template", "s-~index~.jpg\n#EXT-X-ENDLIST", "--columns", "2", "--rows", "2",
      "--interval", "5", "--width", "10", "--height", "10", "--duration", "20",
    ])
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err == """
        thumbnail-tool generate: error: --template must not hold control characters, got \
        's-~index~.jpg\\n#EXT-X-ENDLIST' [cli.usage]
        Run 'thumbnail-tool generate --help' for usage.

        """)
  }

  @Test func spriteURLsArePercentEncodedInImagePlaylists() {
    let (status, out, err) = thumbnailTool([
      "generate", "--format", "hls", "--template", "s\" ~index~.jpg ", "--columns", "1", "--rows",
      "1", "--interval", "5", "--width", "10", "--height", "10", "--duration", "5",
    ])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:5
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-IMAGES-ONLY
        #EXTINF:5.000,
        #EXT-X-TILES:RESOLUTION=10x10,LAYOUT=1x1,DURATION=5.000
        s%22 1.jpg%20
        #EXT-X-ENDLIST

        """)
  }

  @Test func aFileNameWithANewlineStaysOnItsDiagnosticLine() {
    let name = "a\nb.m3u8:1:1: error: forged"
    let (status, _, err) = m3u8(
      ["info", name], files: [name: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:x,\na.ts\n"])
    #expect(status == 0)
    #expect(
      err == "a\\nb.m3u8:1:1: error: forged:3:9: error: EXTINF duration must be a "
        + "non-negative decimal number, got 'x' [hls.extinf.duration]\n")
    let (missing, _, readError) = m3u8(["info", "/nonexistent/\u{1B}[2J.m3u8"])
    #expect(missing == 2)
    #expect(
      readError
        == "/nonexistent/\\u{1B}[2J.m3u8:1:1: error: cannot read: No such file or directory [io.read]\n"
    )
  }

  @Test func validateEscapesTheFileNameOnItsSummaryLine() {
    let name = "a\nb.vtt"
    let (status, out, err) = thumbnailTool(
      ["validate", name], files: [name: "WEBVTT\n\n00:00.000 --> 00:05.000\na.jpg\n"])
    #expect(status == 0)
    #expect(err == "")
    #expect(out == "a\\nb.vtt: 1 thumbnails, 0 errors, 0 warnings\n")
  }

  @Test func textViewsEscapeControlCharacters() {
    let playlist = """
      #EXTM3U
      #EXT-X-VERSION:11
      #EXT-X-DEFINE:QUERYPARAM="v"
      #EXT-X-TARGETDURATION:6
      #EXT-X-MAP:URI="{$v}"
      #EXT-X-KEY:METHOD=AES-128,URI="\u{1B}[2J"
      #EXTINF:6,
      a.ts

      """
    let (_, info, _) = m3u8(
      ["info", "--url", "https://h/p.m3u8?v=x%0A<stdin>:1:1:%20error:%20forged"], stdin: playlist)
    #expect(info.contains("maps: 1 (x\\n<stdin>:1:1: error: forged)\n"))
    #expect(!info.contains("\n<stdin>"))
    let (_, keys, _) = m3u8(["keys"], stdin: playlist)
    #expect(
      keys == """
        TAG  PLAYLIST  LINE  SEGMENTS  MSN  SYSTEM   METHOD   KEY ID  DETAIL
        key  <stdin>   6     0         0    AES-128  AES-128  -       \\u{1B}[2J

        """)
  }

  @Test func scte35TextAndMessagesEscapeNewlines() {
    // A time_signal whose URI UPID is "x\nf:1:1: err!".
    let payload =
      "/DA5AAAAAAAAAP/wBQb+AAHiQAAjAiFDVUVJAAATiH//AAApMuAPDXgKZjoxOjE6IGVyciE0AQH/+iUl"
    let io = ToolIO.memory()
    #expect(SCTE35Tool.tool.run(["decode", "--text", payload], io: io) == 0)
    #expect(io.capturedOutput.contains("\n    segmentationUpid: x\\nf:1:1: err!\n"))
    #expect(!io.capturedOutput.contains("\nf:1:1"))

    let encode = ToolIO.memory(
      stdin: #"{"tableId":252,"spliceCommandType":0,"x\nf:1:1: error: forged":1}"#)
    #expect(SCTE35Tool.tool.run(["encode"], io: encode) == 2)
    #expect(
      encode.capturedError
        == "<stdin>:1:1: error: x\\nf:1:1: error: forged: is not a member of this object [scte35.bad-json]\n"
    )
  }

  /// A DATERANGE ID holding an escape sequence (ESC [2J clears a terminal), as a packager that
  /// copies an upstream event name unfiltered would write it.
  private let escapeIDPlaylist = """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00Z
    #EXT-X-DATERANGE:ID="ad\u{1B}[2J",START-DATE="2025-01-01T00:00:00Z",PLANNED-DURATION=6,\
    SCTE35-OUT=0xFC302500000000000000FFF01405000003E97FEFFE002B1520FE002932E003E90000000\
    0F68642BA
    #EXTINF:6,
    a.ts
    #EXTINF:6,
    b.ts
    #EXT-X-ENDLIST

    """

  @Test func adsTextEscapesControlCharactersInIDs() {
    let (status, out, _) = m3u8(["ads", "--format", "text"], stdin: escapeIDPlaylist)
    #expect(status == 0)
    #expect(
      out == """
        ad\\u{1B}[2J  daterange  start 0  duration 12  planned 6  segments 0-1  \
        2025-01-01T00:00:00Z  open
        1 ad break, 12 s of 12 s

        """)
  }

  @Test func auditTextEscapesControlCharactersInFindings() {
    let (status, out, _) = m3u8(["audit"], stdin: escapeIDPlaylist)
    #expect(status == 1)
    #expect(
      out.hasPrefix(
        "<stdin>:4:1: error: EXT-X-DATERANGE ID 'ad\\u{1B}[2J' on line 4 opens an ad break "
          + "that no SCTE35-IN, END-DATE or DURATION ends [ads.cue-out-without-cue-in]\n"))
    #expect(!out.unicodeScalars.contains("\u{1B}"))
  }
}
