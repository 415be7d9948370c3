import HLS
import ManifestCore

/// Audits HLS playlists the way a CI job or a packager needs before publishing: spec rules a
/// player would trip on, Low-Latency HLS rules, key rules and ad-marker rules, each with a
/// stable dotted id and a severity a profile can adjust.
///
/// ```swift
/// let playlist = try Playlist.parse(bytes)
/// let findings = Audit.run(playlist, rules: RuleSelection(rules: ["ads,spec"]),
///                          profile: .mediaTailor)
/// for finding in findings { print(finding.rendered(file: "live.m3u8")) }
/// let failed = findings.contains { $0.severity >= .error }
/// ```
public enum Audit {
  /// Every rule, in the order of docs/audit-rules.md.
  public static let rules: [AuditRule] =
    StructureRules.rules + VersionRules.rules + SyntaxRules.rules + SegmentRules.rules
    + DateRangeRules.rules + VariantRules.rules + TrackRules.rules + CrossVariantRules.specRules
    + LowLatencyRules.rules + KeyRules.rules + CrossVariantRules.keyRules + adRules
    + LiveRules.rules

  /// The `ads` family, in table order.
  static let adRules =
    AdPairingRules.rules + AdDurationRules.rules + AdSCTE35Rules.rules + AdPlacementRules.rules
    + AdBeaconRules.rules + AdInterstitialRules.rules + CrossVariantAdRules.rules

  /// The rules that run on a playlist of `scope` (`.media`, `.multivariant`, or `.variants` for
  /// the cross-variant comparison) under `selection` and `profile`, with the severity the
  /// profile gives them.
  public static func activeRules(
    for scope: RuleScope, rules selection: RuleSelection = .all,
    profile: AuditProfile = .standard
  ) -> [AuditRule] {
    let levels = RuleLevels(catalog: rules, selection: selection, profile: profile)
    return rules.compactMap { rule in
      let applies =
        rule.scope == scope || (rule.scope == .any && scope != .variants && scope != .live)
      guard applies, let severity = levels[rule] else { return nil }
      var active = rule
      active.severity = severity
      return active
    }
  }

  /// The rule table of docs/audit-rules.md (and `audit --list-rules`): one Markdown row per
  /// rule in `selection` with its severity under `profile` (`off` when the profile does not run
  /// it).
  public static func ruleTable(
    rules selection: RuleSelection = .all, profile: AuditProfile = .standard
  ) -> String {
    var table = "| id | severity | checks | why | reference |\n| --- | --- | --- | --- | --- |\n"
    for rule in rules where selection.includes(rule) {
      let severity =
        profile.severity(of: rule, named: selection.namesExplicitly(rule))?.rawValue ?? "off"
      let cells = [
        "`\(rule.id)`", rule.isOptIn ? "\(severity) (opt-in)" : severity, rule.summary,
        rule.rationale, rule.reference,
      ]
      table +=
        "| "
        + cells.map { $0.replacing("|", with: "\\|") }
        .joined(separator: " | ") + " |\n"
    }
    return table
  }

  /// The rule with id `id`, or `nil`.
  public static func rule(_ id: String) -> AuditRule? { rules.first { $0.id == id } }

  /// Audits one playlist with the selected rules under `profile`; the findings come in source
  /// order. Rules about other playlists (`RuleScope.variants`) need `runAcrossVariants`.
  public static func run(
    _ playlist: Playlist, rules selection: RuleSelection = .all,
    profile: AuditProfile = .standard, options: AuditOptions = AuditOptions()
  ) -> [Finding] {
    let levels = RuleLevels(catalog: rules, selection: selection, profile: profile)
    var context = AuditContext(source: playlist.source, options: options, levels: levels)
    let survey = LineSurvey(playlist.source, multivariant: playlist.multivariant != nil)
    StructureRules.check(playlist, survey, &context)
    VersionRules.check(playlist, survey, &context)
    SyntaxRules.check(playlist, &context)
    KeyRules.check(playlist, &context)
    switch playlist {
    case .media(let media):
      SegmentRules.check(media, survey, &context)
      DateRangeRules.check(media, survey, &context)
      LowLatencyRules.check(media, survey, &context)
      if context.anyOn(adRules) {
        let input = AdInput(media)
        AdPairingRules.check(input, &context)
        AdDurationRules.check(input, &context)
        AdSCTE35Rules.check(input, &context)
        AdPlacementRules.check(input, &context)
        AdBeaconRules.check(input, &context)
        AdInterstitialRules.check(media, &context)
      }
    case .multivariant(let multivariant):
      VariantRules.check(multivariant, &context)
      TrackRules.check(multivariant, &context)
    }
    return sorted(context.findings)
  }

  /// Compares the media playlists a multivariant playlist names (read by the caller, each under
  /// the name its findings should carry): target durations, playlist types, I-frame playlists,
  /// session keys against the keys in use, ad breaks. Each playlist's own audit is `run`.
  public static func runAcrossVariants(
    _ multivariant: MultivariantPlaylist, playlists: [FollowedPlaylist],
    rules selection: RuleSelection = .all, profile: AuditProfile = .standard,
    options: AuditOptions = AuditOptions()
  ) -> [Finding] {
    let levels = RuleLevels(catalog: rules, selection: selection, profile: profile)
    var context = AuditContext(source: multivariant.source, options: options, levels: levels)
    CrossVariantRules.check(multivariant, playlists, &context)
    return context.findings
  }

  /// Findings in source order, then by rule id.
  static func sorted(_ findings: [Finding]) -> [Finding] {
    findings.enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      if x.location.offset != y.location.offset { return x.location.offset < y.location.offset }
      if x.rule != y.rule { return x.rule < y.rule }
      return a.offset < b.offset
    }.map(\.element)
  }
}
