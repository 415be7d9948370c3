import AdInsertion
import Audit
import Foundation
import HLS
import ManifestCore
import SchemaTestSupport
import Testing

/// The JSON Schemas of docs/schemas against the JSON the tools print, for every playlist under
/// samples/ (the `audit` and `ads` JSON are `AuditReport.jsonValue` and `AdTimeline.jsonValue`,
/// written out unchanged by the commands).
@Suite struct JSONOutputSchemaTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// Every `.m3u8` under samples/ that parses, by repository path.
  static func samples() throws -> [(String, Playlist)] {
    let base = repository.appendingPathComponent("samples")
    var out: [(String, Playlist)] = []
    let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      guard url.pathExtension == "m3u8" else { continue }
      let bytes = Array(try Data(contentsOf: url))
      guard let playlist = try? Playlist.parse(bytes) else { continue }
      out.append((String(url.standardized.path.dropFirst(repository.path.count + 1)), playlist))
    }
    return out.sorted { $0.0 < $1.0 }
  }

  @Test func auditJSONOfEverySampleMatchesItsSchema() throws {
    let schema = try JSONSchemaCheck.file("docs/schemas/audit.schema.json")
    let samples = try Self.samples()
    #expect(samples.count >= 40)
    var withFindings = 0
    for (name, playlist) in samples {
      let findings = Audit.run(playlist)
      if !findings.isEmpty { withFindings += 1 }
      let report = AuditReport(entries: [AuditReport.Entry(file: name, findings: findings)])
      #expect(schema.errors(report.jsonValue) == [], "\(name)")
    }
    #expect(withFindings >= 5)
    let golden = try JSONValue.parse(
      Array(
        try Data(
          contentsOf: Self.repository.appendingPathComponent(
            "samples/audit/expected/problems.json"))))
    #expect(schema.errors(golden) == [])
  }

  @Test func adsJSONOfEveryMediaSampleMatchesItsSchema() throws {
    let schema = try JSONSchemaCheck.file("docs/schemas/ads.schema.json")
    var breaks = 0
    for (name, playlist) in try Self.samples() {
      guard let media = playlist.media else { continue }
      let timeline = AdTimeline(media)
      breaks += timeline.breaks.count
      #expect(schema.errors(timeline.jsonValue) == [], "\(name)")
    }
    #expect(breaks >= 10)
  }

  @Test func theSchemasRejectWhatTheContractDoesNotAllow() throws {
    let audit = try JSONSchemaCheck.file("docs/schemas/audit.schema.json")
    let finding: JSONValue = .object([
      ("rule", .string("spec.syntax")), ("severity", .string("fatal")), ("file", .null),
      ("line", .int(1)), ("column", .int(1)), ("message", .string("m")),
      ("code", .string("spec.syntax")), ("extra", .bool(true)),
    ])
    #expect(
      audit.errors(
        .object([
          ("findings", .array([finding])),
          ("summary", .object([("errors", .int(-1)), ("warnings", .int(0))])),
        ])) == [
          "/findings/0: unexpected property extra", "/findings/0/severity: not in enum",
          "/summary: missing required infos", "/summary/errors: -1.0 beyond minimum 0.0",
        ])
    let ads = try JSONSchemaCheck.file("docs/schemas/ads.schema.json")
    #expect(ads.errors(.object([("breaks", .string("none"))])) == ["/breaks: not of type array"])
  }
}
