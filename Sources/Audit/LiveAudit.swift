import HLS
import Live
import ManifestCore

/// The audit of a live stream over time (`audit --live`), without I/O: a monitoring service
/// hands it every reload of every media playlist (`audit(_:playlist:)`, each finding once: the
/// first reload that shows it) and the events its `LiveReloadTracker` returned
/// (`findings(_:)`: the problems as findings of the `live` rules, under the same selection and
/// profile). A finding of a `live` rule is at line 1, column 1 of the playlist the event is
/// about, named by its URL.
///
/// ```swift
/// var audit = LiveAudit(profile: .strict)
/// var tracker = LiveReloadTracker()
/// findings += audit.audit(media, playlist: url)
/// findings += audit.findings(tracker.ingest(LiveSnapshot(variant: url, playlist: media, …)))
/// ```
public struct LiveAudit: Sendable {
  /// The rules that run.
  public let selection: RuleSelection
  /// The profile that gives their severities.
  public let profile: AuditProfile
  /// The tolerances of the audit rules.
  public let options: AuditOptions
  private let levels: RuleLevels
  /// What each playlist's reloads showed already: rule, message and the finding's line text.
  private var reported: [String: Set<[String]>] = [:]

  /// An audit with these rules, profile and options.
  public init(
    rules selection: RuleSelection = .all, profile: AuditProfile = .standard,
    options: AuditOptions = AuditOptions()
  ) {
    self.selection = selection
    self.profile = profile
    self.options = options
    levels = RuleLevels(catalog: Audit.rules, selection: selection, profile: profile)
  }

  /// The findings of one reload of the media playlist named `playlist` that no earlier reload
  /// of it showed (the same rule and message on a line with the same text), in source order.
  public mutating func audit(_ media: MediaPlaylist, playlist: String) -> [Finding] {
    let findings = Audit.run(
      .media(media), rules: selection, profile: profile, options: options)
    let source = media.source
    var seen = reported[playlist] ?? []
    let new = findings.filter { finding in
      let line = finding.location.line
      let text =
        line >= 1 && line <= source.lines.count ? source.text(of: source.lines[line - 1]) : ""
      return seen.insert([finding.rule, finding.message, text]).inserted
    }
    reported[playlist] = seen
    return new
  }

  /// The findings of the problem events among `events`, for the `live` rules that run: each
  /// names the playlist the event is about (`file`) and the time of the reload that showed it.
  public func findings(_ events: [LiveEvent]) -> [Finding] {
    events.compactMap { event in
      guard case .problem(let rule, let message, _) = event.kind,
        let catalogued = LiveRules.rule(rule), let severity = levels[catalogued]
      else { return nil }
      return Finding(
        rule: rule.rawValue, severity: severity, message: "\(message) (at \(event.time))",
        location: .start, file: event.variant)
    }
  }
}
