import HTTPLoading
import LoopbackOrigin
import M3U8Commands
import SCTE35Commands
import SubtitleCommands
import Testing
import ThumbnailCommands
import ToolSupport

/// URLs wherever a FILE is taken (issue 16 item 1), against the loopback origin.
@Suite struct URLInputCommandTests {
  /// A VOD ladder the way Apple's HLS tools (mediafilesegmenter + variantplaylistcreator) write
  /// one: the multivariant playlist names its media playlists relative to itself.
  static let master = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-STREAM-INF:BANDWIDTH=1280000,CODECS="avc1.4d401f,mp4a.40.2"
    low/index.m3u8

    """
  static let media = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:10
    #EXT-X-KEY:METHOD=AES-128,URI="key.bin"
    #EXTINF:10.0,
    fileSequence0.ts
    #EXT-X-ENDLIST

    """

  /// The origin with the ladder under /vod, redirected from /moved/master.m3u8.
  static func origin() throws -> (LiveOrigin, LoopbackServer) {
    let origin = LiveOrigin()
    origin.serve("/vod/master.m3u8", .playlist(master))
    origin.serve("/vod/low/index.m3u8", .playlist(media))
    origin.inject(.redirect(path: "/moved/master.m3u8", to: "/vod/master.m3u8"))
    return (origin, try LoopbackServer(handler: origin.respond))
  }

