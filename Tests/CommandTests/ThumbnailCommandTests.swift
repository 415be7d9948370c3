import Foundation
import Subtitles
import Testing
import ThumbnailCommands
import ToolSupport

/// Runs `thumbnail-tool` in-process and returns status, standard output and standard error.
func thumbnailTool(_ arguments: [String], stdin: String = "", files: [String: String] = [:])
  -> (Int32, String, String)
{
  let io = ToolIO.memory(stdin: stdin, files: files)
  let status = ThumbnailTool.tool.run(arguments, io: io)
  return (status, io.capturedOutput, io.capturedError)
}

/// The path of a file in `samples/thumbnails`.
func thumbnailSample(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples/thumbnails/\(name)").standardized.path
}

/// The text of a file in `samples/thumbnails`.
func thumbnailSampleText(_ name: String) throws -> String {
  try String(contentsOfFile: thumbnailSample(name), encoding: .utf8)
}

private let spriteOptions = [
  "--template", "sprites/sheet-~index:4~.jpg", "--columns", "5", "--rows", "4", "--interval", "5",
  "--width", "160", "--height", "90",
]

@Suite struct ThumbnailDumpLookupTests {
  @Test func dumpJSONFollowsTheContract() {
    let (status, out, err) = thumbnailTool(
      ["dump", "--json"],
      stdin:
        "WEBVTT\n\n00:00.000 --> 00:05.000\na.jpg#xywh=160,0,160,90\n\n"
        + "00:05.000 --> 00:07.250\nb.jpg\n"
    )
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out
        == #"{"thumbnails":[{"start":0,"end":5,"url":"a.jpg","x":160,"y":0,"width":160,"#
        + #""height":90,"unit":"pixel"},{"start":5,"end":7.25,"url":"b.jpg","x":null,"y":null,"#
        + #""width":null,"height":null,"unit":null}]}"#
        + "\n")
  }

  @Test func dumpResolvesAgainstABaseAndReadsImagePlaylists() {
    let (status, out, _) = thumbnailTool(
      [
        "dump", "--json", "--base", "https://cdn.example/v/images.m3u8",
        thumbnailSample("images.m3u8"),
      ])
    #expect(status == 0)
    #expect(
      out.hasPrefix(
        #"{"thumbnails":[{"start":0,"end":5,"#
          + #""url":"https://cdn.example/v/sprites/sheet-0001.jpg","x":0,"#
      ))
  }

  @Test func dumpWithoutJSONRewritesTheTrackPastInsertedAds() throws {
    let (status, out, err) = thumbnailTool(
      ["dump", "--shift-ads", thumbnailSample("ads.json"), thumbnailSample("sprites.vtt")])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out.hasPrefix(
        "WEBVTT\n\n00:00:15.015 --> 00:00:20.015\nsprites/sheet-0001.jpg#xywh=0,0,160,90\n"))
    #expect(
      out.contains(
        """
        00:00:55.015 --> 00:00:57.515
        sprites/sheet-0001.jpg#xywh=480,90,160,90

        00:01:27.515 --> 00:01:30.015
        sprites/sheet-0001.jpg#xywh=480,90,160,90

        """))
    #expect(
      out.hasSuffix("00:02:50.015 --> 00:02:52.515\nsprites/sheet-0002.jpg#xywh=0,90,160,90\n\n"))
  }

  /// The timeline `m3u8-tool ads --format json` writes for a stitched VOD playlist drives the
  /// shift: back-to-back pre-rolls of 12 s and 6 s, a 10.01 s break at 36 s (18 s of content).
  @Test func shiftAdsReadsWhatM3U8ToolWrites() throws {
    let (adsStatus, ads, _) = m3u8(["ads", "--format", "json", adsSample("beacons-vod.m3u8")])
    #expect(adsStatus == 0)
    let (status, out, err) = thumbnailTool(
      ["dump", "--shift-ads", "ads.json", thumbnailSample("sprites.vtt")], files: ["ads.json": ads])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out.hasPrefix(
        """
        WEBVTT

        00:00:18.000 --> 00:00:23.000
        sprites/sheet-0001.jpg#xywh=0,0,160,90

        00:00:23.000 --> 00:00:28.000
        sprites/sheet-0001.jpg#xywh=160,0,160,90

        00:00:28.000 --> 00:00:33.000
        sprites/sheet-0001.jpg#xywh=320,0,160,90

        00:00:33.000 --> 00:00:36.000
        sprites/sheet-0001.jpg#xywh=480,0,160,90

        00:00:46.010 --> 00:00:48.010
        sprites/sheet-0001.jpg#xywh=480,0,160,90

        """))
  }

  @Test func lookupPrintsTheReferenceShownAtATime() {
    let track = thumbnailSample("sprites.vtt")
    #expect(
      thumbnailTool(["lookup", "--time", "0", track]).1
        == "sprites/sheet-0001.jpg#xywh=0,0,160,90\n")
    #expect(
      thumbnailTool(["lookup", "--time", "4.999", track]).1
        == "sprites/sheet-0001.jpg#xywh=0,0,160,90\n")
    #expect(
      thumbnailTool(["lookup", "--time", "5", track]).1
        == "sprites/sheet-0001.jpg#xywh=160,0,160,90\n")
    #expect(
      thumbnailTool(["lookup", "--time", "00:01:40.000", track]).1
        == "sprites/sheet-0002.jpg#xywh=0,0,160,90\n")
    #expect(
      thumbnailTool(["lookup", "--time", "9999", track]).1
        == "sprites/sheet-0002.jpg#xywh=0,90,160,90\n")
    #expect(
      thumbnailTool(["lookup", "--time", "126", "--json", track]).1
        == #"{"start":125,"end":127.5,"url":"sprites/sheet-0002.jpg","x":0,"y":90,"width":160,"#
        + #""height":90,"unit":"pixel"}"#
        + "\n")
  }

  @Test func lookupBeforeTheFirstThumbnailFindsNothing() {
    let (status, out, err) = thumbnailTool([
      "lookup", "--time", "-0.5", thumbnailSample("sprites.vtt"),
    ])
    #expect(status == 1)
    #expect(out == "")
    #expect(
      err == "\(thumbnailSample("sprites.vtt")): no thumbnail at -0.5 s [cli.lookup.not-found]\n")
  }

  @Test func lookupRuleNextTakesTheFollowingThumbnailAndClamps() {
    let track = thumbnailSample("sprites.vtt")
    func next(_ time: String) -> String {
      thumbnailTool(["lookup", "--time", time, "--rule", "next", track]).1
    }
    #expect(next("5") == "sprites/sheet-0001.jpg#xywh=160,0,160,90\n")
    #expect(next("5.001") == "sprites/sheet-0001.jpg#xywh=320,0,160,90\n")
    #expect(next("-0.5") == "sprites/sheet-0001.jpg#xywh=0,0,160,90\n")
    #expect(next("126") == "sprites/sheet-0002.jpg#xywh=0,90,160,90\n")
    #expect(
      thumbnailTool(["lookup", "--time", "4.999", "--rule", "containing", track]).1
        == "sprites/sheet-0001.jpg#xywh=0,0,160,90\n")
    // From a sprite configuration alone, the same rule: 102 s is inside the 100–105 s cell.
    #expect(
      thumbnailTool(["lookup", "--time", "102", "--rule", "next"] + spriteOptions).1
        == "sprites/sheet-0002.jpg#xywh=160,0,160,90\n")
    #expect(
      thumbnailTool(["lookup", "--time", "-1", "--rule", "next"] + spriteOptions).1
        == "sprites/sheet-0001.jpg#xywh=0,0,160,90\n")
    #expect(
      thumbnailTool(
        ["lookup", "--time", "126", "--rule", "next", "--duration", "127.5"] + spriteOptions
      ).1 == "sprites/sheet-0002.jpg#xywh=0,90,160,90\n")
    let (status, _, err) = thumbnailTool(["lookup", "--time", "5", "--rule", "nearest", track])
    #expect(status == 2)
    #expect(
      err == "thumbnail-tool lookup: error: option '--rule' needs containing or next, got "
        + "'nearest' [cli.usage]\nRun 'thumbnail-tool lookup --help' for usage.\n")
  }

  @Test func lookupFromASpriteConfigurationAlone() {
    let (status, out, _) = thumbnailTool(["lookup", "--time", "102"] + spriteOptions)
    #expect(status == 0)
    #expect(out == "sprites/sheet-0002.jpg#xywh=0,0,160,90\n")
    #expect(
      thumbnailTool(["lookup", "--time", "500", "--duration", "127.5"] + spriteOptions).1
        == "sprites/sheet-0002.jpg#xywh=0,90,160,90\n")
    // During the midroll (42.5 s of content, 57.515–87.515 s stitched) there is no preview.
    let ads = thumbnailSample("ads.json")
    #expect(
      thumbnailTool(
        ["lookup", "--time", "88", "--duration", "127.5", "--shift-ads", ads] + spriteOptions
      ).1
        == "sprites/sheet-0001.jpg#xywh=480,90,160,90\n")
    #expect(
      thumbnailTool(
        ["lookup", "--time", "60", "--duration", "127.5", "--shift-ads", ads] + spriteOptions
      ).0
        == 1)
  }

  @Test func usageErrors() {
    #expect(
      thumbnailTool(["lookup", thumbnailSample("sprites.vtt")]).2
        == "thumbnail-tool lookup: error: option '--time' is required [cli.usage]\n"
        + "Run 'thumbnail-tool lookup --help' for usage.\n"
    )
    #expect(
      thumbnailTool(["lookup", "--time", "1:2", "x.vtt"]).2.hasPrefix(
        "thumbnail-tool lookup: error: option '--time' needs seconds or a WebVTT timestamp, "
          + "got '1:2' [cli.usage]\n"
      ))
    #expect(thumbnailTool(["dump", "a.vtt", "b.vtt"]).0 == 2)
    #expect(
      thumbnailTool(["lookup", "--time", "1", "--template", "x~index~.jpg"]).2.hasPrefix(
        "thumbnail-tool lookup: error: option '--columns' is required [cli.usage]\n"))
    let (status, _, err) = thumbnailTool(["dump", "/nonexistent/t.vtt"])
    #expect(status == 2)
    #expect(
      err == "/nonexistent/t.vtt:1:1: error: cannot read: No such file or directory [io.read]\n")
  }

  @Test func inputThatIsNotATrackExitsWith2() {
    let (status, out, err) = thumbnailTool(["dump", "--json"], stdin: "sheet.jpg#xywh=0,0,1,1\n")
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err == "<stdin>:1:1: error: not a WebVTT file: the first line must be 'WEBVTT' (optionally "
        + "followed by a space or tab and text) [vtt.signature.missing]\n")
    let (adsStatus, _, adsErr) = thumbnailTool(
      ["dump", "--shift-ads", "ads.json", thumbnailSample("sprites.vtt")],
      files: ["ads.json": "{\"breaks\":3}"])
    #expect(adsStatus == 2)
    #expect(
      adsErr == "ads.json:1:1: error: not an ad-break timeline: expected {\"breaks\":[…]} from "
        + "m3u8-tool ads --format json [thumbnail.ads.not-timeline]\n")
  }
}

