import M3U8Commands
import Testing
import ToolSupport

@Suite struct LocateCommandTests {
  @Test func locatesATimeInAnLLHLSPlaylist() {
    // Apple's low-latency example stream.
    let (status, out, err) = m3u8(["locate", "--time", "29.5", hlsSample("media-ll-live.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        time: 29.5 s
        program date-time: 2025-11-29T18:42:39.604Z
        segment: media sequence 2705 (index 7) fileSequence2705.m4s
        segment start: 28 s, duration 4 s, offset 1.5 s
        part: 1 filePart2705.1.m4s, start 29 s, duration 1 s, offset 0.5 s

        """)
  }

  @Test func withoutATimeLocatesTheStart() {
    let (status, out, _) = m3u8(["locate", hlsSample("media-ts-vod.m3u8")])
    #expect(status == 0)
    #expect(
      out == """
        time: 0 s
        segment: media sequence 0 (index 0) out0.ts
        segment start: 0 s, duration 10.01 s, offset 0 s

        """)
  }

  @Test func locatesADate() {
    let (status, out, _) = m3u8([
      "locate", "--date", "2025-11-29T18:42:20.104Z", "--json", hlsSample("media-ll-live.m3u8"),
    ])
    #expect(status == 0)
    #expect(
      out.hasSuffix(
        "\"location\":{\"time\":10,\"programDateTime\":\"2025-11-29T18:42:20.104Z\",\"mediaSequence\":2700,\"segmentIndex\":2,\"uri\":\"fileSequence2700.m4s\",\"segmentStart\":8,\"segmentDuration\":4,\"offset\":2,\"part\":null}}\n"
      ))
    #expect(
      out.hasPrefix(
        "{\"timing\":{\"live\":true,\"window\":{\"start\":0,\"end\":38,\"startDate\":\"2025-11-29T18:42:10.104Z\",\"endDate\":\"2025-11-29T18:42:48.104Z\"},\"startRule\":\"part-hold-back\",\"startTarget\":34.988,\"startPosition\":34,\"precise\":false,\"holdBack\":3.012,\"liveEdge\":38,"
      ))
  }

  @Test func outsideThePlaylistExits1() {
    let late = m3u8(["locate", "--time", "54.055", hlsSample("media-ts-vod.m3u8")])
    #expect(late.0 == 1)
    #expect(late.1 == "")
    #expect(
      late.2.hasSuffix(
        "media-ts-vod.m3u8:1:1: error: no segment holds 54.055 s; the playlist spans [0, 54.054] s [cli.locate.outside-playlist]\n"
      ))
    let undated = m3u8(["locate", "--date", "2025-11-29T18:42:20Z", hlsSample("media-ts-vod.m3u8")])
    #expect(undated.0 == 1)
    #expect(
      undated.2.hasSuffix(
        "error: no segment holds 2025-11-29T18:42:20Z; the playlist spans without EXT-X-PROGRAM-DATE-TIME [cli.locate.outside-playlist]\n"
      ))
  }

  @Test func usageErrors() {
    #expect(
      m3u8(["locate", "--time", "-1", "x.m3u8"]).2.hasPrefix(
        "m3u8-tool locate: error: option '--time' needs seconds of 0 or more, got '-1' [cli.option]\n"
      ))
    #expect(
      m3u8(["locate", "--date", "yesterday", "x.m3u8"]).2.hasPrefix(
        "m3u8-tool locate: error: option '--date' needs an ISO 8601 date-time such as 2025-11-29T18:42:20.104Z, got 'yesterday' [cli.option]\n"
      ))
    #expect(
      m3u8(["locate", "--time", "1", "--date", "2025-11-29T18:42:20Z", "x.m3u8"]).2.hasPrefix(
        "m3u8-tool locate: error: --time and --date cannot be used together [cli.usage]\n"))
    // Issue 20: a multivariant FILE is read through its first variant (the sample's
    // v5/prog_index.m3u8 is not there).
    let multivariant = m3u8(["locate", hlsSample("multivariant.m3u8")])
    #expect(multivariant.0 == 2)
    #expect(
      multivariant.2.hasSuffix(
        "v5/prog_index.m3u8:1:1: error: cannot read the first variant's playlist: No such file "
          + "or directory [io.read]\n"))
  }

  /// A live event ladder as AWS MediaPackage writes it with a start-over window: EXT-X-START in
  /// the multivariant playlist (RFC 8216bis §4.4.2 allows it there), none in the media playlists.
  static let liveLadder = [
    "live/index.m3u8": """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-START:TIME-OFFSET=-12,PRECISE=YES
    #EXT-X-STREAM-INF:BANDWIDTH=2200000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
    index_1.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
    index_2.m3u8

    """,
    "live/index_1.m3u8": """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:1200
    #EXT-X-START:TIME-OFFSET=0
    #EXTINF:6.000,
    index_1_1200.ts
    #EXTINF:6.000,
    index_1_1201.ts
    #EXTINF:6.000,
    index_1_1202.ts
    #EXTINF:6.000,
    index_1_1203.ts

    """,
  ]

  @Test func aMultivariantStartAppliesToTheFirstVariant() {
    let io = ToolIO.memory(files: Self.liveLadder)
    let status = M3U8Tool.tool.run(["locate", "live/index.m3u8"], io: io)
    #expect(status == 0)
    #expect(io.capturedError == "")
    #expect(
      io.capturedOutput == """
        variant: index_1.m3u8
        time: 12 s
        segment: media sequence 1202 (index 2) index_1_1202.ts
        segment start: 12 s, duration 6 s, offset 0 s

        """)
    let json = ToolIO.memory(files: Self.liveLadder)
    #expect(M3U8Tool.tool.run(["locate", "--json", "live/index.m3u8"], io: json) == 0)
    #expect(
      json.capturedOutput.contains(#""startRule":"multivariant-start-tag","startTarget":12,"#))
    #expect(json.capturedOutput.hasSuffix(#","variant":"index_1.m3u8"}"# + "\n"))
    let info = ToolIO.memory(files: Self.liveLadder)
    #expect(M3U8Tool.tool.run(["info", "live/index.m3u8"], io: info) == 0)
    #expect(
      info.capturedOutput.hasPrefix(
        """
        kind: multivariant
        version: 6
        start: 12 s from the end, precise (EXT-X-START, for every media playlist)

        """))
  }

  @Test func infoPrintsTheTiming() {
    let (_, out, _) = m3u8(["info", hlsSample("media-ll-live.m3u8")])
    #expect(
      out.contains(
        """
        total duration: 36 s (0:00:36.000)
        seekable window: 0 – 38 s (2025-11-29T18:42:10.104Z – 2025-11-29T18:42:48.104Z)
        start: 34 s (part-hold-back 3.012 s from the end), media sequence 2706 (index 8) part 2
        live edge: 38 s

        """))
    let (_, vod, _) = m3u8(["info", hlsSample("media-ts-vod.m3u8")])
    #expect(
      vod.contains(
        """
        seekable window: 0 – 54.054 s
        start: 0 s (playlist-start), media sequence 0 (index 0)
        discontinuities
        """))
  }
}
