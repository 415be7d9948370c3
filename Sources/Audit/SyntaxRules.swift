import HLS
import ManifestCore

/// The parser's own diagnostics (malformed values and attribute lists, missing required
/// attributes, URI lines without tags), reported as findings. The parser's checks that a
/// dedicated rule makes too are left to that rule, so each problem is reported once.
enum SyntaxRules {
  static let syntaxError = AuditRule(
    id: "spec.syntax", severity: .error, scope: .any,
    summary: "What the parser rejects: malformed values or attribute lists, missing required "
      + "attributes, a segment without EXTINF, a tag without its URI line.",
    rationale: "Clients MUST fail to parse, or ignore, such tags; the playlist does not mean "
      + "what its author intended.",
    reference: "RFC 8216bis §4.2, §4.4")
  static let syntaxWarning = AuditRule(
    id: "spec.syntax-warning", severity: .warning, scope: .any,
    summary: "What the parser reads but doubts: an unquoted value that should be quoted, an "
      + "EXTINF without a URI before the next one, a URI line without EXT-X-STREAM-INF.",
    rationale: "Lenient players accept these, strict ones do not.",
    reference: "RFC 8216bis §4.2, §4.4")

  static let rules = [syntaxError, syntaxWarning]

  /// The codes of parser diagnostics that a dedicated rule reports.
  static let coveredCodes: Set<HLSDiagnosticCode> = [
    .targetDurationMissing, .extm3uRepeated, .versionRepeated, .mediaSequenceLate,
    .discontinuitySequenceLate, .tagWrongPlaylistKind, .variantBandwidthMissing, .groupUndefined,
    .keyURIMissing, .keyNoneWithURI, .dateRangeIDMissing, .dateRangeStartDateMissing,
    .dateRangeEndBeforeStart, .dateRangeNegativeDuration, .dateRangeEndOnNextWithoutClass,
    .dateRangeSCTE35Hexadecimal,
  ]

  static func check(_ playlist: Playlist, _ context: inout AuditContext) {
    guard context.anyOn(rules) else { return }
    for diagnostic in playlist.diagnostics where !isCovered(diagnostic.code) {
      let rule = diagnostic.severity == .error ? syntaxError : syntaxWarning
      context.report(rule, diagnostic.message, at: diagnostic.location)
    }
  }

  /// True when a dedicated rule reports the problem of the parser diagnostic with `code`.
  static func isCovered(_ code: String) -> Bool {
    HLSDiagnosticCode(rawValue: code).map(coveredCodes.contains) ?? false
  }
}