@Suite struct ThumbnailGenerateConvertTests {
  @Test func generateWritesTheSampleTrack() throws {
    let (status, out, err) = thumbnailTool(["generate", "--duration", "127.5"] + spriteOptions)
    #expect(status == 0)
    #expect(err == "")
    #expect(out == (try thumbnailSampleText("sprites.vtt")))
  }

  @Test func generateCapsWithAWarning() {
    let (status, out, err) = thumbnailTool(
      ["generate", "--duration", "3600", "--max-thumbnails", "150"] + spriteOptions)
    #expect(status == 0)
    #expect(
      err == "thumbnail-tool generate: warning: 720 thumbnails exceed the cap of 150: every 5th "
        + "thumbnail is kept, each shown for 25 s (144 cues) [cli.generate.warning]\n")
    #expect(out.components(separatedBy: "-->").count - 1 == 144)
    #expect(
      out.hasPrefix(
        "WEBVTT\n\n00:00:00.000 --> 00:00:25.000\nsprites/sheet-0001.jpg#xywh=0,0,160,90\n\n"
          + "00:00:25.000 --> 00:00:50.000\nsprites/sheet-0001.jpg#xywh=0,90,160,90\n"
      ))
  }

  @Test func generateHLSAndDASHFromTheSameConfiguration() {
    let hls = thumbnailTool(
      ["generate", "--duration", "127.5", "--format", "hls", "--start-index", "0"] + spriteOptions)
    #expect(hls.0 == 0)
    #expect(
      hls.1 == """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:100
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-IMAGES-ONLY
        #EXTINF:100.000,
        #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=5x4,DURATION=5.000
        sprites/sheet-0000.jpg
        #EXTINF:27.500,
        #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=5x4,DURATION=5.000
        sprites/sheet-0001.jpg
        #EXT-X-ENDLIST

        """)
    let dash = thumbnailTool(
      ["generate", "--duration", "127.5", "--format", "dash", "--bandwidth", "12000"]
        + spriteOptions)
    #expect(dash.0 == 0)
    #expect(
      dash.1 == """
        <AdaptationSet contentType="image" mimeType="image/jpeg">
          <SegmentTemplate media="sprites/sheet-$Number%04d$.jpg" timescale="1" duration="100" startNumber="1"/>
          <Representation id="thumbnails" bandwidth="12000" width="800" height="360">
            <EssentialProperty schemeIdUri="http://dashif.org/thumbnail_tile" value="5x4"/>
          </Representation>
        </AdaptationSet>

        """)
    let mpd = thumbnailTool(["generate", "--duration", "127.5", "--format", "mpd"] + spriteOptions)
    #expect(mpd.1.contains(#"mediaPresentationDuration="PT127.5S""#))
  }

  @Test func generateRejectsBadConfigurations() {
    let (status, _, err) = thumbnailTool(
      [
        "generate", "--template", "a~index~.jpg", "--columns", "0", "--rows", "1", "--interval",
        "1",
        "--width", "1", "--height", "1", "--duration", "5",
      ])
    #expect(status == 2)
    #expect(
      err.hasPrefix(
        "thumbnail-tool generate: error: columns must be at least 1, got 0 [cli.usage]\n"))
    #expect(
      thumbnailTool(["generate", "--duration", "5", "--format", "gif"] + spriteOptions).2.hasPrefix(
        "thumbnail-tool generate: error: option '--format' must be vtt, hls, dash or mpd, "
          + "got 'gif' [cli.usage]\n"
      ))
    let zero = thumbnailTool(
      [
        "generate", "--template", "a~index~.jpg", "--columns", "2", "--rows", "1", "--interval",
        "0.0", "--width", "1", "--height", "1", "--duration", "5",
      ])
    #expect(
      zero.2.hasPrefix(
        "thumbnail-tool generate: error: interval must be above 0 seconds, got 0 [cli.usage]\n"))
    #expect(
      thumbnailTool(["generate", "--duration", "5", "extra.vtt"] + spriteOptions).2.hasPrefix(
        "thumbnail-tool generate: error: generate reads no FILE, got 'extra.vtt' [cli.usage]\n"))
    #expect(
      thumbnailTool(
        ["generate", "--duration", "5", "--format", "hls", "--shift-ads", "a.json"] + spriteOptions
      ).2.hasPrefix(
        "thumbnail-tool generate: error: --shift-ads works with --format vtt only (hls has no "
          + "gaps for ads) [cli.usage]\n"
      ))
  }

  @Test func aHugeStartIndexIsAUsageErrorNotAnOverflow() {
    // Sheet numbers are start index + sheet: Int.max as the start overflowed on the 2nd sheet.
    let start = ["--start-index", "9223372036854775807"]
    let generated = thumbnailTool(["generate", "--duration", "500"] + start + spriteOptions)
    #expect(generated.0 == 2)
    #expect(
      generated.2.hasPrefix(
        "thumbnail-tool generate: error: start index must be at most 1000000000, "
          + "got 9223372036854775807 [cli.usage]\n"))
    #expect(thumbnailTool(["lookup", "--time", "500"] + start + spriteOptions).0 == 2)
    let highest = thumbnailTool(
      ["lookup", "--time", "100", "--start-index", "1000000000"] + spriteOptions)
    #expect(highest.0 == 0)
    #expect(highest.1 == "sprites/sheet-1000000001.jpg#xywh=0,0,160,90\n")
  }

  @Test func toHLSAndBackIsLossless() throws {
    let toHLS = thumbnailTool(["to-hls", thumbnailSample("sprites.vtt")])
    #expect(toHLS.0 == 0)
    let fromHLS = thumbnailTool(["from-hls"], stdin: toHLS.1)
    #expect(fromHLS.0 == 0)
    #expect(fromHLS.2 == "")
    #expect(fromHLS.1 == (try thumbnailSampleText("sprites.vtt")))
  }

  @Test func fromHLSReadsThePackagerSample() throws {
    let (status, out, err) = thumbnailTool(["from-hls", thumbnailSample("images.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(out == (try thumbnailSampleText("sprites.vtt")))
    let notHLS = thumbnailTool(["from-hls"], stdin: "WEBVTT\n")
    #expect(notHLS.0 == 2)
    #expect(
      notHLS.2 == "<stdin>:1:1: error: not an HLS playlist (no #EXTM3U line) [hls.extm3u.missing]\n"
    )
  }

  /// samples/thumbnails/iframe_index.m3u8: Apple mediafilesegmenter's I-frame playlist of a
  /// single-file main.ts.
  @Test func fromHLSListsTheIFramesOfAnIFramePlaylist() throws {
    let sample = thumbnailSample("iframe_index.m3u8")
    let (status, out, err) = thumbnailTool(["from-hls", "--iframes", sample])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out
        == #"{"iframes":[{"time":0,"duration":2.002,"uri":"main.ts","offset":376,"length":13160,"#
        + #""map":null},{"time":2.002,"duration":2.002,"uri":"main.ts","offset":752208,"#
        + #""length":14288,"map":null},{"time":4.004,"duration":2.002,"uri":"main.ts","#
        + #""offset":1510472,"length":12972,"map":null},{"time":6.006,"duration":1.001,"#
        + #""uri":"main.ts","offset":2261480,"length":13536,"map":null}]}"# + "\n")
    let commands = thumbnailTool(
      ["from-hls", "--iframes", "--ffmpeg", "--base", "https://cdn.example.com/ep1/", sample])
    #expect(commands.0 == 0)
    let lines = commands.1.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(
      lines.last.map(String.init)
        == "ffmpeg -nostdin -loglevel error -y -i 'subfile,,start,2261480,end,2275016,,:"
        + "https://cdn.example.com/ep1/main.ts' -frames:v 1 'iframe-00004.jpg'")
  }

  @Test func fromHLSRefusesPlaylistsThatAreNotImagePlaylists() throws {
    let sample = thumbnailSample("iframe_index.m3u8")
    let iFrames = thumbnailTool(["from-hls", sample])
    #expect(iFrames.0 == 2)
    #expect(iFrames.1 == "")
    #expect(
      iFrames.2
        == "\(sample):6:1: error: an I-frame playlist (EXT-X-I-FRAMES-ONLY) holds byte ranges of "
        + "video segments, not images; list its frames with IFramePreview.frames (thumbnail-tool "
        + "from-hls --iframes) [thumbnail.playlist.i-frames-only]\n")
    // dump, lookup and validate read an HLS input as an image playlist too.
    #expect(thumbnailTool(["dump", sample]).0 == 2)
    let media = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nseg0.ts\n#EXT-X-ENDLIST\n"
    let plain = thumbnailTool(["from-hls"], stdin: media)
    #expect(plain.0 == 2)
    #expect(
      plain.2
        == "<stdin>:1:1: error: not an image media playlist (no EXT-X-IMAGES-ONLY); from-hls reads "
        + "sprite-sheet playlists (--iframes reads an I-frame playlist) "
        + "[thumbnail.playlist.not-image]\n")
    let wrong = thumbnailTool(["from-hls", "--iframes"], stdin: media)
    #expect(wrong.0 == 2)
    #expect(
      wrong.2
        == "<stdin>:1:1: error: --iframes needs an I-frame media playlist (EXT-X-I-FRAMES-ONLY); "
        + "this one has none [thumbnail.playlist.not-image]\n")
    let usage = thumbnailTool(["from-hls", "--ffmpeg", sample])
    #expect(usage.0 == 2)
    #expect(
      usage.2.hasPrefix("thumbnail-tool from-hls: error: --ffmpeg and --pretty need --iframes"))
  }

  @Test func toHLSReportsWhatEXTXTILESCannotExpress() throws {
    let (status, out, err) = thumbnailTool(["to-hls", thumbnailSample("broken.vtt")])
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err.hasSuffix(
        "broken.vtt:6:1: error: xywh=160,0,320,90 is not a cell of a grid of 320×90 tiles [thumbnail.sprite.not-tiles]\n"
      ))
  }
}

