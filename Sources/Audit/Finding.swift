import ManifestCore

/// One problem an audit rule found: which rule, how serious under the profile in use, what was
/// compared, and where (the opening tag's line for a finding about a whole ad break, the
/// offending tag's line otherwise).
public struct Finding: Sendable, Hashable {
  /// The rule's stable dotted id (`spec.segment-exceeds-target-duration`).
  public var rule: String
  /// The severity the profile gave the rule.
  public var severity: Severity
  /// One line naming the values compared.
  public var message: String
  /// Where the finding points (1-based line and UTF-8 column).
  public var location: SourceLocation
  /// The playlist the finding is about when it is not the one audited (cross-variant findings
  /// name the media playlist by the name the caller gave it); `nil` otherwise.
  public var file: String?

  /// Creates a finding.
  public init(
    rule: String, severity: Severity, message: String, location: SourceLocation,
    file: String? = nil
  ) {
    self.rule = rule
    self.severity = severity
    self.message = message
    self.location = location
    self.file = file
  }

  /// `FILE:LINE:COL: severity: message [rule]`, the text format of `m3u8-tool audit`; control
  /// characters from the input (in the file name or a quoted value) are escaped, so a finding
  /// is always one line.
  public func rendered(file defaultFile: String) -> String {
    TextEscaping.escapingControlCharacters(
      "\(file ?? defaultFile):\(location.line):\(location.column): \(severity.rawValue): "
        + "\(message) [\(rule)]")
  }
}
