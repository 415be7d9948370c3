import Audit
import HLS
import Live

/// `audit --live`'s reporter: the audit rules on every reload of every followed media playlist
/// and the `live` rules from the tracker's problems (`LiveAudit`), as one report entry per
/// playlist (the multivariant playlist first), named by URL.
struct LiveAuditReporter: WatchReporter {
  let settings: AuditSettings
  private var audit: LiveAudit
  private(set) var entries: [AuditReport.Entry] = []
  /// The entry of each playlist, by URL.
  private var entryIndex: [String: Int] = [:]
  /// The playlists that failed to load (an entry each, once).
  private var failures: Set<String> = []

  init(settings: AuditSettings) {
    self.settings = settings
    audit = LiveAudit(
      rules: settings.selection, profile: settings.profile, options: settings.options)
  }

  /// True when a playlist could not be read or parsed (exit status 2).
  var failed: Bool { !failures.isEmpty }

  mutating func started(_ playlist: Playlist, name: String) {
    guard case .multivariant = playlist else { return }
    let rules = Audit.activeRules(
      for: .multivariant, rules: settings.selection, profile: settings.profile)
    let findings = Audit.run(
      playlist, rules: settings.selection, profile: settings.profile, options: settings.options)
    entryIndex[name] = entries.count
    entries.append(AuditReport.Entry(file: name, rules: rules, findings: findings))
  }

  mutating func reloaded(_ media: MediaPlaylist, variant: String) {
    let index = entry(variant)
    entries[index].findings += audit.audit(media, playlist: variant)
  }

  mutating func report(_ events: [LiveEvent]) {
    for finding in audit.findings(events) {
      let index = entry(finding.file ?? "")
      var own = finding
      own.file = nil
      entries[index].findings.append(own)
    }
  }

  mutating func failed(_ name: String, reason: String) {
    guard failures.insert(name).inserted else { return }
    entries.append(AuditReport.Entry(file: name, failure: reason))
  }

  /// The index of the entry of media playlist `name`, made on first use with the media and
  /// live rules that run.
  private mutating func entry(_ name: String) -> Int {
    if let index = entryIndex[name] { return index }
    let rules = [RuleScope.media, .live].flatMap {
      Audit.activeRules(for: $0, rules: settings.selection, profile: settings.profile)
    }
    entryIndex[name] = entries.count
    entries.append(AuditReport.Entry(file: name, rules: rules))
    return entries.count - 1
  }
}