@Suite struct ThumbnailValidateTests {
  @Test func aGoodTrackPasses() {
    let (status, out, err) = thumbnailTool(["validate", thumbnailSample("sprites.vtt")])
    #expect(status == 0)
    #expect(err == "")
    #expect(out == "\(thumbnailSample("sprites.vtt")): 26 thumbnails, 0 errors, 0 warnings\n")
  }

  @Test func problemsAreListedWithLinesAndExitWith1() {
    let (status, out, err) = thumbnailTool(
      ["validate", "broken.vtt"],
      files: ["broken.vtt": (try? thumbnailSampleText("broken.vtt")) ?? ""])
    #expect(status == 1)
    #expect(out == "broken.vtt: 6 thumbnails, 3 errors, 3 warnings\n")
    #expect(
      err == """
        broken.vtt:7:13: error: xywh=160,0,320,90 looks like corners x1,y1,x2,y2; Media Fragments wants x,y,width,height: did you mean xywh=160,0,160,90? [thumbnail.region.corners]
        broken.vtt:9:1: warning: gap of 2 s before this thumbnail (previous ends at 00:00:10.000, this one starts at 00:00:12.000): no preview there [thumbnail.time.gap]
        broken.vtt:12:1: error: thumbnail starts at 00:00:14.000, before the previous one ends (00:00:15.000): overlap of 1 s [thumbnail.time.overlap]
        broken.vtt:13:13: warning: thumbnail is 150×90, unlike the track's usual 160×90 [thumbnail.region.unusual-size]
        broken.vtt:19:1: warning: thumbnail shows the whole image 'sheet-1.jpg' while 5 others show an xywh region of a sprite sheet [thumbnail.region.whole-image]
        broken.vtt:19:18: error: xywh value '0,90,160' is not x,y,w,h (four non-negative integers) [thumbnail.fragment.invalid]

        """)
  }

  /// 151 two-second cues on 10×10 sheets of 120×68, the layout JW Player's transcoder writes
  /// for a 5-minute video: one past the 150 cues some player SDKs read.
  private static let longTrack: String = {
    var text = "WEBVTT\n"
    for i in 0..<151 {
      let start = WebVTTTimestamp.format(SubtitleTime(seconds: Int64(2 * i)))
      let end = WebVTTTimestamp.format(SubtitleTime(seconds: Int64(2 * i + 2)))
      text += "\n\(start) --> \(end)\nthumbs-\(i / 100).jpg#xywh=\(i % 10 * 120),"
      text += "\(i / 10 % 10 * 68),120,68\n"
    }
    return text
  }()

  @Test func moreThumbnailsThanPlayersReadIsAWarning() {
    let (status, out, err) = thumbnailTool(
      ["validate", "long.vtt"], files: ["long.vtt": Self.longTrack])
    #expect(status == 1)
    #expect(out == "long.vtt: 151 thumbnails, 0 errors, 1 warning\n")
    #expect(
      err == "long.vtt:453:1: warning: 151 thumbnails, more than 150: players that read at most "
        + "150 cues show no preview past this one [thumbnail.track.too-many]\n")
    let raised = thumbnailTool(
      ["validate", "--max-thumbnails", "151", "long.vtt"], files: ["long.vtt": Self.longTrack])
    #expect(raised.0 == 0)
    #expect(raised.1 == "long.vtt: 151 thumbnails, 0 errors, 0 warnings\n")
    #expect(
      thumbnailTool(
        ["validate", "--max-thumbnails", "0", "long.vtt"], files: ["long.vtt": Self.longTrack]
      ).0 == 0)
    let lowered = thumbnailTool(
      ["validate", "--max-thumbnails", "100", "long.vtt"], files: ["long.vtt": Self.longTrack])
    #expect(lowered.2.hasPrefix("long.vtt:303:1: warning: 151 thumbnails, more than 100: "))
    #expect(
      thumbnailTool(["validate", "--max-thumbnails", "-1", "long.vtt"]).2
        == "thumbnail-tool validate: error: option '--max-thumbnails' must not be negative "
        + "[cli.usage]\nRun 'thumbnail-tool validate --help' for usage.\n")
  }

  @Test func everyFileIsCheckedAndUnreadableOnesExitWith2() {
    let (status, out, _) = thumbnailTool([
      "validate", thumbnailSample("frames.vtt"), "/nonexistent.vtt",
    ])
    #expect(status == 2)
    #expect(out == "\(thumbnailSample("frames.vtt")): 4 thumbnails, 0 errors, 0 warnings\n")
  }
}
