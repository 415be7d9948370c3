import ManifestCore

/// A set of severity adjustments for a delivery target (`--profile`): which rules it turns off
/// or on and which severities it changes. The standard profile uses each rule's own severity.
public struct AuditProfile: Sendable, Hashable {
  /// The name `--profile` takes.
  public var name: String
  /// One line for `--help` and the docs.
  public var summary: String
  /// Severities that replace a rule's own, by rule id.
  public var severities: [String: Severity]
  /// Opt-in rules the profile runs.
  public var enabled: Set<String>
  /// Rules the profile does not run.
  public var disabled: Set<String>
  /// True when every warning is reported as an error (after `severities`).
  public var escalatesWarnings: Bool

  /// Creates a profile.
  public init(
    name: String, summary: String, severities: [String: Severity] = [:],
    enabled: Set<String> = [], disabled: Set<String> = [], escalatesWarnings: Bool = false
  ) {
    self.name = name
    self.summary = summary
    self.severities = severities
    self.enabled = enabled
    self.disabled = disabled
    self.escalatesWarnings = escalatesWarnings
  }

  /// The severity a finding of `rule` gets, or `nil` when the profile does not run it.
  /// `named` is true when the user named the rule's id (which runs opt-in and disabled rules).
  public func severity(of rule: AuditRule, named: Bool = false) -> Severity? {
    if !named && (disabled.contains(rule.id) || (rule.isOptIn && !enabled.contains(rule.id))) {
      return nil
    }
    let severity = severities[rule.id] ?? rule.severity
    return escalatesWarnings && severity == .warning ? .error : severity
  }

  /// Every rule's own severity.
  public static let standard = AuditProfile(
    name: "standard", summary: "each rule's own severity (the default)")

  /// Every warning is an error: for publishing pipelines that accept nothing questionable.
  public static let strict = AuditProfile(
    name: "strict", summary: "every warning is an error", escalatesWarnings: true)

  /// AWS MediaTailor's input requirements for HLS ad markers.
  public static let mediaTailor = AuditProfile(
    name: "mediatailor",
    summary: "AWS MediaTailor input: SPLICEPOINT cue types checked, post-rolls before the last "
      + "segment, CUE-OUT:0 insertion points allowed, DATERANGE START-DATE not used",
    enabled: ["ads.splicepoint-type", "ads.post-roll-placement"],
    disabled: ["ads.zero-length-break", "ads.daterange-start-off-boundary"])

  /// Google Ad Manager Dynamic Ad Insertion's requirements for HLS ad markers.
  public static let googleDAI = AuditProfile(
    name: "google-dai",
    summary: "Google DAI input: every CUE-OUT declares its duration and is closed",
    severities: ["ads.cue-out-without-duration": .error, "ads.cue-out-without-cue-in": .error])

  /// The profiles `--profile` knows, in help order.
  public static let all: [AuditProfile] = [.standard, .strict, .mediaTailor, .googleDAI]

  /// The profile called `name`, or `nil`.
  public static func named(_ name: String) -> AuditProfile? { all.first { $0.name == name } }
}
