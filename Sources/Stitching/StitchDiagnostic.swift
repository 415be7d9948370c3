import ManifestCore

/// A problem found while stitching, in the file it concerns (the plan, the content, an ad or
/// slate playlist): an error stops the stitch (nothing is written), a warning reports what the
/// stitch did instead of what was asked (a snapped time, a pod cut short, a filled break).
public struct StitchDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious.
  public var severity: Severity
  /// One line, naming the break and ad involved.
  public var message: String
  /// The file (as named in the plan or on the command line).
  public var file: String
  /// Where in the file.
  public var location: SourceLocation
  /// The stable code (docs/diagnostic-codes.md).
  public var code: StitchDiagnosticCode

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ message: String, code: StitchDiagnosticCode, file: String,
    at location: SourceLocation = .start
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.file = file
    self.location = location
  }

  /// `FILE:LINE:COL: severity: message [code]`, control characters escaped.
  public var description: String {
    Diagnostic(severity, message, code: code.rawValue, at: location).rendered(file: file)
  }
}
