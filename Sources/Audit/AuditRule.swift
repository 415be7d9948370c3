import ManifestCore

/// The families `--rules` selects by name; a rule's family is the part of its id before the
/// first dot.
public enum RuleFamily: String, Sendable, Hashable, CaseIterable {
  /// RFC 8216bis requirements a player trips on (structure, versions, durations, variants,
  /// date ranges).
  case spec
  /// Low-Latency HLS: partial segments, hold-backs, skips, preload hints, rendition reports.
  case lowLatency = "ll-hls"
  /// EXT-X-KEY and EXT-X-SESSION-KEY.
  case keys
  /// Ad markers of every dialect and their SCTE-35 payloads.
  case ads
  /// A live stream across reloads (`audit --live`): staleness, media sequence, ad breaks
  /// over wall-clock time, variants in step.
  case live
}

/// What a rule looks at.
public enum RuleScope: String, Sendable, Hashable {
  /// A media playlist.
  case media
  /// A multivariant playlist.
  case multivariant
  /// Either kind.
  case any
  /// The media playlists of a multivariant playlist compared with each other (`--follow`).
  case variants
  /// A live stream across reloads (`audit --live`, `LiveAudit`).
  case live
}

/// One audit rule as data: its stable id, default severity, what it checks and why. The
/// catalogue (`Audit.rules`) is the source of docs/audit-rules.md.
public struct AuditRule: Sendable, Hashable, Identifiable {
  /// Stable dotted id, `family.name`.
  public var id: String
  /// The severity a finding gets under the standard profile.
  public var severity: Severity
  /// What the rule checks, in one sentence.
  public var summary: String
  /// Why it matters, in one sentence.
  public var rationale: String
  /// Where the requirement comes from (`RFC 8216bis §4.4.3.1`, `SCTE 35 §9.7.3`, …).
  public var reference: String
  /// What the rule looks at.
  public var scope: RuleScope
  /// True for a rule that runs only when a profile turns it on or `--rules` names its id.
  public var isOptIn: Bool

  /// Creates a rule.
  public init(
    id: String, severity: Severity, scope: RuleScope, summary: String, rationale: String,
    reference: String, isOptIn: Bool = false
  ) {
    self.id = id
    self.severity = severity
    self.scope = scope
    self.summary = summary
    self.rationale = rationale
    self.reference = reference
    self.isOptIn = isOptIn
  }

  /// The family, from the id's prefix.
  public var family: RuleFamily? {
    guard let dot = id.firstIndex(of: ".") else { return nil }
    return RuleFamily(rawValue: String(id[..<dot]))
  }
}
