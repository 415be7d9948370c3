import HLS
import HTTPLoading
import LoopbackOrigin
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The simulated live origin the watch and live-audit tests drive: its window, LL-HLS parts and
/// blocking reloads, and each fault it injects.
@Suite struct LiveOriginTests {
  static func get(_ server: LoopbackServer, _ path: String) throws -> String {
    var options = HTTPOptions()
    options.timeoutMilliseconds = 5_000
    return String(
      decoding: try HTTPClient.get(server.url(path), options: options).body, as: UTF8.self)
  }

  static func mediaSequence(_ text: String) -> Int? {
    let prefix = "#EXT-X-MEDIA-SEQUENCE:"
    return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap {
      Int($0.dropFirst(prefix.count))
    }
  }

  @Test func theWindowAdvancesOneSegmentPerSegmentDuration() throws {
    var configuration = LiveOrigin.Configuration()
    configuration.windowSegments = 3
    let clock = LiveClock.manual()
    let origin = LiveOrigin(configuration, clock: clock)
    let server = try LoopbackServer(handler: origin.respond)
    defer { server.stop() }
    #expect(
      try Self.get(server, "/live/v0/index.m3u8") == """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-TARGETDURATION:4
        #EXT-X-MEDIA-SEQUENCE:100
        #EXT-X-PROGRAM-DATE-TIME:2026-12-02T00:06:40.000Z
        #EXTINF:4.000,
        seg100.ts
        #EXT-X-PROGRAM-DATE-TIME:2026-12-02T00:06:44.000Z
        #EXTINF:4.000,
        seg101.ts
        #EXT-X-PROGRAM-DATE-TIME:2026-12-02T00:06:48.000Z
        #EXTINF:4.000,
        seg102.ts

        """)
    clock.advance(milliseconds: 3_999)
    #expect(Self.mediaSequence(try Self.get(server, "/live/v0/index.m3u8")) == 100)
    clock.advance(milliseconds: 1)
    let next = try Self.get(server, "/live/v1/index.m3u8")
    #expect(Self.mediaSequence(next) == 101)
    #expect(next.hasSuffix("#EXTINF:4.000,\nseg103.ts\n"))
  }

  @Test func everyPlaylistItServesParsesWithoutDiagnostics() throws {
    var configuration = LiveOrigin.Configuration()
    configuration.partsPerSegment = 4
    configuration.adBreaks = [LiveOrigin.AdBreak(firstSequence: 102, segments: 2)]
    let origin = LiveOrigin(configuration)
    for text in [origin.multivariantPlaylist(), origin.mediaPlaylist(variant: 0)] {
      let playlist = try Playlist.parse(Array(text.utf8))
      #expect(playlist.diagnostics.isEmpty, "\(playlist.diagnostics)")
    }
  }

  @Test func lowLatencyPlaylistsHaveThePartsAndAPreloadHint() throws {
    var configuration = LiveOrigin.Configuration()
    configuration.partsPerSegment = 4
    configuration.windowSegments = 2
    let clock = LiveClock.manual()
    let origin = LiveOrigin(configuration, clock: clock)
    clock.advance(milliseconds: 2_500)
    #expect(
      origin.mediaPlaylist(variant: 0) == """
        #EXTM3U
        #EXT-X-VERSION:9
        #EXT-X-TARGETDURATION:4
        #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3.000
        #EXT-X-PART-INF:PART-TARGET=1.000
        #EXT-X-MEDIA-SEQUENCE:100
        #EXT-X-PROGRAM-DATE-TIME:2026-12-02T00:06:40.000Z
        #EXT-X-PART:DURATION=1.000,URI="seg100.0.mp4",INDEPENDENT=YES
        #EXT-X-PART:DURATION=1.000,URI="seg100.1.mp4"
        #EXT-X-PART:DURATION=1.000,URI="seg100.2.mp4"
        #EXT-X-PART:DURATION=1.000,URI="seg100.3.mp4"
        #EXTINF:4.000,
        seg100.ts
        #EXT-X-PROGRAM-DATE-TIME:2026-12-02T00:06:44.000Z
        #EXT-X-PART:DURATION=1.000,URI="seg101.0.mp4",INDEPENDENT=YES
        #EXT-X-PART:DURATION=1.000,URI="seg101.1.mp4"
        #EXT-X-PART:DURATION=1.000,URI="seg101.2.mp4"
        #EXT-X-PART:DURATION=1.000,URI="seg101.3.mp4"
        #EXTINF:4.000,
        seg101.ts
        #EXT-X-PART:DURATION=1.000,URI="seg102.0.mp4",INDEPENDENT=YES
        #EXT-X-PART:DURATION=1.000,URI="seg102.1.mp4"
        #EXT-X-PRELOAD-HINT:TYPE=PART,URI="seg102.2.mp4"

        """)
  }

  @Test func aBlockingReloadIsHeldUntilThePartExists() throws {
    var configuration = LiveOrigin.Configuration()
    configuration.partsPerSegment = 4
    configuration.maximumHoldMilliseconds = 30_000
    let clock = LiveClock.manual()
    let origin = LiveOrigin(configuration, clock: clock)
    let server = try LoopbackServer(handler: origin.respond)
    defer { server.stop() }
    // The window ends at segment 104 with no part of 105 yet: ask for part 1 of 105.
    let url = server.url("/live/v0/index.m3u8?_HLS_msn=105&_HLS_part=1")
    var patient = HTTPOptions()
    patient.timeoutMilliseconds = 30_000
    let options = patient
    let reload = BackgroundCall {
      Result { () throws(HTTPLoadError) in try HTTPClient.get(url, options: options) }
    }
    while server.requests.isEmpty { sched_yield() }
    clock.advance(milliseconds: 2_000)
    let text = String(decoding: try reload.wait().get().body, as: UTF8.self)
    #expect(text.contains("#EXT-X-PART:DURATION=1.000,URI=\"seg105.1.mp4\"\n"))
    #expect(text.hasSuffix("#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"seg105.2.mp4\"\n"))
  }

  @Test func aBlockingReloadTooFarAheadIsABadRequest() throws {
    var configuration = LiveOrigin.Configuration()
    configuration.partsPerSegment = 4
    let server = try LoopbackServer(handler: LiveOrigin(configuration).respond)
    defer { server.stop() }
    let url = server.url("/live/v0/index.m3u8?_HLS_msn=107")
    #expect(throws: HTTPLoadError(url: url, kind: .status(400, "Bad Request"))) {
      try HTTPClient.get(url, options: HTTPOptions())
    }
  }

  @Test func aStalePlaylistStopsChanging() {
    let clock = LiveClock.manual()
    let origin = LiveOrigin(clock: clock)
    origin.inject(.stale(variant: 1, lastSequence: 105))
    clock.advance(milliseconds: 4_000)
    let stale = origin.mediaPlaylist(variant: 1)
    clock.advance(milliseconds: 40_000)
    #expect(origin.mediaPlaylist(variant: 1) == stale)
    #expect(Self.mediaSequence(origin.mediaPlaylist(variant: 0)) == 111)
  }

  @Test func aMediaSequenceRegression() {
    let clock = LiveClock.manual()
    let origin = LiveOrigin(clock: clock)
    origin.inject(.sequenceRegression(variant: 0, atSequence: 106, by: 3))
    clock.advance(milliseconds: 4_000)
    #expect(Self.mediaSequence(origin.mediaPlaylist(variant: 0)) == 101)
    clock.advance(milliseconds: 4_000)
    #expect(Self.mediaSequence(origin.mediaPlaylist(variant: 0)) == 99)
  }

  @Test func aListedSegmentChangesItsURI() {
    let clock = LiveClock.manual()
    let origin = LiveOrigin(clock: clock)
    origin.inject(.segmentURIChanged(variant: 0, sequence: 103, atSequence: 105))
    #expect(origin.mediaPlaylist(variant: 0).contains("\nseg103.ts\n"))
    clock.advance(milliseconds: 4_000)
    let changed = origin.mediaPlaylist(variant: 0)
    #expect(changed.contains("\nseg103-b.ts\n"))
    #expect(!changed.contains("\nseg103.ts\n"))
  }

  @Test func anAdBreakInOneVariantOnly() {
    var configuration = LiveOrigin.Configuration()
    configuration.adBreaks = [LiveOrigin.AdBreak(firstSequence: 101, segments: 2, variants: [0])]
    let origin = LiveOrigin(configuration)
    let lines = origin.mediaPlaylist(variant: 0).split(separator: "\n")
    #expect(
      lines.filter { $0.hasPrefix("#EXT-X-CUE") } == [
        "#EXT-X-CUE-OUT:DURATION=8", "#EXT-X-CUE-OUT-CONT:ElapsedTime=4,Duration=8",
        "#EXT-X-CUE-IN",
      ])
    #expect(!origin.mediaPlaylist(variant: 1).contains("#EXT-X-CUE"))
  }

  @Test func aCueOutNeverClosed() {
    var configuration = LiveOrigin.Configuration()
    configuration.adBreaks = [LiveOrigin.AdBreak(firstSequence: 101, segments: 2, closes: false)]
    let lines = LiveOrigin(configuration).mediaPlaylist(variant: 0).split(separator: "\n")
    #expect(
      lines.filter { $0.hasPrefix("#EXT-X-CUE") } == [
        "#EXT-X-CUE-OUT:DURATION=8", "#EXT-X-CUE-OUT-CONT:ElapsedTime=4,Duration=8",
        "#EXT-X-CUE-OUT-CONT:ElapsedTime=8,Duration=8",
        "#EXT-X-CUE-OUT-CONT:ElapsedTime=12,Duration=8",
      ])
  }

  @Test func theServerStopsByItself() throws {
    let server = try LoopbackServer(lifetimeMilliseconds: 0) { _ in .status(204, "No Content") }
    // The accept loop sees its deadline passed on its first turn; no request is needed.
    for _ in 0..<10_000_000 where !server.isStopped { sched_yield() }
    #expect(server.isStopped)
  }
}