  /// Runs `tool` in process; retries wait 1 ms, not the 250 ms a user gets.
  static func run(_ tool: Tool, _ arguments: [String]) -> (Int32, String, String) {
    let io = ToolIO.memory()
    io.http.retryDelayMilliseconds = 1
    let status = tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  @Test func infoReadsAURL() throws {
    let (_, server) = try Self.origin()
    defer { server.stop() }
    let (status, out, err) = Self.run(M3U8Tool.tool, ["info", server.url("/vod/low/index.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(out.hasPrefix("kind: media\n"))
  }

  @Test func keysFollowResolvesAgainstTheURLAfterTheRedirect() throws {
    let (_, server) = try Self.origin()
    defer { server.stop() }
    let (status, out, err) = Self.run(
      M3U8Tool.tool, ["keys", "--follow", "--json", server.url("/moved/master.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(out.contains("\"playlist\":\"\(server.url("/vod/low/index.m3u8"))\""))
    #expect(
      server.requests.map(\.path) == [
        "/moved/master.m3u8", "/vod/master.m3u8", "/vod/low/index.m3u8",
      ])
  }

  @Test func urlsResolveAgainstTheURLAfterTheRedirect() throws {
    let (_, server) = try Self.origin()
    defer { server.stop() }
    let (status, out, err) = Self.run(M3U8Tool.tool, ["urls", server.url("/moved/master.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        \(server.url("/vod/low/index.m3u8"))
        \(server.url("/vod/low/key.bin"))
        \(server.url("/vod/low/fileSequence0.ts"))

        """)
  }

  /// A media playlist that itself redirects (a CDN moving one rendition to another path, as
  /// a token-authenticating edge does): its segments and key resolve against the URL that
  /// answered, not the URI the multivariant playlist gave (RFC 8216bis §4.1).
  @Test func urlsOfAMediaPlaylistThatRedirectsResolveAgainstItsFinalURL() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.serve("/edge/low/index.m3u8", .playlist(Self.media))
    origin.inject(.redirect(path: "/vod/low/index.m3u8", to: "/edge/low/index.m3u8"))
    let (status, out, err) = Self.run(M3U8Tool.tool, ["urls", server.url("/moved/master.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        \(server.url("/vod/low/index.m3u8"))
        \(server.url("/edge/low/key.bin"))
        \(server.url("/edge/low/fileSequence0.ts"))

        """)
    #expect(
      server.requests.map(\.path) == [
        "/moved/master.m3u8", "/vod/master.m3u8", "/vod/low/index.m3u8", "/edge/low/index.m3u8",
      ])
  }

  /// `ads --format mpd --follow` of a ladder (ffmpeg 5.1 `-hls_segment_type fmp4`) whose
  /// media playlist redirects: its Initialization and SegmentURLs are the URLs that answered.
  @Test func mpdSegmentsOfAMediaPlaylistThatRedirectsAreItsFinalURLs() throws {
    let origin = LiveOrigin()
    origin.serve(
      "/cmaf/master.m3u8",
      .playlist(
        """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-STREAM-INF:BANDWIDTH=510400,RESOLUTION=320x180,CODECS="avc1.42c014"
        v/index.m3u8

        """))
    origin.serve(
      "/edge/v/index.m3u8",
      .playlist(
        """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:4
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-MAP:URI="init_0.mp4"
        #EXTINF:4.000000,
        seg0.m4s
        #EXT-X-ENDLIST

        """))
    origin.inject(.redirect(path: "/cmaf/v/index.m3u8", to: "/edge/v/index.m3u8"))
    let server = try LoopbackServer(handler: origin.respond)
    defer { server.stop() }
    let (status, out, err) = Self.run(
      M3U8Tool.tool, ["ads", "--format", "mpd", "--follow", server.url("/cmaf/master.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(out.contains(#"<Initialization sourceURL="\#(server.url("/edge/v/init_0.mp4"))"/>"#))
    #expect(out.contains(#"<SegmentURL media="\#(server.url("/edge/v/seg0.m4s"))"/>"#))
  }

  @Test func auditFollowOfACleanLiveOriginFindsNothing() throws {
    let origin = LiveOrigin()
    let server = try LoopbackServer(handler: origin.respond)
    defer { server.stop() }
    let (status, out, err) = Self.run(
      M3U8Tool.tool, ["audit", "--follow", "--format", "json", server.url("/live/master.m3u8")])
    #expect(status == 0)
    #expect(err == "")
    #expect(out == #"{"findings":[],"summary":{"errors":0,"warnings":0,"infos":0}}"# + "\n")
    #expect(
      server.requests.map(\.path) == [
        "/live/master.m3u8", "/live/v0/index.m3u8", "/live/v1/index.m3u8",
      ])
  }

  @Test func aMissingURLIsAnHTTPDiagnosticAndExitStatus2() throws {
    let (_, server) = try Self.origin()
    defer { server.stop() }
    let url = server.url("/vod/missing.m3u8")
    let (status, out, err) = Self.run(M3U8Tool.tool, ["info", url])
    #expect(status == 2)
    #expect(out == "")
    #expect(err == "\(url):1:1: error: HTTP 404 Not Found [io.http.status]\n")
  }

  @Test func a503ThenRecoveryWithRetries() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.inject(.statuses(path: "/vod/low/index.m3u8", [503, 503]))
    let url = server.url("/vod/low/index.m3u8")
    #expect(Self.run(M3U8Tool.tool, ["info", "--retries", "2", url]).0 == 0)
    origin.inject(.statuses(path: "/vod/low/index.m3u8", [503, 503]))
    let (status, _, err) = Self.run(M3U8Tool.tool, ["info", "--retries", "1", url])
    #expect(status == 2)
    #expect(
      err == "\(url):1:1: error: HTTP 503 Service Unavailable (2 attempts) [io.http.status]\n")
  }

  @Test func aResponseSlowerThanTimeoutFails() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.inject(.slow(path: "/vod/low/index.m3u8", milliseconds: 5_000))
    let url = server.url("/vod/low/index.m3u8")
    let (status, _, err) = Self.run(M3U8Tool.tool, ["info", "--timeout", "0.2", url])
    #expect(status == 2)
    #expect(
      err == "\(url):1:1: error: no complete response within 0.2 s (--timeout) [io.http.timeout]\n")
  }

  @Test func maxBytesStopsTheTransfer() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.serve("/big.m3u8", .playlist("#EXTM3U\n" + String(repeating: "#X\n", count: 30_000)))
    let url = server.url("/big.m3u8")
    let (status, _, err) = Self.run(M3U8Tool.tool, ["info", "--max-bytes", "64K", url])
    #expect(status == 2)
    #expect(
      err
        == "\(url):1:1: error: response larger than 65536 bytes (--max-bytes) [io.http.max-bytes]\n"
    )
    // --max-input-bytes, when smaller, is the bound that is reported.
    let (_, _, smaller) = Self.run(M3U8Tool.tool, ["info", "--max-input-bytes", "1K", url])
    #expect(
      smaller
        == "\(url):1:1: error: cannot read: larger than 1024 bytes (--max-input-bytes) "
        + "[limit.input-bytes]\n")
  }

  @Test func headersGoWithEveryRequestFollowedOnesToo() throws {
    let (_, server) = try Self.origin()
    defer { server.stop() }
    let arguments = [
      "keys", "--follow", "--header", "Authorization: Bearer t0k3n", "--header", "X-CI: 1",
      server.url("/moved/master.m3u8"),
    ]
    #expect(Self.run(M3U8Tool.tool, arguments).0 == 0)
    #expect(server.requests.count == 3)
    for request in server.requests {
      #expect(request.header("Authorization") == "Bearer t0k3n")
      #expect(request.header("X-CI") == "1")
      #expect(request.header("User-Agent") == "ManifestKit/" + ManifestKitVersion.current)
    }
  }

