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

  /// Parser messages that a dedicated rule reports: a prefix and a fragment they contain.
  static let coveredMessages: [(prefix: String, fragment: String)] = [
    ("missing EXT-X-TARGETDURATION", ""),
    ("#EXTM3U appears again", ""),
    ("EXT-X-VERSION appears more than once", ""),
    ("EXT-X-MEDIA-SEQUENCE must appear before the first segment", ""),
    ("EXT-X-DISCONTINUITY-SEQUENCE must appear before the first segment", ""),
    ("", " does not belong in a multivariant playlist"),
    ("", " does not belong in a media playlist"),
    ("EXT-X-STREAM-INF: missing required attribute BANDWIDTH", ""),
    ("EXT-X-I-FRAME-STREAM-INF: missing required attribute BANDWIDTH", ""),
    ("AUDIO group \"", "with TYPE=AUDIO"), ("VIDEO group \"", "with TYPE=VIDEO"),
    ("SUBTITLES group \"", "with TYPE=SUBTITLES"),
    ("CLOSED-CAPTIONS group \"", "with TYPE=CLOSED-CAPTIONS"),
    ("EXT-X-KEY: missing required attribute URI", ""),
    ("EXT-X-SESSION-KEY: missing required attribute URI", ""),
    ("EXT-X-KEY: METHOD=NONE must not have URI or IV", ""),
    ("EXT-X-DATERANGE: missing required attribute ID", ""),
    ("EXT-X-DATERANGE: missing required attribute START-DATE", ""),
    ("EXT-X-DATERANGE: END-DATE is before START-DATE", ""),
    ("EXT-X-DATERANGE: DURATION must be a non-negative decimal number, got '-", ""),
    ("EXT-X-DATERANGE: PLANNED-DURATION must be a non-negative decimal number, got '-", ""),
    ("EXT-X-DATERANGE: END-ON-NEXT=YES needs a CLASS", ""),
    ("EXT-X-DATERANGE: SCTE35-", "must be a hexadecimal sequence 0x…, got '"),
  ]

  static func check(_ playlist: Playlist, _ context: inout AuditContext) {
    guard context.anyOn(rules) else { return }
    for diagnostic in playlist.diagnostics where !isCovered(diagnostic.message) {
      let rule = diagnostic.severity == .error ? syntaxError : syntaxWarning
      context.report(rule, diagnostic.message, at: diagnostic.location)
    }
  }

  /// True when a dedicated rule reports the problem the parser's `message` describes.
  static func isCovered(_ message: String) -> Bool {
    coveredMessages.contains {
      message.hasPrefix($0.prefix) && ($0.fragment.isEmpty || message.contains($0.fragment))
    }
  }
}
