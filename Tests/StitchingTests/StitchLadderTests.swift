import AdInsertion
import HLS
import ManifestCore
import Stitching
import Testing

/// A multi-codec ladder (AVC and HEVC variants, one audio and one subtitle rendition, an
/// I-frame playlist, as Shaka Packager writes fMP4 HLS) stitched with a multivariant ad.
@Suite struct StitchLadderTests {
  static let content = """
    #EXTM3U
    #EXT-X-VERSION:6
    ## Generated with https://github.com/shaka-project/shaka-packager version v3.2.0
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-MEDIA:TYPE=AUDIO,URI="audio/en.m3u8",GROUP-ID="aac",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2"
    #EXT-X-MEDIA:TYPE=SUBTITLES,URI="subs/en.m3u8",GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES
    #EXT-X-STREAM-INF:BANDWIDTH=2200000,AVERAGE-BANDWIDTH=2000000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,AUDIO="aac",SUBTITLES="subs"
    avc/720.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=700000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aac",SUBTITLES="subs"
    avc/360.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=1600000,AVERAGE-BANDWIDTH=1400000,CODECS="hvc1.1.6.L93.B0,mp4a.40.2",RESOLUTION=1280x720,VIDEO-RANGE=SDR,AUDIO="aac",SUBTITLES="subs"
    hevc/720.m3u8
    #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,CODECS="avc1.64001f",RESOLUTION=1280x720,URI="avc/720-iframes.m3u8"

    """

