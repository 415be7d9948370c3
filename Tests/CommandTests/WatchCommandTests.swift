import LoopbackOrigin
import M3U8Commands
import ManifestCore
import SchemaTestSupport
import Synchronization
import Testing
import ToolSupport

/// `m3u8-tool watch` (issue 16 item 2) against the loopback live origin, whose windows are
/// written the way AWS Elemental MediaPackage and MediaLive write them (LiveOrigin). The watch
/// runs on `ScriptedClock`, which moves the origin's manual clock as the watch sleeps, so
/// minutes of stream take no real time.
@Suite struct WatchCommandTests {
  /// A watch clock starting at 10:00:00Z whose `sleep(until:)` advances itself and the origin.
  final class ScriptedClock: WatchClock {
    let origin: LiveClock
    let time: Mutex<DateTime>

    init(origin: LiveClock) {
      self.origin = origin
      time = Mutex(DateTime("2026-12-02T10:00:00.000Z") ?? DateTime(epochNanoseconds: 0))
    }

    func now() -> DateTime { time.withLock { $0 } }

    func sleep(until target: DateTime) {
      let milliseconds = time.withLock { now -> Int64 in
        let delta = target.seconds(since: now).rescaled(to: 3).significand
        if delta > 0 { now = target }
        return delta
      }
      if milliseconds > 0 { origin.advance(milliseconds: Int(milliseconds)) }
    }
  }

  /// Runs `watch ARGUMENTS URL(path)` against `origin`; the output has the port replaced by
  /// `PORT`.
  static func watch(
    _ origin: LiveOrigin, _ arguments: [String], path: String = "/live/master.m3u8"
  ) throws -> (Int32, String, String) {
    let server = try LoopbackServer(handler: origin.respond)
    defer { server.stop() }
    let tool = Tool(
      name: "m3u8-tool", summary: "", version: "",
      commands: [makeWatchCommand(clock: ScriptedClock(origin: origin.clock), status: nil)])
    let io = ToolIO.memory()
    io.http.retryDelayMilliseconds = 1
    let status = tool.run(["watch"] + arguments + [server.url(path)], io: io)
    let port = ":\(server.port)/"
    return (
      status, io.capturedOutput.replacingAll(port, with: ":PORT/"),
      io.capturedError.replacingAll(port, with: ":PORT/")
    )
  }

  static let v0 = "http://127.0.0.1:PORT/live/v0/index.m3u8"
  static let v1 = "http://127.0.0.1:PORT/live/v1/index.m3u8"

  @Test func aCleanStreamGivesSegmentsAndExitZero() throws {
    let (status, out, err) = try Self.watch(LiveOrigin(), ["--reloads", "2"])
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:00.000Z  \(Self.v1)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)
        2026-12-02T10:00:04.000Z  \(Self.v1)  segments-added 1 (105-105)
        2026-12-02T10:00:08.000Z  \(Self.v0)  segments-added 1 (106-106)
        2026-12-02T10:00:08.000Z  \(Self.v1)  segments-added 1 (106-106)

