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

  /// The module-qualified code a diagnostic or parse error of this issue carries:
  /// `scte35.` and `code` (`scte35.crc-mismatch`), one of `catalog`.
  public var diagnosticCode: String { "scte35." + code }

  /// The issue as a ManifestCore diagnostic for a payload found at `location` in a document;
  /// the column is that of the payload's first character.
  public func diagnostic(at location: SourceLocation) -> Diagnostic {
    Diagnostic(severity, message, code: diagnosticCode, at: location)
  }

  /// The issue as a ManifestCore parse error for a payload found at `location`.
  public func parseError(at location: SourceLocation) -> ParseError {
    ParseError(code: diagnosticCode, message: message, location: location)
  }

  /// Every code an issue carries (as `diagnosticCode`), for docs/diagnostic-codes.md.
  public static let catalog: [DiagnosticCodeInfo] = [
    ("empty", [.error], "The payload has no base64 or hex text."),
    ("bad-base64", [.error], "The payload is not valid base64 (RFC 4648 §4, §5)."),
    ("bad-hex", [.error], "The payload is not valid hex."),
    ("bad-json", [.error], "The JSON form of a section is malformed or misses a field."),
    ("truncated", [.error], "A field needs more bytes than the section or loop has left."),
    ("length-overflow", [.error], "A declared length is more than the bytes left."),
    ("not-splice-info", [.error], "table_id is not 0xFC: not a splice_info_section (§9.2)."),
    ("unknown-command", [.error], "splice_command_type is reserved (§9.2)."),
    ("out-of-range", [.error], "A value to encode does not fit its field."),
    ("crc-mismatch", [.warning], "CRC_32 does not match the section's bytes (§9.2)."),
    ("trailing-bytes", [.warning], "Bytes follow the section's CRC_32."),
    ("protocol-version", [.warning], "protocol_version is not 0."),
    ("encrypted", [.warning], "encrypted_packet is set; the command is not decoded."),
    ("unused-bytes", [.warning], "A command or descriptor leaves bytes of its length unread."),
    ("header-flag", [.warning], "A flag SCTE 35 sets to 0 is 1."),
    ("private-descriptor", [.warning], "A descriptor of another identifier than CUEI."),
    ("unknown-descriptor", [.warning], "A reserved splice_descriptor_tag."),
    ("reserved-value", [.warning], "A field holds a value SCTE 35 reserves."),
    ("upid-length", [.warning], "segmentation_upid_length does not fit its upid type."),
    ("bad-mid", [.warning], "An MID UPID's inner UPIDs do not fill its length."),
  ].map { DiagnosticCodeInfo("scte35." + $0.0, $0.1, $0.2) }

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
