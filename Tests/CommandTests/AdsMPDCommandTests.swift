import SchemaTestSupport
import Testing

/// `m3u8-tool ads --format mpd` on CMAF and MPEG-TS media, one playlist and `--follow`
/// (issue 15 item 4).
@Suite struct AdsMPDCommandTests {
  /// ffmpeg 5.1 `-f hls -hls_segment_type fmp4` on 320x180 video with an AAC rendition.
  private let files = [
    "vod/master.m3u8": """
    #EXTM3U
    #EXT-X-VERSION:7
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",URI="a/index.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=510400,RESOLUTION=320x180,CODECS="avc1.42c014,mp4a.40.2",\
    AUDIO="aud"
    v/index.m3u8

    """,
    "vod/v/index.m3u8": """
    #EXTM3U
    #EXT-X-VERSION:7
    #EXT-X-TARGETDURATION:4
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-MAP:URI="init_0.mp4"
    #EXTINF:4.000000,
    seg0.m4s
    #EXT-X-CUE-OUT:4
    #EXTINF:4.000000,
    seg1.m4s
    #EXT-X-CUE-IN
    #EXT-X-ENDLIST

    """,
    "vod/a/index.m3u8": """
    #EXTM3U
    #EXT-X-VERSION:7
    #EXT-X-TARGETDURATION:4
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-MAP:URI="init_1.mp4"
    #EXTINF:4.010667,
    seg0.m4s
    #EXTINF:3.989333,
    seg1.m4s
    #EXT-X-ENDLIST

    """,
  ]

  @Test func followReadsTheVariantsAndRenditionsRelativeToTheMultivariantPlaylist() {
    let (status, out, err) = m3u8(
      ["ads", "--format", "mpd", "--follow", "vod/master.m3u8"], files: files)
    #expect(status == 0)
    #expect(err == "")
    #expect(MPDStructureCheck.problems(out) == [])
    #expect(out.contains(#"<Initialization sourceURL="v/init_0.mp4"/>"#))
    #expect(out.contains(#"<SegmentURL media="a/seg1.m4s"/>"#))
    #expect(
      out.contains(#"<AdaptationSet id="1" lang="en" contentType="audio" mimeType="audio/mp4">"#))
    #expect(out.components(separatedBy: "<Period ").count == 3)
  }

  @Test func aMultivariantPlaylistWithoutFollowIsRefused() {
    let (status, out, err) = m3u8(["ads", "--format", "mpd", "vod/master.m3u8"], files: files)
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err
        == "vod/master.m3u8:1:1: error: ads needs a media playlist; this is a multivariant "
        + "playlist (--follow reads the media playlists it names) [cli.input.multivariant]\n")
    let (usage, _, usageErr) = m3u8(["ads", "--follow", "vod/master.m3u8"], files: files)
    #expect(usage == 2)
    #expect(usageErr.hasPrefix("m3u8-tool ads: error: --follow needs --format mpd [cli.usage]\n"))
  }

  @Test func mpegTSMediaGiveThePeriodsAndAWarning() {
    let playlist =
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:6,\na.ts\n"
      + "#EXT-X-CUE-OUT:6\n#EXTINF:6,\nad.ts\n#EXT-X-CUE-IN\n#EXT-X-ENDLIST\n"
    let (status, out, err) = m3u8(["ads", "--format", "mpd"], stdin: playlist)
    #expect(status == 0)
    #expect(
      err
        == "<stdin>:1:1: warning: the media are not fMP4/CMAF (no EXT-X-MAP on every segment): "
        + "DASH players cannot play MPEG-TS, so the MPD has the Periods only "
        + "[cli.ads.mpd-not-playable]\n")
    #expect(out.contains(#"<Period id="CONTENT_0" duration="PT6S" start="PT0S"/>"#))
    #expect(!out.contains("<AdaptationSet"))
  }
}
