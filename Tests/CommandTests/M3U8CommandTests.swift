import Foundation
import M3U8Commands
import ManifestCore
import Testing
import ToolSupport

/// Runs `m3u8-tool` in-process and returns status, standard output and standard error.
func m3u8(_ arguments: [String], stdin: String = "", files: [String: String] = [:])
  -> (Int32, String, String)
{
  let io = ToolIO.memory(stdin: stdin, files: files)
  let status = M3U8Tool.tool.run(arguments, io: io)
  return (status, io.capturedOutput, io.capturedError)
}

/// The path of a playlist in `samples/hls`.
func hlsSample(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples/hls/\(name)").standardized.path
}

@Suite struct M3U8InfoDumpFormatTests {
  @Test func infoSummarisesAMediaPlaylist() {
    let (status, out, err) = m3u8(["info", hlsSample("media-fmp4-vod.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        kind: media
        version: 7
        target duration: 6 s
        playlist type: VOD, ended
        segments: 10 (media sequence 1–10)
        total duration: 57.891 s (0:00:57.891)
        seekable window: 0 – 57.891 s
        start: 0 s (playlist-start), media sequence 1 (index 0)
        discontinuities: 0 (sequence 0–0)
        keys: none
        maps: 1 (init.mp4)
        diagnostics: 0 errors, 0 warnings

        """)
  }

  @Test func infoSummarisesLowLatencyAndAdMarkers() {
    let (_, ll, _) = m3u8(["info", hlsSample("media-ll-live.m3u8")])
    #expect(
      ll.contains(
        """
        LL-HLS: part target 1.004 s, 10 parts, 1 preload hints, 2 rendition reports, \
        blocking reload, can skip until 24 s, part hold back 3.012 s
        """))
    #expect(ll.contains("program date-time: 2025-11-29T18:42:10.104Z – 2025-11-29T18:42:42.104Z"))
    let (_, ads, _) = m3u8(["info", hlsSample("media-ad-markers-live.m3u8")])
    #expect(
      ads.contains(
        """
        ad markers: 1 EXT-OATCLS-SCTE35, 1 EXT-X-CUE-OUT, 4 EXT-X-CUE-OUT-CONT, 1 EXT-X-CUE-IN
        ad breaks: 1
          SCTE35-1007  oatcls  start 12.012 s  duration 30.03 s
        diagnostics:
        """))
  }

  @Test func infoReportsAdBreaksFromTheTimeline() {
    // A DATERANGE break has no ad-marker tag but is a break all the same.
    let (_, dateRange, _) = m3u8(["info", hlsSample("media-daterange.m3u8")])
    #expect(
      dateRange.contains(
        """
        date ranges: 3
        ad breaks: 1
          splice-6FFFFFF0  daterange  start 6 s  duration 30 s
        diagnostics:
        """))
    // Adobe cues with an ID, and a break still open at the end of a live playlist.
    let live = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-MEDIA-SEQUENCE:300
      #EXT-X-CUE:TYPE=SpliceOut,ID=7,DURATION=12
      #EXTINF:6,
      a.ts
      #EXT-X-CUE-CONT:ID=7,AVAIL-DUR-ELAPSED=6
      #EXTINF:6,
      b.ts
      #EXT-X-CUE:TYPE=SpliceIn,ID=7
      #EXTINF:5.005,
      c.ts
      #EXT-X-CUE-OUT:30
      #EXTINF:6.006,
      d.ts

      """
    let (status, out, err) = m3u8(["info"], stdin: live)
    #expect(status == 0 && err == "")
    #expect(
      out.contains(
        """
        ad markers: 2 EXT-X-CUE, 1 EXT-X-CUE-CONT, 1 EXT-X-CUE-OUT
        ad breaks: 2
          7  adobe-cue  start 0 s  duration 12 s
          MSN-303  cue-out  start 17.005 s  duration 6.006 s  open, planned 30 s
        diagnostics: 0 errors, 0 warnings
        """))
    // A playlist without ad markers or breaks says nothing about them.
    let (_, vod, _) = m3u8(["info", hlsSample("media-ts-vod.m3u8")])
    #expect(!vod.contains("ad "))
  }

  @Test func infoListsTheVariantLadder() {
    let (status, out, _) = m3u8(["info", hlsSample("multivariant.m3u8")])
    #expect(status == 0)
    #expect(
      out.contains(
        """
        variants: 4
          2177116  960x540  avc1.640020,mp4a.40.2  audio=aac-stereo  subtitles=subs  cc=cc  v5/prog_index.m3u8
        """))
    #expect(out.contains("renditions: 6 (AUDIO 3, SUBTITLES 2, CLOSED-CAPTIONS 1)\n"))
  }

  @Test func dumpJSONHasTheContractShape() throws {
    let (status, out, _) = m3u8(["dump", "--json", hlsSample("media-byterange.m3u8")])
    #expect(status == 0)
    let json = try JSONValue.parse(out)
    #expect(json["kind"] == "media")
    #expect(json["targetDuration"] == 10)
    #expect(json["playlistType"] == "VOD")
    let segments = try #require(json["segments"]?.arrayValue)
    #expect(segments.count == 5)
    #expect(segments[1]["byteRange"] == ["length": 1_033_036, "offset": 1_052_272])
    #expect(segments[1]["duration"]?.decimalValue == ExactDecimal(10))
    #expect(segments[0]["keys"] == [])
    #expect(segments[0]["map"] == .null)
    #expect(json["partInf"] == .null)
    for key in [
      "version", "mediaSequence", "discontinuitySequence", "endList", "iFramesOnly",
      "independentSegments", "dateRanges", "serverControl", "preloadHints", "renditionReports",
      "skip", "start", "defines",
    ] {
      #expect(json[key] != nil, "missing \(key)")
    }
  }

  @Test func dumpJSONOfAMultivariantPlaylist() throws {
    let (_, out, _) = m3u8(["dump", hlsSample("multivariant.m3u8")])
    let json = try JSONValue.parse(out)
    #expect(json["kind"] == "multivariant")
    let variant = try #require(json["variants"]?.arrayValue?.first)
    #expect(variant["resolution"] == ["width": 960, "height": 540])
    #expect(variant["audio"] == "aac-stereo")
    #expect(json["media"]?.arrayValue?.first?["groupId"] == "aac-stereo")
    #expect(json["sessionKeys"]?.arrayValue?.first?["method"] == "SAMPLE-AES")
    #expect(json["contentSteering"]?["pathwayId"] == "CDN-A")
    #expect(json["iFrameVariants"]?.arrayValue?.count == 2)
  }

  @Test func formatIsAByteForByteFilter() {
    let input = "\u{FEFF}#EXTM3U\r\n#EXT-X-TARGETDURATION:6 \r\n\r\n#EXTINF:6.000,\r\na.ts"
    let (status, out, err) = m3u8(["format"], stdin: input)
    #expect(status == 0)
    #expect(err == "")
    #expect(out == input)
    #expect(m3u8(["format", "--check", "-"], stdin: input).0 == 0)
  }

  @Test func canonicalFormatAndCheck() {
    let input = "#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:6.000,\r\na.ts\r\n"
    let (status, out, _) = m3u8(["format", "--canonical"], stdin: input)
    #expect(status == 0)
    #expect(out == "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n")
    let (checkStatus, checkOut, checkErr) = m3u8(
      ["format", "--canonical", "--check"], stdin: input)
    #expect(checkStatus == 1)
    #expect(checkOut == "")
    #expect(checkErr == "<stdin>:1:1: error: not in canonical form [cli.format.not-canonical]\n")
    #expect(m3u8(["format", "--canonical", "--check"], stdin: out).0 == 0)
  }

  @Test func unusableInputAndUsageErrorsExitWith2() {
    let (status, out, err) = m3u8(["info"], stdin: "<MPD/>\n")
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err
        == "<stdin>:1:1: error: not an HLS playlist: the first line must be #EXTM3U [hls.extm3u.missing]\n"
    )
    let missing = m3u8(["dump", "/nonexistent/x.m3u8"])
    #expect(missing.0 == 2)
    #expect(
      missing.2
        == "/nonexistent/x.m3u8:1:1: error: cannot read: No such file or directory [io.read]\n")
    let usage = m3u8(["format", "--pretty"])
    #expect(usage.0 == 2)
    #expect(usage.2.hasPrefix("m3u8-tool format: error: unknown option '--pretty' [cli.option]\n"))
    let two = m3u8(["variants", "a", "b"])
    #expect(two.0 == 2)
    #expect(
      two.2.hasPrefix("m3u8-tool variants: error: expected at most one FILE, got 2 [cli.usage]\n"))
  }

  @Test func diagnosticsGoToStandardErrorAndParsingGoesOn() {
    let (status, out, err) = m3u8(
      ["info", "pl.m3u8"],
      files: [
        "pl.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:x,\na.ts\n"
      ])
    #expect(status == 0)
    #expect(
      err
        == "pl.m3u8:3:9: error: EXTINF duration must be a non-negative decimal number, got 'x' [hls.extinf.duration]\n"
    )
    #expect(out.hasPrefix("kind: media\n"))
  }

  @Test func variablesFromTheURLAndTheParent() throws {
    let (status, out, err) = m3u8([
      "dump", "--import", "cdn=https://c.example", hlsSample("media-define.m3u8"),
    ])
    #expect(status == 0)
    #expect(err == "")
    let json = try JSONValue.parse(out)
    #expect(json["segments"]?.arrayValue?.first?["uri"] == "https://c.example/video/720p/seg-1.m4s")
    #expect(
      json["defines"]?.arrayValue?.first == [
        "name": "cdn", "source": "import", "value": "https://c.example",
      ])
    let (_, info, _) = m3u8([
      "info", "--url", "https://o.example/m.m3u8?token=t1", hlsSample("multivariant-define.m3u8"),
    ])
    #expect(info.contains("https://cdn.example.com/vod/title-7/video/720p.m3u8?token=t1\n"))
    #expect(
      m3u8(["dump", "--import", "novalue", "-"]).2.hasPrefix(
        "m3u8-tool dump: error: --import needs NAME=VALUE, got 'novalue' [cli.usage]\n"))
  }

  @Test(arguments: ["info", "dump", "format"])
  func everyCommandHasHelp(command: String) {
    let (status, out, _) = m3u8([command, "--help"])
    #expect(status == 0)
    #expect(out.hasPrefix("usage: m3u8-tool \(command)"))
  }
}
