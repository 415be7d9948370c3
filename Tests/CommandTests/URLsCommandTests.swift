import M3U8Commands
import ManifestCore
import Testing
import ToolSupport

@Suite struct URLsCommandTests {
  static let files = [
    "vod/master.m3u8": """
    #EXTM3U
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="en",DEFAULT=YES,URI="audio/en.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=2400000,RESOLUTION=1280x720,AUDIO="aud"
    video/720p.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360,AUDIO="aud"
    video/360p.m3u8

    """,
    "vod/video/360p.m3u8": """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-VERSION:7
    #EXT-X-MAP:URI="360p.mp4",BYTERANGE="812@0"
    #EXTINF:6.006,
    #EXT-X-BYTERANGE:220000@812
    360p.mp4
    #EXTINF:3.003,
    #EXT-X-BYTERANGE:98000
    360p.mp4
    #EXT-X-ENDLIST

    """,
    "vod/audio/en.m3u8": """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-KEY:METHOD=AES-128,URI="../keys/audio.key"
    #EXTINF:6.006,
    en-1.aac
    #EXTINF:3.003,
    en-2.aac
    #EXT-X-ENDLIST

    """,
  ]

  /// The base URL is the playlist's own: its query gives EXT-X-DEFINE QUERYPARAM values, and
  /// the media playlist, named with the token, gets it from its own URL in turn.
  @Test func queryParametersOfTheBaseFillTheVariables() {
    let files = [
      "live/master.m3u8": """
      #EXTM3U
      #EXT-X-DEFINE:QUERYPARAM="token"
      #EXT-X-STREAM-INF:BANDWIDTH=900000
      v/media.m3u8?token={$token}

      """,
      "live/v/media.m3u8": """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-DEFINE:QUERYPARAM="token"
      #EXT-X-KEY:METHOD=AES-128,URI="../keys/k1?token={$token}"
      #EXTINF:4,
      s1.ts?token={$token}

      """,
    ]
    let (status, out, err) = m3u8(
      [
        "urls", "--base", "https://cdn.example.com/live/master.m3u8?token=a1b2", "live/master.m3u8",
      ],
      files: files)
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        https://cdn.example.com/live/v/media.m3u8?token=a1b2
        https://cdn.example.com/live/keys/k1?token=a1b2
        https://cdn.example.com/live/v/s1.ts?token=a1b2

        """)
  }

  @Test func lowestBitRateForOfflineAgainstTheBase() {
    let (status, out, err) = m3u8(
      [
        "urls", "--base", "https://cdn.example.com/vod/master.m3u8", "--sort", "bandwidth",
        "--first", "1", "vod/master.m3u8",
      ], files: Self.files)
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        https://cdn.example.com/vod/video/360p.m3u8
        https://cdn.example.com/vod/video/360p.mp4\tbytes=0-811
        https://cdn.example.com/vod/video/360p.mp4\tbytes=812-220811
        https://cdn.example.com/vod/video/360p.mp4\tbytes=220812-318811
        https://cdn.example.com/vod/audio/en.m3u8
        https://cdn.example.com/vod/keys/audio.key
        https://cdn.example.com/vod/audio/en-1.aac
        https://cdn.example.com/vod/audio/en-2.aac

        """)
  }

  @Test func everyVariantWithAMissingPlaylistAndJSON() throws {
    let (status, out, err) = m3u8(["urls", "--json", "vod/master.m3u8"], files: Self.files)
    #expect(status == 0)
    #expect(
      err
        == "vod/master.m3u8:4:1: warning: cannot read vod/video/720p.m3u8: "
        + "No such file or directory [hls.follow.unreadable]\n")
    let json = try JSONValue.parse(Array(out.utf8))
    let resources = try #require(json["resources"]?.arrayValue)
    #expect(
      resources.compactMap { $0["uri"]?.stringValue } == [
        "video/720p.m3u8", "audio/en.m3u8", "keys/audio.key", "audio/en-1.aac", "audio/en-2.aac",
        "video/360p.m3u8", "video/360p.mp4", "video/360p.mp4", "video/360p.mp4",
      ])
    #expect(
      resources.compactMap { $0["type"]?.stringValue } == [
        "playlist", "playlist", "key", "segment", "segment", "playlist", "map", "segment",
        "segment",
      ])
    #expect(resources[7]["size"]?.intValue == 220000)
    #expect(resources[7]["byteRange"]?["offset"]?.intValue == 812)
    #expect(resources[7]["duration"]?.decimalValue == ExactDecimal(significand: 6006, scale: 3))
    #expect(resources[0]["size"]?.isNull == true)
    #expect(json["totalDuration"]?.decimalValue == ExactDecimal(significand: 9009, scale: 3))
    #expect(json["knownSize"]?.intValue == 318_812)
  }

  /// AWS Elemental MediaConvert's layout with the described-audio track set to
  /// ALTERNATE_AUDIO_NOT_AUTO_SELECT (AUTOSELECT=NO, DEFAULT=NO), and an I-frame playlist.
  static let mediaConvert: [String: String] = {
    var files = URLsCommandTests.files
    files["vod/mc.m3u8"] = """
      #EXTM3U
      #EXT-X-VERSION:4
      #EXT-X-INDEPENDENT-SEGMENTS
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="program_audio",LANGUAGE="eng",NAME="English",AUTOSELECT=YES,DEFAULT=YES,URI="audio/en.m3u8"
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="program_audio",LANGUAGE="eng",NAME="English AD",AUTOSELECT=NO,DEFAULT=NO,CHARACTERISTICS="public.accessibility.describes-video",URI="audio/ad.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=700000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=29.970,AUDIO="program_audio"
      video/360p.m3u8
      #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,CODECS="avc1.4d401e",RESOLUTION=640x360,URI="video/360p_iframe.m3u8"

      """
    files["vod/audio/ad.m3u8"] =
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.006,\nad-1.aac\n#EXT-X-ENDLIST\n"
    files["vod/video/360p_iframe.m3u8"] = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-VERSION:4
      #EXT-X-I-FRAMES-ONLY
      #EXTINF:6.006,
      #EXT-X-BYTERANGE:18800@812
      360p.mp4
      #EXT-X-ENDLIST

      """
    return files
  }()

  @Test func tracksPreferredKeepsDefaultAndAutoselectRenditions() {
    let preferred = m3u8(
      ["urls", "--tracks", "preferred", "vod/mc.m3u8"], files: Self.mediaConvert)
    #expect(preferred.0 == 0)
    #expect(preferred.2 == "")
    let common = """
      video/360p.m3u8
      video/360p.mp4\tbytes=0-811
      video/360p.mp4\tbytes=812-220811
      video/360p.mp4\tbytes=220812-318811
      audio/en.m3u8
      keys/audio.key
      audio/en-1.aac
      audio/en-2.aac

      """
    #expect(preferred.1 == common)
    let all = m3u8(["urls", "--tracks", "all", "vod/mc.m3u8"], files: Self.mediaConvert)
    #expect(all.1 == common + "audio/ad.m3u8\naudio/ad-1.aac\n")
    #expect(m3u8(["urls", "vod/mc.m3u8"], files: Self.mediaConvert).1 == all.1)
    let iframes = m3u8(
      ["urls", "--tracks", "preferred", "--iframes", "vod/mc.m3u8"], files: Self.mediaConvert)
    #expect(iframes.1 == common + "video/360p_iframe.m3u8\nvideo/360p.mp4\tbytes=812-19611\n")
    let (status, _, err) = m3u8(
      ["urls", "--tracks", "default", "vod/mc.m3u8"], files: Self.mediaConvert)
    #expect(status == 2)
    #expect(
      err.hasPrefix(
        "m3u8-tool urls: error: --tracks must be preferred or all, got 'default' [cli.usage]\n"))
  }

  @Test func mediaPlaylistFromStandardInput() {
    let (status, out, _) = m3u8(
      ["urls", "--base", "https://a.example/x/y.m3u8"],
      stdin: "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n../z.ts\n")
    #expect(status == 0)
    #expect(out == "https://a.example/z.ts\n")
  }

  @Test func errors() {
    let (filterStatus, filterOut, filterErr) = m3u8(
      ["urls", "--codecs", "av01", "vod/master.m3u8"], files: Self.files)
    #expect(filterStatus == 1)
    #expect(filterOut == "")
    #expect(
      filterErr
        == "vod/master.m3u8:3:1: error: no variant matches codecs starting with av01; no variant "
        + "declares CODECS [cli.variants.no-match]\n")
    let (baseStatus, _, baseErr) = m3u8(["urls", "--base", "cdn/vod"], files: Self.files)
    #expect(baseStatus == 2)
    #expect(
      baseErr == """
        m3u8-tool urls: error: --base needs an absolute URL (with a scheme, such as https:), \
        got 'cdn/vod' [cli.usage]
        Run 'm3u8-tool urls --help' for usage.

        """)
  }
}
