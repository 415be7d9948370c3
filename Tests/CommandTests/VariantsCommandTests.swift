import Foundation
import HLS
import M3U8Commands
import ManifestCore
import Testing
import ToolSupport

/// The text of a playlist in `samples/variants`.
func variantSample(_ name: String) throws -> String {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples/variants/\(name)").standardized
  return try String(contentsOf: url, encoding: .utf8)
}

@Suite struct VariantsCommandTests {
  let files: [String: String]

  init() throws {
    files = [
      "apple.m3u8": try variantSample("apple-avc-hevc-hdr.m3u8"),
      "news.m3u8": try variantSample("audio-only-and-no-resolution.m3u8"),
    ]
  }

  @Test func capsWriteAValidPlaylist() throws {
    let (status, out, err) = m3u8(
      ["variants", "--max-bandwidth", "2500000", "--max-resolution", "1280x720", "apple.m3u8"],
      files: files)
    #expect(status == 0)
    #expect(err == "")
    let playlist = try #require(try? Playlist.parse(out).multivariant)
    #expect(
      playlist.variants.map(\.uri) == [
        "avc/234p/prog_index.m3u8", "avc/360p/prog_index.m3u8", "avc/540p/prog_index.m3u8",
      ])
    #expect(
      playlist.iFrameVariants.map(\.uri) == [
        "avc/234p/iframe_index.m3u8", "avc/540p/iframe_index.m3u8",
      ])
    #expect(playlist.renditions.map(\.groupID) == ["aac-stereo", "aac-stereo", "subs", "cc"])
    #expect(playlist.diagnostics == [])
  }

  @Test func unmetCapsKeepTheLowestWithAWarning() {
    let (status, out, err) = m3u8(
      ["variants", "--max-bandwidth", "300000", "apple.m3u8"], files: files)
    #expect(status == 0)
    #expect(
      err
        == "apple.m3u8:19:1: warning: no variant fits BANDWIDTH <= 300000; keeping the lowest, "
        + "BANDWIDTH=530000 RESOLUTION=416x234 (avc/234p/prog_index.m3u8) [cli.variants.none-fits]\n"
    )
    #expect(out.contains("\navc/234p/prog_index.m3u8\n"))
    #expect(!out.contains("avc/360p/prog_index.m3u8"))
  }

  @Test func zeroCapsAreNoCapsAndOnlyBothSidesZeroIsAResolution() {
    let (status, out, err) = m3u8(
      ["variants", "--max-bandwidth", "0", "--max-resolution", "0x0", "apple.m3u8"], files: files)
    #expect(status == 0)
    #expect(err == "")
    #expect(out == files["apple.m3u8"])
    let half = m3u8(["variants", "--max-resolution", "0x720", "apple.m3u8"], files: files)
    let (halfStatus, _, halfErr) = half
    #expect(halfStatus == 2)
    #expect(
      halfErr
        == "m3u8-tool variants: error: option '--max-resolution' needs both sides above 0, or "
        + "0x0 for no cap, got '0x720' [cli.usage]\nRun 'm3u8-tool variants --help' for usage.\n")
  }

  @Test func theFallbackNamesTheCodecFamilyWhenItPassesOverACheaperRung() {
    // MediaConvert-style per-title ladder: an HEVC PQ rung below the lowest AVC SDR one.
    let ladder = """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-STREAM-INF:BANDWIDTH=651000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360
      title_avc_360p.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=410000,CODECS="hvc1.2.4.L93.B0,mp4a.40.2",RESOLUTION=640x360,VIDEO-RANGE=PQ
      title_hdr10_360p.m3u8

      """
    let (status, out, err) = m3u8(
      ["variants", "--max-bandwidth", "300000", "t.m3u8"], files: ["t.m3u8": ladder])
    #expect(status == 0)
    #expect(
      err
        == "t.m3u8:3:1: warning: no variant fits BANDWIDTH <= 300000; keeping the lowest of the "
        + "most compatible codecs (AVC SDR), BANDWIDTH=651000 RESOLUTION=640x360 "
        + "(title_avc_360p.m3u8) [cli.variants.none-fits]\n")
    #expect(out.contains("\ntitle_avc_360p.m3u8\n"))
    #expect(!out.contains("title_hdr10_360p.m3u8"))
  }

  @Test func strictCapsExitOneAndWriteNothing() {
    let (status, out, err) = m3u8(
      ["variants", "--max-resolution", "320x180", "--strict", "apple.m3u8"], files: files)
    #expect(status == 1)
    #expect(out == "")
    #expect(
      err
        == "apple.m3u8:19:1: error: no variant fits RESOLUTION <= 320x180; the lowest is "
        + "BANDWIDTH=530000 RESOLUTION=416x234 (avc/234p/prog_index.m3u8) [cli.variants.none-fits]\n"
    )
  }

  @Test func filtersThatMatchNothingExitOne() {
    let (status, out, err) = m3u8(["variants", "--codecs", "av01", "apple.m3u8"], files: files)
    #expect(status == 1)
    #expect(out == "")
    #expect(
      err
        == "apple.m3u8:19:1: error: no variant matches codecs starting with av01; the variants "
        + "have avc1.64001e, mp4a.40.2, avc1.64001f, avc1.640028, hvc1.2.4.L123.B0, ec-3, "
        + "hvc1.2.4.L150.B0 [cli.variants.no-match]\n")
  }

  @Test func resolutionCapSparesVariantsWithoutResolution() {
    let (status, out, _) = m3u8(
      ["variants", "--max-resolution", "640x360", "--list", "news.m3u8"], files: files)
    #expect(status == 0)
    #expect(
      out == """
        BANDWIDTH  AVERAGE  RESOLUTION  FPS  CODECS                 RANGE  AUDIO  SUBTITLES  URI
        64000      -        -           -    mp4a.40.5              -      -      -          audio/64k/index.m3u8
        464000     -        -           -    avc1.42e00d,mp4a.40.5  -      -      -          video/400k/index.m3u8

        """)
  }

  @Test func listJSONIsTheContractShape() {
    let (status, out, _) = m3u8(
      [
        "variants", "--list", "--json", "--video-range", "PQ", "--sort", "-bandwidth", "--first",
        "1", "apple.m3u8",
      ], files: files)
    #expect(status == 0)
    #expect(
      out == """
        {"variants":[{"uri":"hdr10/2160p/prog_index.m3u8","bandwidth":18150000,\
        "averageBandwidth":14420000,"resolution":{"width":3840,"height":2160},\
        "frameRate":23.976,"codecs":"hvc1.2.4.L150.B0,ec-3","videoRange":"PQ",\
        "audio":"ec3-51","subtitles":"subs"}]}

        """)
  }

  @Test func lowestBitRateForOffline() throws {
    let (status, out, _) = m3u8(
      ["variants", "--sort", "bandwidth", "--first", "1"], stdin: files["news.m3u8"] ?? "")
    #expect(status == 0)
    #expect(
      out == """
        #EXTM3U
        #EXT-X-VERSION:3
        # A news channel ladder from an older encoder: the low variants declare no RESOLUTION
        #EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=64000,CODECS="mp4a.40.5"
        audio/64k/index.m3u8

        """)
  }

  @Test(arguments: [
    (
      ["--max-resolution", "720p"],
      "option '--max-resolution' needs WIDTHxHEIGHT, got '720p' [cli.usage]"
    ),
    (
      ["--video-range", "HDR10"],
      "option '--video-range' needs SDR, PQ or HLG, got 'HDR10' [cli.usage]"
    ),
    (["--sort", "size"], "option '--sort' needs bandwidth or -bandwidth, got 'size' [cli.usage]"),
    (["--first", "0"], "option '--first' needs N of 1 or more [cli.usage]"),
    (
      ["--max-bandwidth", "-5"],
      "option '--max-bandwidth' needs a bit rate of 0 or more [cli.usage]"
    ),
    (
      ["--max-bandwidth", "5M"],
      "option '--max-bandwidth' needs a whole number, got '5M' [cli.option]"
    ),
    (["--codecs", ","], "option '--codecs' needs at least one codec prefix [cli.usage]"),
    (["--json"], "--json needs --list [cli.usage]"),
  ])
  func usageErrors(arguments: [String], message: String) {
    let (status, out, err) = m3u8(["variants"] + arguments + ["apple.m3u8"], files: files)
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err
        == "m3u8-tool variants: error: \(message)\nRun 'm3u8-tool variants --help' for usage.\n")
  }

  @Test func mediaPlaylistInput() {
    let (status, _, err) = m3u8(
      ["variants", "--first", "1"], stdin: "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\na.ts\n")
    #expect(status == 2)
    #expect(
      err
        == "<stdin>:1:1: error: a media playlist has no variants to select [cli.variants.media-playlist]\n"
    )
  }
}
