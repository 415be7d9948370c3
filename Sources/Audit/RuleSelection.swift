/// Which rules run: the families or ids `--rules` names (everything when it names none),
/// minus those `--disable` names. Naming an opt-in rule's id turns it on.
public struct RuleSelection: Sendable, Hashable {
  /// Families (`spec`, `ll-hls`, `keys`, `ads`) or rule ids to run; empty means every rule.
  public var included: [String]
  /// Families or rule ids not to run.
  public var excluded: [String]

  /// Every rule.
  public static let all = RuleSelection()

  /// A selection; names are families or rule ids.
  public init(including included: [String] = [], excluding excluded: [String] = []) {
    self.included = included
    self.excluded = excluded
  }

  /// A selection from comma-separated lists as `--rules` and `--disable` take them
  /// (`"ads,spec.version-too-low"`); blanks around names are ignored.
  public init(rules: [String], disable: [String] = []) {
    self.init(including: Self.split(rules), excluding: Self.split(disable))
  }

  /// The names that are neither a family nor the id of a rule in `catalog`, in order.
  public func unknownNames(in catalog: [AuditRule]) -> [String] {
    let ids = Set(catalog.map(\.id))
    return (included + excluded).filter { RuleFamily(rawValue: $0) == nil && !ids.contains($0) }
  }

  /// True when `rule` is selected (its family or id is included, or nothing is, and neither
  /// is excluded).
  public func includes(_ rule: AuditRule) -> Bool {
    if matches(excluded, rule) { return false }
    return included.isEmpty || matches(included, rule)
  }

  /// True when `--rules` names the rule's id itself (not just its family).
  public func namesExplicitly(_ rule: AuditRule) -> Bool { included.contains(rule.id) }

  private func matches(_ names: [String], _ rule: AuditRule) -> Bool {
    let family = rule.family?.rawValue
    return names.contains { $0 == rule.id || $0 == family }
  }

  private static func split(_ lists: [String]) -> [String] {
    lists.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: " \t") }
      .filter { !$0.isEmpty }
  }
}

extension StringProtocol {
  /// The text without leading and trailing characters from `set`.
  func trimmingCharacters(in set: String) -> String {
    var s = Substring(self)
    while let f = s.first, set.contains(f) { s.removeFirst() }
    while let l = s.last, set.contains(l) { s.removeLast() }
    return String(s)
  }
}
