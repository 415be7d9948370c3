import LoopbackOrigin
import M3U8Commands
import ManifestCore
import SchemaTestSupport
import Testing
import ToolSupport

/// `m3u8-tool audit --live` (issue 16 item 3) against the loopback live origin, whose windows
/// are written the way AWS Elemental MediaPackage and MediaLive write them (LiveOrigin), on the
/// scripted clock of `WatchCommandTests`.
@Suite struct AuditLiveCommandTests {
  /// Runs `audit --live ARGUMENTS URL(path)` against `origin`; the port becomes `PORT`.
  static func audit(
    _ origin: LiveOrigin, _ arguments: [String], path: String = "/live/master.m3u8"
  ) throws -> (Int32, String, String) {
    let server = try LoopbackServer(handler: origin.respond)
    defer { server.stop() }
    let tool = Tool(
      name: "m3u8-tool", summary: "", version: "",
      commands: [
        makeAuditCommand(
          clock: WatchCommandTests.ScriptedClock(origin: origin.clock), status: nil)
      ])
    let io = ToolIO.memory()
    io.http.retryDelayMilliseconds = 1
    let status = tool.run(["audit", "--live"] + arguments + [server.url(path)], io: io)
    let port = ":\(server.port)/"
    let escaped = "%3A\(server.port)/"  // in a GitHub annotation's file property
    return (
      status,
      io.capturedOutput.replacingAll(port, with: ":PORT/").replacingAll(escaped, with: "%3APORT/"),
      io.capturedError.replacingAll(port, with: ":PORT/")
    )
  }

  static let v0 = "http://127.0.0.1:PORT/live/v0/index.m3u8"
  static let v1 = "http://127.0.0.1:PORT/live/v1/index.m3u8"

  @Test func aCleanStreamHasNoFindingAndExitsZero() throws {
    let (status, out, err) = try Self.audit(LiveOrigin(), ["--reloads", "3"])
    #expect(err == "")
    #expect(out == "")
    #expect(status == 0)
  }