  @Test func aHeaderWithALineBreakIsAUsageError() {
    let (status, _, err) = Self.run(
      M3U8Tool.tool, ["info", "--header", "X-A: 1\r\nX-B: 2", "http://127.0.0.1:1/a.m3u8"])
    #expect(status == 2)
    #expect(
      err == """
        m3u8-tool info: error: option '--header': a header cannot hold CR, LF or other control \
        characters [cli.option]
        Run 'm3u8-tool info --help' for usage.

        """)
  }

  @Test func timeoutAndRetriesNeedSensibleValues() {
    let (status, _, err) = Self.run(M3U8Tool.tool, ["info", "--timeout", "0", "-"])
    #expect(status == 2)
    #expect(
      err.hasPrefix(
        "m3u8-tool info: error: option '--timeout' needs seconds greater than 0 such as 10 or "
          + "0.5, got '0' [cli.option]\n"))
    #expect(
      Self.run(M3U8Tool.tool, ["info", "--retries", "11", "-"]).2.hasPrefix(
        "m3u8-tool info: error: option '--retries' needs 0 to 10, got 11 [cli.option]\n"))
  }

  @Test func moreThanFiveRedirectsIsAnError() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    for hop in 0..<6 { origin.inject(.redirect(path: "/r\(hop)", to: "/r\(hop + 1)")) }
    let url = server.url("/r0")
    let (status, _, err) = Self.run(M3U8Tool.tool, ["info", url])
    #expect(status == 2)
    #expect(err == "\(url):1:1: error: more than 5 redirects [io.http.redirects]\n")
  }

  @Test func aFollowedPlaylistThatFailsIsAWarningWithItsHTTPStatus() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.inject(.statuses(path: "/vod/low/index.m3u8", [404]))
    let (status, _, err) = Self.run(
      M3U8Tool.tool, ["keys", "--follow", server.url("/vod/master.m3u8")])
    #expect(status == 0)
    #expect(
      err
        == "\(server.url("/vod/master.m3u8")):4:1: warning: cannot read "
        + "\(server.url("/vod/low/index.m3u8")): HTTP 404 Not Found [hls.follow.unreadable]\n")
  }

  @Test func theOtherToolsReadURLsToo() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    // The smallest WebVTT file (W3C WebVTT §4.1) and a thumbnail track the way JW Player's
    // storyboard tooling writes one (sprite coordinates in the fragment).
    origin.serve(
      "/subs/en.vtt",
      LoopbackResponse(body: Array("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n".utf8)))
    origin.serve(
      "/thumbs/track.vtt",
      LoopbackResponse(
        body: Array("WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90\n".utf8)))
    origin.serve("/splice.json", LoopbackResponse(body: Array(#"{"splice_command_type": 6}"#.utf8)))
    let srt = Self.run(SubtitleTool.tool, ["convert", "--to", "srt", server.url("/subs/en.vtt")])
    #expect(srt.0 == 0)
    #expect(srt.1 == "1\n00:00:01,000 --> 00:00:02,000\nHi\n\n")
    let thumbnails = Self.run(ThumbnailTool.tool, ["validate", server.url("/thumbs/track.vtt")])
    #expect(thumbnails.0 == 0)
    #expect(thumbnails.2 == "")
    // scte35-tool encode reads its JSON from the URL: what it says of it is about the URL.
    let missing = server.url("/missing.json")
    let scte35 = Self.run(SCTE35Tool.tool, ["encode", missing])
    #expect(scte35 == (2, "", "\(missing):1:1: error: HTTP 404 Not Found [io.http.status]\n"))
  }

  @Test func stitchReadsItsPlanContentAndAdsFromURLs() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.serve("/vod2/index.m3u8", .playlist(StitchCommandTests.content))
    origin.serve("/vod2/ad/index.m3u8", .playlist(StitchCommandTests.ad))
    origin.inject(.redirect(path: "/r/index.m3u8", to: "/vod2/index.m3u8"))
    origin.serve("/vod2/plan.json", LoopbackResponse(body: Array(StitchCommandTests.plan.utf8)))
    let io = ToolIO.memory()
    let status = M3U8Tool.tool.run(
      ["stitch", "--plan", server.url("/vod2/plan.json"), server.url("/r/index.m3u8")], io: io)
    #expect(status == 0)
    #expect(io.capturedError == "")
    // The ad's segments are named as absolute URLs: they are on no path the content shares.
    #expect(io.capturedOutput.contains("\n\(server.url("/vod2/ad/ad0.ts"))\n"))
    #expect(
      server.requests.map(\.path) == [
        "/vod2/plan.json", "/r/index.m3u8", "/vod2/index.m3u8", "/vod2/ad/index.m3u8",
      ])
  }
}
