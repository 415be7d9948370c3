import ManifestCore

/// A problem in a splice_info_section (SCTE 35 §9.2): the syntax element it concerns, the byte
/// offset of that element in the section, and a one-line message naming both. Thrown as the
/// error of a payload that cannot be decoded; collected as a warning when decoding goes on.
public struct SCTE35Issue: Error, Sendable, Hashable, CustomStringConvertible {
  /// `error` for a payload that cannot be decoded, `warning` for one decoded anyway.
  public var severity: Severity
  /// A stable, machine-readable reason, such as `truncated` or `crc-mismatch`.
  public var code: String
  /// The SCTE 35 syntax element, as the standard spells it (`splice_command_length`).
  public var field: String
  /// The 0-based offset of the element's first byte in the section (for text input that did
  /// not decode, the offset in the text); -1 for issues of the JSON form, where `field` is the
  /// JSON path.
  public var offset: Int
  /// What is wrong, without the field and offset.
  public var reason: String

  /// Creates an issue.
  public init(_ severity: Severity, code: String, field: String, offset: Int, reason: String) {
    self.severity = severity
    self.code = code
    self.field = field
    self.offset = offset
    self.reason = reason
  }

  /// `FIELD at byte OFFSET: REASON`, or `PATH: REASON` for the JSON form.
  public var message: String {
    offset < 0 ? "\(field): \(reason)" : "\(field) at byte \(offset): \(reason)"
  }

  public var description: String { "\(severity.rawValue): \(message)" }

  /// The issue as a ManifestCore diagnostic for a payload found at `location` in a document;
  /// the column is that of the payload's first character.
  public func diagnostic(at location: SourceLocation) -> Diagnostic {
    Diagnostic(severity, message, at: location)
  }

  /// The issue as a ManifestCore parse error for a payload found at `location`.
  public func parseError(at location: SourceLocation) -> ParseError {
    ParseError(code: "scte35-" + code, message: message, location: location)
  }

  static func error(_ code: String, _ field: String, _ offset: Int, _ reason: String)
    -> SCTE35Issue
  {
    SCTE35Issue(.error, code: code, field: field, offset: offset, reason: reason)
  }

  static func warning(_ code: String, _ field: String, _ offset: Int, _ reason: String)
    -> SCTE35Issue
  {
    SCTE35Issue(.warning, code: code, field: field, offset: offset, reason: reason)
  }
}