  @Test func aStalePlaylistIsAnError() throws {
    let (status, out, err) = try Self.audit(
      WatchCommandTests.origin(.stale(variant: 0, lastSequence: 105)),
      ["--variants", "lowest", "--reloads", "4"])
    #expect(err == "")
    #expect(
      out == """
        \(Self.v0):1:1: error: the playlist has not changed for 8 s, more than 1.5 × its target duration (6 s) (at 2026-12-02T10:00:12.000Z) [live.stale-playlist]

        """)
    #expect(status == 1)
  }

  @Test func aMediaSequenceRegressionAndAChangedURI() throws {
    let origin = WatchCommandTests.origin(
      .segmentURIChanged(variant: 0, sequence: 103, atSequence: 106))
    let (status, out, _) = try Self.audit(origin, ["--variants", "lowest", "--reloads", "2"])
    #expect(
      out == """
        \(Self.v0):1:1: error: segment 103 changed URI from seg103.ts to seg103-b.ts (at 2026-12-02T10:00:08.000Z) [live.segment-changed]

        """)
    #expect(status == 1)
    let (back, backOut, _) = try Self.audit(
      WatchCommandTests.origin(.sequenceRegression(variant: 0, atSequence: 106, by: 3)),
      ["--variants", "lowest", "--reloads", "2", "--rules", "live.media-sequence-back"])
    #expect(
      backOut == """
        \(Self.v0):1:1: error: EXT-X-MEDIA-SEQUENCE went back from 101 to 99 (at 2026-12-02T10:00:08.000Z) [live.media-sequence-back]

        """)
    #expect(back == 1)
  }

  /// A CUE-OUT never closed: the live rule, and the audit rule on the reloads (once, from the
  /// first reload that shows it).
  @Test func aCueOutNeverClosedIsAnError() throws {
    let (status, out, err) = try Self.audit(
      WatchCommandTests.origin(
        adBreaks: [LiveOrigin.AdBreak(firstSequence: 106, segments: 1, closes: false)]),
      ["--variants", "lowest", "--reloads", "4", "--rules", "live"])
    #expect(err == "")
    #expect(
      out == """
        \(Self.v0):1:1: error: ad break MSN-106 is still open after 8 s, declared 4 s (tolerance 0.5 s) (at 2026-12-02T10:00:12.000Z) [live.break-not-closed]

        """)
    #expect(status == 1)
  }

  @Test func anAdBreakInOneVariantOnlyIsAnErrorInJSON() throws {
    let (status, out, err) = try Self.audit(
      WatchCommandTests.origin(
        adBreaks: [LiveOrigin.AdBreak(firstSequence: 106, segments: 2, variants: [0])]),
      ["--reloads", "4", "--rules", "live", "--format", "json"])
    #expect(err == "")
    #expect(
      out == """
        {"findings":[{"rule":"live.variant-break-missing","severity":"error","file":"\(Self.v1)","line":1,"column":1,"message":"ad break MSN-106 of \(Self.v0) (at 106) is not in \(Self.v1) (at 2026-12-02T10:00:16.000Z)","code":"live.variant-break-missing"}],"summary":{"errors":1,"warnings":0,"infos":0}}

        """)
    #expect(status == 1)
  }

  /// A live playlist that never changes and whose segment is longer than its target
  /// duration (a hand-edited window, as a CDN keeps serving one when its origin hangs): the
  /// spec finding is reported once although every reload shows it, the stale playlist once.
  @Test func eachReloadIsAuditedAndAFindingIsReportedOnce() throws {
    let origin = LiveOrigin()
    origin.serve(
      "/stuck/index.m3u8",
      .playlist(
        """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:7
        #EXTINF:6.5,
        seg7.ts

        """))
    let (status, out, err) = try Self.audit(
      origin, ["--reloads", "4"], path: "/stuck/index.m3u8")
    let url = "http://127.0.0.1:PORT/stuck/index.m3u8"
    #expect(err == "")
    #expect(
      out == """
        \(url):5:1: error: EXTINF 6.5 rounds to 7, above EXT-X-TARGETDURATION 6 (segment 7) [spec.segment-exceeds-target-duration]
        \(url):1:1: error: the playlist has not changed for 12 s, more than 1.5 × its target duration (9 s) (at 2026-12-02T10:00:12.000Z) [live.stale-playlist]

        """)
    #expect(status == 1)
  }

  /// `--fail-on` and the profiles apply to the live rules: a slow blocking reload would be a
  /// warning; the stale playlist is an error under every profile.
  @Test func aWarningBelowFailOnExitsZero() throws {
    let (status, out, _) = try Self.audit(
      WatchCommandTests.origin(.stale(variant: 0, lastSequence: 105)),
      ["--variants", "lowest", "--reloads", "4", "--disable", "live.stale-playlist"])
    #expect(out == "")
    #expect(status == 0)
  }

  @Test func sarifListsTheLiveRulesAndLocatesByURL() throws {
    let (status, out, _) = try Self.audit(
      WatchCommandTests.origin(.stale(variant: 0, lastSequence: 105)),
      ["--variants", "lowest", "--reloads", "4", "--format", "sarif"])
    let log = try JSONValue.parse(out)
    let run = try #require(log["runs"]?.arrayValue?.first)
    let rules = run["tool"]?["driver"]?["rules"]?.arrayValue ?? []
    let ids = rules.compactMap { $0["id"]?.stringValue }
    #expect(ids.filter { $0.hasPrefix("live.") }.count == 13)
    let stale = try #require(rules.first { $0["id"]?.stringValue == "live.stale-playlist" })
    #expect(stale["defaultConfiguration"]?["level"]?.stringValue == "error")
    let results = run["results"]?.arrayValue ?? []
    #expect(results.count == 1)
    let result = try #require(results.first)
    #expect(result["ruleId"]?.stringValue == "live.stale-playlist")
    let location = result["locations"]?.arrayValue?.first?["physicalLocation"]
    #expect(location?["artifactLocation"]?["uri"]?.stringValue == Self.v0)
    #expect(location?["region"]?["startLine"]?.intValue == 1)
    let check = try JSONSchemaCheck.file("Tests/AuditTests/Fixtures/sarif-schema-2.1.0.json")
    #expect(check.errors(log) == [])
    #expect(status == 1)
  }

  @Test func junitAndGitHubAnnotations() throws {
    let origin = { WatchCommandTests.origin(.stale(variant: 0, lastSequence: 105)) }
    let arguments = ["--variants", "lowest", "--reloads", "4", "--rules", "live.stale-playlist"]
    let (_, github, _) = try Self.audit(origin(), arguments + ["--format", "github"])
    #expect(
      github == """
        ::error file=http%3A//127.0.0.1%3APORT/live/v0/index.m3u8,line=1,col=1,title=live.stale-playlist::the playlist has not changed for 8 s, more than 1.5 × its target duration (6 s) (at 2026-12-02T10:00:12.000Z)

        """)
    let (status, junit, _) = try Self.audit(origin(), arguments + ["--format", "junit"])
    #expect(junit.contains("<testsuite name=\"\(Self.v0)\" tests=\"1\" failures=\"1\""))
    #expect(
      junit.contains(
        "<testcase classname=\"\(Self.v0)\" name=\"live.stale-playlist\">\n"
          + "      <failure type=\"error\" message=\"1 finding\">\(Self.v0):1:1: error: "))
    #expect(status == 1)
  }

  /// A 503 without retries: the reload is reported, the audit goes on, and the exit status is
  /// 2 as for a file that cannot be read.
  @Test func aFailedReloadExitsTwo() throws {
    let (status, out, err) = try Self.audit(
      WatchCommandTests.origin(.statuses(path: "/live/v1/index.m3u8", [503])),
      ["--variants", "highest", "--reloads", "1"])
    #expect(
      err
        == "http://127.0.0.1:PORT/live/v1/index.m3u8:1:1: error: HTTP 503 Service Unavailable [io.http.status]\n"
    )
    #expect(out == "")
    #expect(status == 2)
  }

  @Test func optionsNeedLiveAndAURL() throws {
    let io = ToolIO.memory()
    #expect(M3U8Tool.tool.run(["audit", "--reloads", "2", "a.m3u8"], io: io) == 2)
    #expect(
      io.capturedError.hasPrefix("m3u8-tool audit: error: --reloads needs --live [cli.usage]\n"))
    let file = ToolIO.memory()
    #expect(M3U8Tool.tool.run(["audit", "--live", "a.m3u8"], io: file) == 2)
    #expect(
      file.capturedError.hasPrefix(
        "m3u8-tool audit: error: audit --live reloads a live playlist: URL must be http:// or "
          + "https://, got 'a.m3u8' [cli.usage]\n"))
  }

  @Test func listRulesHasTheLiveFamily() throws {
    let io = ToolIO.memory()
    #expect(M3U8Tool.tool.run(["audit", "--list-rules", "--rules", "live"], io: io) == 0)
    let rows = io.capturedOutput.split(separator: "\n").dropFirst(2)
    #expect(rows.count == 13)
    #expect(
      rows.first
        == "| `live.media-sequence-back` | error | EXT-X-MEDIA-SEQUENCE never goes back. | A client that saw the higher number skips or replays segments. | RFC 8216bis §6.2.2 |"
    )
  }
}

extension String {
  /// `self` with every `target` replaced.
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