  /// A Shaka-style fMP4 VOD media playlist of 6 s segments with a 12 s CUE-OUT break.
  static func media(_ prefix: String, ext: String = "m4s", map: Bool = true) -> String {
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-TARGETDURATION:6", "#EXT-X-PLAYLIST-TYPE:VOD",
    ]
    if map { lines.append("#EXT-X-MAP:URI=\"\(prefix)init.mp4\"") }
    for i in 1...4 {
      if i == 2 { lines.append("#EXT-X-CUE-OUT:12") }
      if i == 4 { lines.append("#EXT-X-CUE-IN") }
      lines += ["#EXTINF:6.000,", "\(prefix)\(i).\(ext)"]
    }
    return (lines + ["#EXT-X-ENDLIST"]).joined(separator: "\n") + "\n"
  }

  static let iFrames = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-TARGETDURATION:6
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-I-FRAMES-ONLY
    #EXT-X-MAP:URI="720init.mp4"
    #EXT-X-BYTERANGE:1200@900
    #EXTINF:6.000,
    7201.m4s
    #EXT-X-BYTERANGE:1100@800
    #EXTINF:6.000,
    7202.m4s
    #EXT-X-BYTERANGE:1150@850
    #EXTINF:6.000,
    7203.m4s
    #EXT-X-BYTERANGE:1180@870
    #EXTINF:6.000,
    7204.m4s
    #EXT-X-ENDLIST

    """

  static let adMultivariant = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-MEDIA:TYPE=AUDIO,URI="audio.m3u8",GROUP-ID="ad-audio",NAME="ad",DEFAULT=YES
    #EXT-X-STREAM-INF:BANDWIDTH=3000000,CODECS="avc1.640028,mp4a.40.2",AUDIO="ad-audio"
    avc-1080.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=1500000,CODECS="avc1.64001f,mp4a.40.2",AUDIO="ad-audio"
    avc-720.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=500000,CODECS="avc1.42c01e,mp4a.40.2",AUDIO="ad-audio"
    avc-360.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=1200000,CODECS="hvc1.1.6.L93.B0,mp4a.40.2",AUDIO="ad-audio"
    hevc-720.m3u8

    """

  /// An ad rendition: three 4 s fMP4 segments.
  static func adMedia(_ name: String) -> String {
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-TARGETDURATION:4", "#EXT-X-PLAYLIST-TYPE:VOD",
      "#EXT-X-INDEPENDENT-SEGMENTS", "#EXT-X-MAP:URI=\"\(name)-init.mp4\"",
    ]
    for i in 0..<3 { lines += ["#EXTINF:4.000,", "\(name)-\(i).m4s"] }
    return (lines + ["#EXT-X-ENDLIST"]).joined(separator: "\n") + "\n"
  }

  static var files: [String: String] {
    var files = [
      "vod/master.m3u8": content, "vod/avc/720.m3u8": media("720"),
      "vod/avc/360.m3u8": media("360"), "vod/hevc/720.m3u8": media("h720"),
      "vod/audio/en.m3u8": media("en"), "vod/subs/en.m3u8": media("en", ext: "vtt", map: false),
      "vod/avc/720-iframes.m3u8": iFrames, "ads/ad1/master.m3u8": adMultivariant,
    ]
    for name in ["avc-1080", "avc-720", "avc-360", "hevc-720", "audio"] {
      files["ads/ad1/\(name).m3u8"] = adMedia(name)
    }
    return files
  }

  @Test func everyRenditionGetsItsAdAtTheSameMediaTime() throws {
    let plan = try Stitch.plan(
      """
      {"breaks":[{"at":"markers","ads":[{"id":"ad1","playlist":"ads/ad1/master.m3u8",
      "tracking":[{"event":"start","url":"https://t.example.com/start"}]}]}]}
      """)
    let result = Stitcher(plan: plan).stitch(
      content: "vod/master.m3u8", output: "out", planLocation: "plan.json",
      loader: MemoryLoader(files: Self.files))
    #expect(result.diagnostics == [])
    let texts = Stitch.texts(result)
    #expect(
      result.playlists.map(\.name) == [
        "master.m3u8", "avc/720.m3u8", "avc/360.m3u8", "hevc/720.m3u8", "audio/en.m3u8",
        "subs/en.m3u8", "avc/720-iframes.m3u8",
      ])
    #expect(texts["master.m3u8"] == Self.content)
    // The ad variant with the highest BANDWIDTH not above the content's, same codec family.
    let chosen = [
      "avc/720.m3u8": "avc-720", "avc/360.m3u8": "avc-360", "hevc/720.m3u8": "hevc-720",
      "audio/en.m3u8": "audio",
    ]
    for (name, ad) in chosen {
      let text = try #require(texts[name])
      #expect(text.contains("#EXT-X-MAP:URI=\"../../ads/ad1/\(ad)-init.mp4\"\n"), "\(name)")
      #expect(text.contains("#EXTINF:4,\n../../ads/ad1/\(ad)-2.m4s\n"), "\(name)")
      #expect(text.contains("#EXTINF:6.000,\n../../vod/"), "\(name)")
    }
    let subtitles = try #require(texts["subs/en.m3u8"])
    #expect(
      subtitles.contains(
        """
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=12
        #EXT-X-BEACON:EVENT=start,URL=https://t.example.com/start
        #EXT-X-GAP
        #EXTINF:4,
        ../../vod/subs/en4.vtt
        #EXT-X-GAP
        #EXTINF:4,
        ../../vod/subs/en4.vtt
        #EXT-X-GAP
        #EXTINF:4,
        ../../vod/subs/en4.vtt
        #EXT-X-DISCONTINUITY
        """))
    let iFrames = try #require(texts["avc/720-iframes.m3u8"])
    #expect(iFrames.contains("#EXT-X-I-FRAMES-ONLY\n"))
    #expect(iFrames.split(separator: "\n").filter { $0 == "#EXT-X-GAP" }.count == 3)
    // Every rendition: the break at 6 s for 12 s, and a clean audit.
    for playlist in result.playlists.dropFirst() {
      let text = String(decoding: playlist.bytes, as: UTF8.self)
      #expect(try Stitch.auditErrors(text) == [], "\(playlist.name)")
      let media = try #require(try Playlist.parse(text).media)
      let breaks = AdTimeline(media).breaks.filter { $0.dialect == .cueOut }
      #expect(breaks.map(\.start) == [ExactDecimal(6)], "\(playlist.name)")
      #expect(breaks.map(\.duration) == [ExactDecimal(12)], "\(playlist.name)")
    }
  }
}
