import Audit
import Foundation
import HLS
import ManifestCore
import Testing

/// Playlists audited into reports for the SARIF, HTML and SVG tests, and the golden files in
/// `Fixtures/` (`MANIFESTKIT_RECORD_GOLDEN=1` rewrites them instead of comparing).
enum ReportFixture {
  /// A VOD playlist as AWS Elemental MediaConvert writes one with ad markers (CUE-OUT with its
  /// duration, CUE-OUT-CONT, CUE-IN, discontinuities around the ad): the break is declared
  /// 12 s but measures 10 s.
  static let cueOutVOD = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:6.000,
    content_00000.ts
    #EXT-X-CUE-OUT:12.000
    #EXT-X-DISCONTINUITY
    #EXTINF:6.000,
    ad_00000.ts
    #EXT-X-CUE-OUT-CONT:ElapsedTime=6.000,Duration=12.000
    #EXTINF:4.000,
    ad_00001.ts
    #EXT-X-CUE-IN
    #EXT-X-DISCONTINUITY
    #EXTINF:6.000,
    content_00001.ts
    #EXT-X-ENDLIST

    """

  /// `text` parsed, audited with every default rule, as a one-entry report and its playlist.
  static func audited(_ text: String, name: String) throws -> (AuditReport, AuditedPlaylist) {
    let playlist = try Playlist.parse(Array(text.utf8))
    let kind: RuleScope = playlist.media != nil ? .media : .multivariant
    let report = AuditReport(entries: [
      AuditReport.Entry(
        file: name, rules: Audit.activeRules(for: kind), findings: Audit.run(playlist))
    ])
    return (report, AuditedPlaylist(name: name, playlist: playlist))
  }

  static func fixtureURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name)
  }

  /// Compares `output` with `Fixtures/NAME`, or rewrites the file when MANIFESTKIT_RECORD_GOLDEN
  /// is set.
  static func expectGolden(_ output: String, _ name: String) throws {
    let url = fixtureURL(name)
    if ProcessInfo.processInfo.environment["MANIFESTKIT_RECORD_GOLDEN"] != nil {
      try output.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(output == (try String(contentsOf: url, encoding: .utf8)), "\(name)")
  }
}
