import AdInsertion
import Audit
import Foundation
import HLS
import HTTPLoading
import ManifestCore
import SCTE35
import Stitching
import StrictXML
import Subtitles
import TTML
import Testing
import Thumbnails
import ToolSupport
import VAST

/// The catalogs of diagnostic codes: every code is well formed and unique, every code the
/// sources use is in a catalog, and docs/diagnostic-codes.md is the catalogs' table.
/// `MANIFESTKIT_RECORD_GOLDEN=1 swift test --filter DiagnosticCodeCatalogTests` rewrites the page.
@Suite struct DiagnosticCodeCatalogTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The catalogs, module by module, in the page's order.
  static let catalogs: [(module: String, codes: [DiagnosticCodeInfo])] = [
    ("HLS", HLSDiagnosticCode.catalog),
    ("SCTE35", SCTE35Issue.catalog),
    ("AdInsertion", AdMarkerIssue.catalog),
    ("AdInsertion (rewrite)", AdRewriteIssue.catalog),
    ("Audit", Audit.rules.map { DiagnosticCodeInfo($0.id, [$0.severity], $0.summary) }),
    ("Subtitles", SubtitleDiagnosticCode.catalog),
    ("Subtitles (XML)", XMLCodes.catalog),
    ("Thumbnails", ThumbnailDiagnosticCode.catalog),
    ("VAST", VASTDiagnosticCode.catalog),
    ("Stitching", StitchDiagnosticCode.catalog),
    (
      "StrictXML (VAST, VMAP)",
      StrictXMLReader.codes.filter { entry in !XMLCodes.catalog.contains { $0.code == entry.code } }
        .map { DiagnosticCodeInfo($0.code, [.error], $0.summary) }
    ),
    ("ManifestCore", Limits.catalog),
    ("tools", ToolDiagnosticCode.catalog),
    ("tools (URLs)", HTTPDiagnosticCode.catalog),
  ]

  static var allCodes: [String] { catalogs.flatMap { $0.codes.map(\.code) } }

  @Test func codesAreDottedLowercaseAndUnique() {
    var seen = Set<String>()
    for code in Self.allCodes {
      let parts = code.split(separator: ".", omittingEmptySubsequences: false)
      let wellFormed =
        parts.count >= 2
        && parts.allSatisfy { part in
          !part.isEmpty
            && part.utf8.allSatisfy {
              ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
            }
        }
      #expect(wellFormed, "\(code) is not module.area.problem in lowercase")
      #expect(seen.insert(code).inserted, "\(code) is in two catalogs")
    }
  }

  /// Code literals in Sources (`"hls.attribute.duplicate"`, SCTE35's short `"truncated"` issue
  /// codes, the XML reader's short `"depth-limit"`) that no catalog lists.
  @Test func everyCodeTheSourcesUseIsCatalogued() throws {
    let known = Set(Self.allCodes)
    let prefixes = [
      "hls", "scte35", "ads", "srt", "vtt", "ttml", "xml", "subtitle", "thumbnail", "io", "cli",
      "limit", "vast", "vmap", "stitch",
    ]
    let literal = try Regex(#""(([a-z0-9]+)(\.[a-z0-9-]+)+)""#)
    let scte35Literal = try Regex(#"(?:\.error|\.warning|code:)\(?\s*"([a-z0-9-]+)""#)
    let xmlLiteral = try Regex(#"(?:fail\(|code:)\s*"([a-z0-9-]+)""#)
    var unknown: [String] = []
    var checked = 0
    for (path, text) in try Self.sources() {
      for match in text.matches(of: literal) {
        guard let code = match.output[1].substring.map(String.init),
          let module = match.output[2].substring, prefixes.contains(String(module))
        else { continue }
        checked += 1
        if !known.contains(code) { unknown.append("\(path): \(code)") }
      }
      let (short, prefix) =
        path.hasPrefix("SCTE35/")
        ? (scte35Literal, "scte35.")
        : path.hasPrefix("XMLSupport/") ? (xmlLiteral, "xml.") : (nil, "")
      guard let short else { continue }
      for match in text.matches(of: short) {
        guard let code = match.output[1].substring.map({ prefix + $0 }) else { continue }
        checked += 1
        if !known.contains(code) { unknown.append("\(path): \(code)") }
      }
    }
    #expect(unknown == [])
    #expect(checked > 40)
  }

  @Test func docsTableIsCurrent() throws {
    let url = Self.root.appendingPathComponent("docs/diagnostic-codes.md")
    let expected = Self.page()
    if ProcessInfo.processInfo.environment["MANIFESTKIT_RECORD_GOLDEN"] != nil {
      try expected.write(to: url, atomically: true, encoding: .utf8)
    }
    let actual = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let have = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
      zip(want, have).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(want.count, have.count)
    #expect(
      actual == expected,
      """
      docs/diagnostic-codes.md is out of date at line \(first + 1):
      - \(first < have.count ? String(have[first]) : "(end of file)")
      + \(first < want.count ? String(want[first]) : "(end of file)")
      Regenerate: MANIFESTKIT_RECORD_GOLDEN=1 swift test --filter DiagnosticCodeCatalogTests
      """)
  }

  /// The page, generated from the catalogs.
  static func page() -> String {
    var lines = [
      "# Diagnostic codes",
      "",
      "<!-- Generated from the catalogs by Tests/CommandTests/DiagnosticCodeCatalogTests.swift;",
      "     regenerate: MANIFESTKIT_RECORD_GOLDEN=1 swift test --filter DiagnosticCodeCatalogTests -->",
      "",
      "Every diagnostic, parse error and tool error carries one of these stable codes: at the end",
      "of its text line as `[code]` (`FILE:LINE:COL: severity: message [code]`) and as `\"code\"`",
      "in JSON (docs/cli-contract.md). A code names one problem and does not change; the message",
      "names the values and may be reworded. An audit finding's code is its rule id",
      "([audit-rules.md](audit-rules.md)). Codes of 0.1 that moved: `empty-input` →",
      "`hls.input.empty` (`subtitle.input.empty` for subtitles), `input-too-large` →",
      "`hls.input.too-large`, `binary-input` → `hls.input.binary`, `missing-extm3u` →",
      "`hls.extm3u.missing`, `scte35-X` → `scte35.X` (the `code` of `scte35-tool decode --json`",
      "errors is `scte35.X` too), `not-ttml` → `ttml.document.not-ttml`,",
      "`missing-webvtt-signature` → `vtt.signature.missing`, `not-utf8`/`not-utf16`/`repeated-bom`",
      "→ `subtitle.encoding.…`, an XML reader's `X` → `xml.X`, `not-media-playlist` →",
      "`cli.input.multivariant` (m3u8-tool ads) or `thumbnail.playlist.multivariant`,",
      "`not-image-playlist-tiles` → `thumbnail.sprite.not-tiles`, `invalid-json`,",
      "`not-ad-timeline`, `invalid-ad-break` → `thumbnail.ads.json`, `thumbnail.ads.not-timeline`,",
      "`thumbnail.ads.invalid-break`, `bad-json` → `scte35.bad-json`; `limit.NAME` is unchanged.",
      "In the library, `SCTE35Issue.code` and `AdMarkerIssue.Kind` keep their short names",
      "(`truncated`, `orphan-in`); `SCTE35Issue.diagnosticCode` and `AdMarkerIssue.code` are the",
      "codes below (`scte35.truncated`, `ads.marker.orphan-in`).",
      "",
      "| code | severity | module | meaning |",
      "|---|---|---|---|",
    ]
    for (module, codes) in catalogs {
      for info in codes {
        let severities = info.severities.map(\.rawValue).joined(separator: ", ")
        let summary = info.summary.replacingOccurrences(of: "|", with: "\\|")
        lines.append("| `\(info.code)` | \(severities) | \(module) | \(summary) |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The Swift files under Sources, as paths relative to it and their text.
  static func sources() throws -> [(String, String)] {
    let base = root.appendingPathComponent("Sources")
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    var files: [(String, String)] = []
    for case let path as String in walker where path.hasSuffix(".swift") {
      files.append(
        (path, try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)))
    }
    return files
  }
}