        """)
    #expect(status == 0)
  }

  /// The origin with `fault` injected.
  static func origin(_ fault: LiveOrigin.Fault? = nil, adBreaks: [LiveOrigin.AdBreak] = [])
    -> LiveOrigin
  {
    var configuration = LiveOrigin.Configuration()
    configuration.adBreaks = adBreaks
    let origin = LiveOrigin(configuration)
    if let fault { origin.inject(fault) }
    return origin
  }

  @Test func aStalePlaylistIsAProblem() throws {
    let (status, out, err) = try Self.watch(
      Self.origin(.stale(variant: 0, lastSequence: 105)),
      ["--variants", "lowest", "--reloads", "4"])
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)
        2026-12-02T10:00:12.000Z  \(Self.v0)  problem [live.stale-playlist] the playlist has not changed for 8 s, more than 1.5 × its target duration (6 s)

        """)
    #expect(status == 1)
  }

  @Test func aMediaSequenceRegressionIsAProblem() throws {
    let (status, out, err) = try Self.watch(
      Self.origin(.sequenceRegression(variant: 0, atSequence: 106, by: 3)),
      ["--variants", "lowest", "--reloads", "2"])
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)
        2026-12-02T10:00:08.000Z  \(Self.v0)  problem [live.media-sequence-back] EXT-X-MEDIA-SEQUENCE went back from 101 to 99
        2026-12-02T10:00:08.000Z  \(Self.v0)  problem [live.segment-changed] segment 101 changed URI from seg101.ts to seg104.ts
        2026-12-02T10:00:08.000Z  \(Self.v0)  problem [live.segment-changed] segment 101 changed program date-time from 2026-12-02T00:06:44.000Z to 2026-12-02T00:06:56.000Z
        2026-12-02T10:00:08.000Z  \(Self.v0)  problem [live.segment-changed] segment 102 changed URI from seg102.ts to seg105.ts
        2026-12-02T10:00:08.000Z  \(Self.v0)  problem [live.segment-changed] segment 102 changed program date-time from 2026-12-02T00:06:48.000Z to 2026-12-02T00:07:00.000Z
        2026-12-02T10:00:08.000Z  \(Self.v0)  problem [live.segment-changed] segment 103 changed URI from seg103.ts to seg106.ts
        2026-12-02T10:00:08.000Z  \(Self.v0)  problem [live.segment-changed] segment 103 changed program date-time from 2026-12-02T00:06:52.000Z to 2026-12-02T00:07:04.000Z

        """)
    #expect(status == 1)
  }

  @Test func aChangedSegmentURIIsAProblem() throws {
    let (status, out, err) = try Self.watch(
      Self.origin(.segmentURIChanged(variant: 0, sequence: 103, atSequence: 106)),
      ["--variants", "lowest", "--reloads", "2"])
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)
        2026-12-02T10:00:08.000Z  \(Self.v0)  problem [live.segment-changed] segment 103 changed URI from seg103.ts to seg103-b.ts
        2026-12-02T10:00:08.000Z  \(Self.v0)  segments-added 1 (106-106)

        """)
    #expect(status == 1)
  }

  @Test func a503IsRetriedWithRetries() throws {
    let (status, out, err) = try Self.watch(
      Self.origin(.statuses(path: "/live/v0/index.m3u8", [503])),
      ["--variants", "lowest", "--reloads", "1", "--retries", "1"])
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)

        """)
    #expect(status == 0)
  }

  @Test func a503WithoutRetriesFailsTheWatchWhichRecovers() throws {
    let (status, out, err) = try Self.watch(
      Self.origin(.statuses(path: "/live/v1/index.m3u8", [503])),
      ["--variants", "highest", "--reloads", "1"])
    #expect(
      err
        == "http://127.0.0.1:PORT/live/v1/index.m3u8:1:1: error: HTTP 503 Service Unavailable [io.http.status]\n"
    )
    #expect(
      out == """
        2026-12-02T10:00:01.000Z  \(Self.v1)  segments-added 5 (100-104)
        2026-12-02T10:00:05.000Z  \(Self.v1)  segments-added 1 (105-105)

        """)
    #expect(status == 1)
  }

  @Test func anAdBreakInOneVariantOnlyIsAProblem() throws {
    let (status, out, err) = try Self.watch(
      Self.origin(adBreaks: [LiveOrigin.AdBreak(firstSequence: 106, segments: 2, variants: [0])]),
      ["--reloads", "4"])
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:00.000Z  \(Self.v1)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)
        2026-12-02T10:00:04.000Z  \(Self.v1)  segments-added 1 (105-105)
        2026-12-02T10:00:08.000Z  \(Self.v0)  segments-added 1 (106-106)
        2026-12-02T10:00:08.000Z  \(Self.v0)  ad-break-started MSN-106 at 106, planned 8 s
        2026-12-02T10:00:08.000Z  \(Self.v1)  segments-added 1 (106-106)
        2026-12-02T10:00:12.000Z  \(Self.v0)  segments-added 1 (107-107)
        2026-12-02T10:00:12.000Z  \(Self.v1)  segments-added 1 (107-107)
        2026-12-02T10:00:16.000Z  \(Self.v0)  segments-added 1 (108-108)
        2026-12-02T10:00:16.000Z  \(Self.v0)  ad-break-ended MSN-106 after 8 s
        2026-12-02T10:00:16.000Z  \(Self.v1)  problem [live.variant-break-missing] ad break MSN-106 of \(Self.v0) (at 106) is not in \(Self.v1)
        2026-12-02T10:00:16.000Z  \(Self.v1)  segments-added 1 (108-108)

        """)
    #expect(status == 1)
  }

  @Test func aCueOutNeverClosedIsAProblem() throws {
    let (status, out, err) = try Self.watch(
      Self.origin(adBreaks: [LiveOrigin.AdBreak(firstSequence: 106, segments: 1, closes: false)]),
      ["--variants", "lowest", "--reloads", "4"])
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)
        2026-12-02T10:00:08.000Z  \(Self.v0)  segments-added 1 (106-106)
        2026-12-02T10:00:08.000Z  \(Self.v0)  ad-break-started MSN-106 at 106, planned 4 s
        2026-12-02T10:00:12.000Z  \(Self.v0)  segments-added 1 (107-107)
        2026-12-02T10:00:12.000Z  \(Self.v0)  problem [live.break-not-closed] ad break MSN-106 is still open after 8 s, declared 4 s (tolerance 0.5 s)
        2026-12-02T10:00:16.000Z  \(Self.v0)  segments-added 1 (108-108)

        """)
    #expect(status == 1)
  }

  @Test func endListEndsTheWatch() throws {
    let origin = Self.origin()
    origin.serve("/vod/index.m3u8", .playlist(Self.vod))
    let (status, out, err) = try Self.watch(origin, ["--duration", "60"], path: "/vod/index.m3u8")
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  http://127.0.0.1:PORT/vod/index.m3u8  segments-added 2 (0-1)
        2026-12-02T10:00:00.000Z  http://127.0.0.1:PORT/vod/index.m3u8  ended EXT-X-ENDLIST

        """)
    #expect(status == 0)
  }

  @Test func jsonLinesAndDuration() throws {
    let (status, out, err) = try Self.watch(
      Self.origin(), ["--json", "--variants", "lowest", "--duration", "5"])
    #expect(err == "")
    #expect(
      out == """
        {"time":"2026-12-02T10:00:00.000Z","variant":"\(Self.v0)","event":"segments-added","count":5,"first":100,"last":104,"missed":0}
        {"time":"2026-12-02T10:00:04.000Z","variant":"\(Self.v0)","event":"segments-added","count":1,"first":105,"last":105,"missed":0}

        """)
    #expect(status == 0)
  }

  @Test func aFileIsAUsageError() throws {
    let io = ToolIO.memory()
    let status = M3U8Tool.tool.run(["watch", "live.m3u8"], io: io)
    #expect(
      io.capturedError == """
        m3u8-tool watch: error: watch reloads a live playlist: URL must be http:// or https://, got 'live.m3u8' [cli.usage]
        Run 'm3u8-tool watch --help' for usage.

        """)
    #expect(status == 2)
  }

  /// End to end on the wall clock: an LL-HLS origin with 1 s segments of four parts, reloaded
  /// with blocking requests (_HLS_msn, _HLS_part) on a real thread.
  @Test func lowLatencyReloadsBlock() throws {
    var configuration = LiveOrigin.Configuration()
    configuration.segmentSeconds = 1
    configuration.partsPerSegment = 4
    let origin = LiveOrigin(configuration, clock: .wall())
    let server = try LoopbackServer(handler: origin.respond)
    defer { server.stop() }
    let url = server.url("/live/master.m3u8")
    let (status, out, err) = BackgroundCall { () -> (Int32, String, String) in
      let io = ToolIO.memory()
      let tool = Tool(
        name: "m3u8-tool", summary: "", version: "",
        commands: [makeWatchCommand(clock: SystemWatchClock(), status: nil)])
      let status = tool.run(["watch", "--variants", "lowest", "--reloads", "3", url], io: io)
      return (status, io.capturedOutput, io.capturedError)
    }.wait()
    #expect(err == "")
    #expect(!out.contains("problem"))
    #expect(out.split(separator: "\n").first?.contains("  segments-added 5 (") == true)
    let blocking = server.requests.filter { $0.parameter("_HLS_msn") != nil }
    #expect(blocking.count == 3)
    #expect(blocking.allSatisfy { $0.path == "/live/v0/index.m3u8" })
    #expect(status == 0)
  }

  /// A static file that offers CAN-BLOCK-RELOAD=YES but never holds a request (a CDN caching
  /// an LL-HLS playlist, Apple's low-latency spec sample written once): the watch asks again a
  /// part target later, not at once, and reports the playlist stale.
  @Test func aServerThatDoesNotBlockIsNotFlooded() throws {
    let origin = Self.origin()
    origin.serve("/static/index.m3u8", .playlist(Self.lowLatencyStatic))
    let (status, out, err) = try Self.watch(
      origin, ["--duration", "4"], path: "/static/index.m3u8")
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  http://127.0.0.1:PORT/static/index.m3u8  segments-added 1 (10-10)
        2026-12-02T10:00:03.500Z  http://127.0.0.1:PORT/static/index.m3u8  problem [live.stale-playlist] the playlist has not changed for 3.5 s, more than 1.5 × its target duration (3 s)

        """)
    #expect(status == 1)
  }

  /// An LL-HLS media playlist (2 s segments, 0.5 s parts) the way Apple's low-latency
  /// reference server writes one.
  static let lowLatencyStatic = """
    #EXTM3U
    #EXT-X-VERSION:9
    #EXT-X-TARGETDURATION:2
    #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.5
    #EXT-X-PART-INF:PART-TARGET=0.5
    #EXT-X-MEDIA-SEQUENCE:10
    #EXTINF:2.000,
    seg10.mp4
    #EXT-X-PART:DURATION=0.500,URI="seg11.0.mp4",INDEPENDENT=YES
    #EXT-X-PRELOAD-HINT:TYPE=PART,URI="seg11.1.mp4"

    """

  /// Every line `--json` prints (segments, an ad break started and ended, problems) is a
  /// record of docs/schemas/live-event.schema.json.
  @Test func jsonLinesMatchTheLiveEventSchema() throws {
    let (status, out, _) = try Self.watch(
      Self.origin(adBreaks: [LiveOrigin.AdBreak(firstSequence: 106, segments: 2, variants: [0])]),
      ["--json", "--reloads", "4"])
    let check = try JSONSchemaCheck.file("docs/schemas/live-event.schema.json")
    let lines = out.split(separator: "\n")
    #expect(lines.count == 13)
    for line in lines {
      #expect(check.errors(try JSONValue.parse(String(line))) == [], "\(line)")
    }
    #expect(status == 1)
  }

  /// A multivariant playlist with an audio and a subtitle rendition in their own media
  /// playlists, the way AWS Elemental MediaPackage lists them (the origin serves every one as a
  /// live window).
  static let withRenditions = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="v1/index.m3u8"
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Deutsch",LANGUAGE="de",URI="v2/index.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.64001f,mp4a.40.2",AUDIO="aac",SUBTITLES="subs"
    v0/index.m3u8

    """

  /// `--variants lowest` follows the variant and the renditions of its groups; their events
  /// name the rendition. The break carried by the variant only is missing from the audio
  /// rendition; subtitles are not compared with it.
  @Test func renditionsAreFollowedAndNamed() throws {
    var configuration = LiveOrigin.Configuration()
    configuration.bandwidths = [800_000, 128_000, 1_000]
    configuration.adBreaks = [LiveOrigin.AdBreak(firstSequence: 105, segments: 1, variants: [0])]
    let origin = LiveOrigin(configuration)
    origin.serve("/live/renditions.m3u8", .playlist(Self.withRenditions))
    let (status, out, err) = try Self.watch(
      origin, ["--variants", "lowest", "--reloads", "3"], path: "/live/renditions.m3u8")
    let audio = "http://127.0.0.1:PORT/live/v1/index.m3u8 (AUDIO aac/English)"
    let subtitles = "http://127.0.0.1:PORT/live/v2/index.m3u8 (SUBTITLES subs/Deutsch)"
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:00.000Z  \(audio)  segments-added 5 (100-104)
        2026-12-02T10:00:00.000Z  \(subtitles)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)
        2026-12-02T10:00:04.000Z  \(Self.v0)  ad-break-started MSN-105 at 105, planned 4 s
        2026-12-02T10:00:04.000Z  \(audio)  segments-added 1 (105-105)
        2026-12-02T10:00:04.000Z  \(subtitles)  segments-added 1 (105-105)
        2026-12-02T10:00:08.000Z  \(Self.v0)  segments-added 1 (106-106)
        2026-12-02T10:00:08.000Z  \(Self.v0)  ad-break-ended MSN-105 after 4 s
        2026-12-02T10:00:08.000Z  \(audio)  segments-added 1 (106-106)
        2026-12-02T10:00:08.000Z  \(subtitles)  segments-added 1 (106-106)
        2026-12-02T10:00:12.000Z  \(Self.v0)  segments-added 1 (107-107)
        2026-12-02T10:00:12.000Z  \(audio)  problem [live.variant-break-missing] ad break MSN-105 of \(Self.v0) (at 105) is not in http://127.0.0.1:PORT/live/v1/index.m3u8
        2026-12-02T10:00:12.000Z  \(audio)  segments-added 1 (107-107)
        2026-12-02T10:00:12.000Z  \(subtitles)  segments-added 1 (107-107)

        """)
    #expect(status == 1)
    let fresh = LiveOrigin(configuration)
    fresh.serve("/live/renditions.m3u8", .playlist(Self.withRenditions))
    let (_, json, _) = try Self.watch(
      fresh, ["--json", "--variants", "lowest", "--reloads", "0"], path: "/live/renditions.m3u8")
    #expect(
      json.split(separator: "\n").dropFirst().first
        == #"{"time":"2026-12-02T10:00:00.000Z","variant":"http://127.0.0.1:PORT/live/v1/index.m3u8","rendition":{"type":"AUDIO","group":"aac","name":"English","language":"en"},"event":"segments-added","count":5,"first":100,"last":104,"missed":0}"#
    )
    let check = try JSONSchemaCheck.file("docs/schemas/live-event.schema.json")
    for line in json.split(separator: "\n") {
      #expect(check.errors(try JSONValue.parse(String(line))) == [], "\(line)")
    }
  }

  /// A finished event playlist, the way Apple's mediastreamsegmenter closes one.
  static let vod = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:4
    #EXT-X-MEDIA-SEQUENCE:0
    #EXTINF:4.000,
    fileSequence0.ts
    #EXTINF:4.000,
    fileSequence1.ts
    #EXT-X-ENDLIST

    """
}

extension String {
  /// `self` with every `target` replaced.
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
