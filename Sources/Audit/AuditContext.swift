import HLS
import ManifestCore

/// The severities of the rules that run, resolved once from the selection and the profile.
struct RuleLevels: Sendable {
  private var levels: [String: Severity] = [:]

  init(catalog: [AuditRule], selection: RuleSelection, profile: AuditProfile) {
    for rule in catalog where selection.includes(rule) {
      levels[rule.id] = profile.severity(of: rule, named: selection.namesExplicitly(rule))
    }
  }

  /// The severity of `rule`, or `nil` when it does not run.
  subscript(rule: AuditRule) -> Severity? { levels[rule.id] }
}

/// What rule checks share while auditing one playlist: its source, the options, which rules
/// run, and the findings so far.
struct AuditContext {
  let source: PlaylistSource
  let options: AuditOptions
  let levels: RuleLevels
  private(set) var findings: [Finding] = []

  init(source: PlaylistSource, options: AuditOptions, levels: RuleLevels) {
    self.source = source
    self.options = options
    self.levels = levels
  }

  /// True when `rule` runs.
  func isOn(_ rule: AuditRule) -> Bool { levels[rule] != nil }

  /// True when any of `rules` runs.
  func anyOn(_ rules: [AuditRule]) -> Bool { rules.contains { levels[$0] != nil } }

  /// Records a finding of `rule` at `location` (nothing when the rule does not run).
  mutating func report(
    _ rule: AuditRule, _ message: String, at location: SourceLocation, file: String? = nil
  ) {
    guard let severity = levels[rule] else { return }
    findings.append(
      Finding(
        rule: rule.id, severity: severity, message: message, location: location, file: file))
  }

  /// Records a finding of `rule` on the line at `index` in `source.lines`, at `column` (1-based)
  /// or the line's start.
  mutating func report(_ rule: AuditRule, _ message: String, line index: Int, column: Int = 1) {
    guard levels[rule] != nil else { return }
    report(rule, message, at: location(line: index, column: column))
  }

  /// The location of `column` on the line at `index` (line 1 when the index is out of range).
  func location(line index: Int, column: Int = 1) -> SourceLocation {
    guard source.lines.indices.contains(index) else { return .start }
    let line = source.lines[index]
    return line.location(at: line.range.lowerBound + max(column, 1) - 1)
  }

  /// The column of attribute `name` on the tag line at `index`, or 1.
  func column(of name: String, line index: Int) -> Int {
    guard source.lines.indices.contains(index),
      let attributes = source.attributes(of: source.lines[index]),
      let attribute = attributes.first(where: { $0.name == name })
    else { return 1 }
    return attribute.column
  }

  /// The 1-based line number of the line at `index`.
  func number(_ index: Int) -> Int {
    source.lines.indices.contains(index) ? source.lines[index].number : 1
  }
}
