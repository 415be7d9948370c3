import M3U8Commands
import Testing
import ToolSupport

/// `m3u8-tool stitch` (docs/cli-contract.md).
@Suite struct StitchCommandTests {
  // AWS MediaPackage TS VOD with a 12 s CUE-OUT break.
  static let content = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:6.000,
    index_1.ts
    #EXT-X-CUE-OUT:12.000
    #EXTINF:6.000,
    index_2.ts
    #EXTINF:6.000,
    index_3.ts
    #EXT-X-CUE-IN
    #EXTINF:6.000,
    index_4.ts
    #EXT-X-ENDLIST

    """
  // ffmpeg's HLS muxer, a 12 s ad.
  static let ad = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:6.000000,
    ad0.ts
    #EXTINF:6.000000,
    ad1.ts
    #EXT-X-ENDLIST

    """
  static let plan = """
    {"breaks":[{"at":"markers","ads":[{"id":"a1","playlist":"ad/index.m3u8",
    "tracking":[{"event":"start","url":"https://t.example.com/start"}]}]}]}
    """

  static func run(_ arguments: [String], files: [String: String]) -> (Int32, String, String, ToolIO)
  {
    let io = ToolIO.memory(files: files)
    let status = M3U8Tool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError, io)
  }

  @Test func writesTheStitchedMediaPlaylistToStandardOutput() {
    let (status, out, err, _) = Self.run(
      ["stitch", "--plan", "plan.json", "index.m3u8"],
      files: ["index.m3u8": Self.content, "ad/index.m3u8": Self.ad, "plan.json": Self.plan])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:6.000,
        index_1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=12
        #EXT-X-BEACON:EVENT=start,URL=https://t.example.com/start
        #EXTINF:6,
        ad/ad0.ts
        #EXTINF:6,
        ad/ad1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-IN
        #EXTINF:6.000,
        index_4.ts
        #EXT-X-ENDLIST

        """)
  }

  @Test func writesIntoTheOutputDirectoryWithURIsNamedFromThere() {
    let (status, out, err, io) = Self.run(
      [
        "stitch", "--plan", "plan.json", "--markers", "beacon", "--output-dir", "out", "index.m3u8",
      ],
      files: ["index.m3u8": Self.content, "ad/index.m3u8": Self.ad, "plan.json": Self.plan])
    #expect(status == 0)
    #expect(out == "")
    #expect(err == "")
    #expect(Array(io.writtenFiles.keys) == ["out/index.m3u8"])
    let text = String(decoding: io.writtenFiles["out/index.m3u8"] ?? [], as: UTF8.self)
    #expect(text.contains("#EXTINF:6,\n../ad/ad0.ts\n"))
    #expect(text.contains("#EXTINF:6.000,\n../index_4.ts\n"))
    #expect(!text.contains("CUE-OUT"))
  }

  @Test func anErrorWritesNothingAndExits2() {
    let (status, out, err, io) = Self.run(
      ["stitch", "--plan", "plan.json", "--output-dir", "out", "index.m3u8"],
      files: ["index.m3u8": Self.content, "plan.json": Self.plan])
    #expect(status == 2)
    #expect(out == "")
    #expect(io.writtenFiles.isEmpty)
    #expect(
      err
        == "plan.json:1:35: error: break 1 (breaks[0]): ad 'a1': cannot read ad/index.m3u8: "
        + "No such file or directory [stitch.ad.unreadable]\n")
  }

  @Test func usageErrors() {
    let (status, _, err, _) = Self.run(
      ["stitch", "--plan", "plan.json", "--markers", "splice", "index.m3u8"], files: [:])
    #expect(status == 2)
    #expect(
      err == """
        m3u8-tool stitch: error: --markers must be cue-out, daterange, scte35-tag, beacon or none, got 'splice' [cli.usage]
        Run 'm3u8-tool stitch --help' for usage.

        """)
    let (missing, _, missingErr, _) = Self.run(["stitch", "index.m3u8"], files: [:])
    #expect(missing == 2)
    #expect(
      missingErr.hasPrefix("m3u8-tool stitch: error: --plan PLAN.json is required [cli.usage]\n"))
  }

  /// A live window of 6 s segments from media sequence `first`, a CUE-OUT break on 10-11.
  static func window(_ first: Int) -> String {
    var lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:\(first)"]
    for n in first..<(first + 4) {
      if n == 10 { lines.append("#EXT-X-CUE-OUT:12") }
      if n == 11 { lines.append("#EXT-X-CUE-OUT-CONT:6/12") }
      if n == 12 { lines.append("#EXT-X-CUE-IN") }
      lines += ["#EXTINF:6.000,", "live_\(n).ts"]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func liveWindowsFollowOnThroughTheStateFile() {
    var state: String? = nil
    var outputs: [String] = []
    for first in 8...12 {
      var files = [
        "live.m3u8": Self.window(first), "ad/index.m3u8": Self.ad, "plan.json": Self.plan,
      ]
      if let state { files["state.json"] = state }
      let (status, out, err, io) = Self.run(
        [
          "stitch", "--plan", "plan.json", "--markers", "none", "--state", "state.json",
          "live.m3u8",
        ],
        files: files)
      #expect(status == 0)
      #expect(err == "")
      state = io.writtenFiles["state.json"].map { String(decoding: $0, as: UTF8.self) }
      outputs.append(out)
    }
    #expect(state?.hasPrefix("{\n") == true)
    // Window 11 starts mid-break: the ad's second segment keeps media sequence 11.
    #expect(
      outputs[3] == """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:11
        #EXT-X-DISCONTINUITY-SEQUENCE:1
        #EXTINF:6,
        ad/ad1.ts
        #EXT-X-DISCONTINUITY
        #EXTINF:6,
        live_12.ts
        #EXTINF:6,
        live_13.ts
        #EXTINF:6,
        live_14.ts

        """)
  }
}
