import Audit
import Foundation
import HLS
import ManifestCore
import SchemaTestSupport
import Testing

/// `AuditReport.sarif`: the `audit --format sarif` log, checked against the official SARIF
/// 2.1.0 schema (Fixtures/sarif-schema-2.1.0.json) and for what code scanning reads.
@Suite struct SARIFReportTests {
  static let schema = Result {
    try JSONSchemaCheck.file("Tests/AuditTests/Fixtures/sarif-schema-2.1.0.json")
  }

  func results(_ log: JSONValue) -> [JSONValue] {
    guard case .array(let runs)? = log["runs"], case .array(let results)? = runs.first?["results"]
    else { return [] }
    return results
  }

  func fingerprint(_ result: JSONValue) -> String? {
    result["partialFingerprints"]?["manifestkitFindingHash/v1"]?.stringValue
  }

  @Test func theLogOfARealPlaylistMatchesTheSchema() throws {
    let (report, playlist) = try ReportFixture.audited(ReportFixture.cueOutVOD, name: "vod.m3u8")
    let log = report.sarif(playlists: [playlist], toolVersion: "0.1.0")
    #expect(results(log).count == report.findings.count)
    #expect(!report.findings.isEmpty)
    #expect(try Self.schema.get().errors(log) == [])
    // What is written is what is read back.
    #expect(try JSONValue.parse(log.serialized(pretty: true)) == log)
  }

  /// The command's own output over samples/audit/problems (CommandTests keeps it equal to
  /// what `m3u8-tool audit --format sarif` prints).
  @Test func theCommandsGoldenLogMatchesTheSchema() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../samples/audit/expected/problems.sarif.json")
    let log = try JSONValue.parse(Array(try Data(contentsOf: url)))
    #expect(results(log).count == 25)
    #expect(try Self.schema.get().errors(log) == [])
  }

  @Test func theSchemaCheckRejectsBrokenLogs() throws {
    let check = try Self.schema.get()
    #expect(
      check.errors(.object([("runs", .array([]))])) == [": missing required version"])
    let badLevel: JSONValue = .object([
      ("version", .string("2.1.0")),
      (
        "runs",
        .array([
          .object([
            ("tool", .object([("driver", .object([("name", .string("m3u8-tool"))]))])),
            (
              "results",
              .array([
                .object([
                  ("message", .object([("text", .string("x"))])), ("level", .string("info")),
                  ("ruleIndex", .int(-2)),
                ])
              ])
            ),
          ])
        ])
      ),
    ])
    #expect(
      check.errors(badLevel) == [
        "/runs/0/results/0/level: not in enum",
        "/runs/0/results/0/ruleIndex: -2.0 beyond minimum -1.0",
      ])
  }

  @Test func aResultNamesItsRuleLevelFileLineAndColumn() throws {
    let (report, playlist) = try ReportFixture.audited(ReportFixture.cueOutVOD, name: "vod.m3u8")
    let log = report.sarif(playlists: [playlist], toolVersion: "9.9.9")
    let finding = try #require(report.findings.first)
    let result = try #require(results(log).first)
    let index = try #require(Audit.rules.firstIndex { $0.id == finding.rule })
    #expect(result["ruleId"] == .string(finding.rule))
    #expect(result["ruleIndex"] == .int(Int64(index)))
    #expect(
      result["level"] == .string(finding.severity == .info ? "note" : finding.severity.rawValue))
    #expect(result["message"]?["text"] == .string(finding.message))
    let physical = result["locations"].flatMap { locations -> JSONValue? in
      if case .array(let all) = locations { return all.first?["physicalLocation"] }
      return nil
    }
    #expect(physical?["artifactLocation"]?["uri"] == .string("vod.m3u8"))
    #expect(physical?["region"]?["startLine"] == .int(Int64(finding.location.line)))
    #expect(physical?["region"]?["startColumn"] == .int(Int64(finding.location.column)))
    #expect(fingerprint(result)?.count == 16)
    let driver = log["runs"].flatMap { runs -> JSONValue? in
      if case .array(let all) = runs { return all.first?["tool"]?["driver"] }
      return nil
    }
    #expect(driver?["name"] == .string("m3u8-tool"))
    #expect(driver?["version"] == .string("9.9.9"))
    #expect(driver?["informationUri"] == .string("https://github.com/manifestkit/manifestkit"))
    guard case .array(let rules)? = driver?["rules"] else {
      Issue.record("no rules")
      return
    }
    #expect(rules.count == Audit.rules.count)
    let rule = rules[index]
    #expect(rule["id"] == .string(finding.rule))
    #expect(rule["shortDescription"]?["text"] == .string(Audit.rules[index].summary))
    #expect(
      rule["helpUri"]
        == .string("https://github.com/manifestkit/manifestkit/blob/main/docs/audit-rules.md#rules")
    )
    #expect(rule["help"]?["markdown"]?.stringValue?.hasPrefix("**Checks:** ") == true)
  }

  /// The rules' helpUri is `docs/audit-rules.md#rules`: the page has that heading (GitHub's
  /// anchor for `## Rules`) and a table row for every rule.
  @Test func theHelpAnchorIsAHeadingOfTheRulePage() throws {
    let page = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/audit-rules.md"), encoding: .utf8)
    let lines = page.split(separator: "\n")
    #expect(lines.contains("## Rules"))
    for rule in Audit.rules {
      #expect(lines.contains { $0.hasPrefix("| `\(rule.id)` |") }, "\(rule.id)")
    }
  }

  @Test func fingerprintsSurviveLinesAddedAbove() throws {
    let (before, p1) = try ReportFixture.audited(ReportFixture.cueOutVOD, name: "vod.m3u8")
    let moved = ReportFixture.cueOutVOD.replacing(
      "#EXT-X-PLAYLIST-TYPE:VOD\n", with: "#EXT-X-PLAYLIST-TYPE:VOD\n# packaged 2026-11-30\n")
    let (after, p2) = try ReportFixture.audited(moved, name: "vod.m3u8")
    let a = results(before.sarif(playlists: [p1], toolVersion: "0.1.0"))
    let b = results(after.sarif(playlists: [p2], toolVersion: "0.1.0"))
    #expect(a.count == b.count)
    #expect(a.map(fingerprint) == b.map(fingerprint))
    #expect(before.findings.map { $0.location.line + 1 } == after.findings.map(\.location.line))
    // Another file, another fingerprint.
    let (renamed, p3) = try ReportFixture.audited(ReportFixture.cueOutVOD, name: "other.m3u8")
    let c = results(renamed.sarif(playlists: [p3], toolVersion: "0.1.0"))
    #expect(Set(a.map(fingerprint)).isDisjoint(with: c.map(fingerprint)))
  }

  @Test func findingsOnIdenticalLinesHaveTheirOwnFingerprints() throws {
    // Two copies of the same ad segment (a stitcher repeating a slate, as MediaTailor does
    // when an ad decision returns too little), each line the same text.
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXTINF:6.000,
      slate.ts
      #EXTINF:6.000,
      slate.ts
      #EXTINF:6.000,
      slate.ts
      #EXT-X-ENDLIST

      """
    let (report, playlist) = try ReportFixture.audited(text, name: "slate.m3u8")
    let duplicates = report.findings.filter { $0.rule == "spec.duplicate-segment" }
    #expect(duplicates.count == 2)
    let prints = results(report.sarif(playlists: [playlist], toolVersion: "0.1.0"))
      .filter { $0["ruleId"] == .string("spec.duplicate-segment") }.compactMap(fingerprint)
    #expect(prints.count == 2)
    #expect(Set(prints).count == 2)
  }

  func uri(of name: String) -> JSONValue? {
    let report = AuditReport(entries: [
      AuditReport.Entry(
        file: name,
        findings: [
          Finding(
            rule: "spec.syntax", severity: .error, message: "m",
            location: SourceLocation(line: 2, column: 1, offset: 8))
        ])
    ])
    return results(report.sarif(toolVersion: "0.1.0")).first?["locations"].flatMap {
      if case .array(let all) = $0 { return all.first?["physicalLocation"]?["artifactLocation"] }
      return nil
    }
  }

  @Test func fileNamesBecomeRelativePercentEncodedURIs() {
    #expect(uri(of: "live/index.m3u8") == .object([("uri", .string("live/index.m3u8"))]))
    #expect(
      uri(of: "./live/./a b#1%.m3u8") == .object([("uri", .string("live/a%20b%231%25.m3u8"))]))
    #expect(uri(of: "../up/é.m3u8") == .object([("uri", .string("../up/%C3%A9.m3u8"))]))
    #expect(uri(of: "c:weird.m3u8") == .object([("uri", .string("c%3Aweird.m3u8"))]))
    #expect(
      uri(of: "/srv/hls/a b.m3u8") == .object([("uri", .string("file:///srv/hls/a%20b.m3u8"))]))
    #expect(
      uri(of: "https://cdn.example.com/a b/x.m3u8?t=1&s=%2F")
        == .object([("uri", .string("https://cdn.example.com/a%20b/x.m3u8?t=1&s=%2F"))]))
    #expect(
      uri(of: "<stdin>") == .object([("description", .object([("text", .string("<stdin>"))]))]))
  }

  @Test func columnsAreCountedInCodePoints() throws {
    let text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,título\na.ts\n#EXT-X-ENDLIST\n"
    let playlist = try Playlist.parse(Array(text.utf8))
    let report = AuditReport(entries: [
      AuditReport.Entry(
        file: "t.m3u8",
        findings: [
          // Byte column 18 is the `l` after `tí`: code point 17.
          Finding(
            rule: "spec.syntax", severity: .warning, message: "m",
            location: SourceLocation(line: 3, column: 18, offset: 0))
        ])
    ])
    let log = report.sarif(
      playlists: [AuditedPlaylist(name: "t.m3u8", playlist: playlist)], toolVersion: "0.1.0")
    let region = results(log).first?["locations"].flatMap {
      if case .array(let all) = $0 { return all.first?["physicalLocation"]?["region"] }
      return nil
    }
    #expect(region == .object([("startLine", .int(3)), ("startColumn", .int(17))]))
    guard case .array(let runs)? = log["runs"] else { return }
    #expect(runs.first?["columnKind"] == .string("unicodeCodePoints"))
  }

  @Test func messagesCannotFormEmbeddedLinks() throws {
    let report = AuditReport(entries: [
      AuditReport.Entry(
        file: "a.m3u8",
        findings: [
          Finding(
            rule: "spec.syntax", severity: .info, message: #"URI '[x](https://e.example/\)' ok"#,
            location: .start),
          Finding(rule: "spec.syntax", severity: .info, message: "[spec] as is", location: .start),
        ])
    ])
    let texts = results(report.sarif(toolVersion: "0.1.0")).map { $0["message"]?["text"] }
    #expect(texts == [.string(#"URI '\[x\](https://e.example/\\)' ok"#), .string("[spec] as is")])
    #expect(results(report.sarif(toolVersion: "0.1.0")).first?["level"] == .string("note"))
  }

  @Test func filesThatCouldNotBeAuditedAreErrorNotifications() throws {
    let report = AuditReport(entries: [
      AuditReport.Entry(file: "gone.m3u8", failure: "cannot read: No such file or directory")
    ])
    let log = report.sarif(toolVersion: "0.1.0")
    #expect(try Self.schema.get().errors(log) == [])
    guard case .array(let runs)? = log["runs"],
      case .array(let invocations)? = runs.first?["invocations"]
    else {
      Issue.record("no invocations")
      return
    }
    #expect(invocations.first?["executionSuccessful"] == .bool(false))
    #expect(
      invocations.first?["toolExecutionNotifications"]
        == .array([
          .object([
            ("level", .string("error")),
            ("message", .object([("text", .string("cannot read: No such file or directory"))])),
            (
              "locations",
              .array([
                .object([
                  (
                    "physicalLocation",
                    .object([("artifactLocation", .object([("uri", .string("gone.m3u8"))]))])
                  )
                ])
              ])
            ),
          ])
        ]))
  }
}
