/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  case info
  case warning
  case error

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A problem found in an input that did not stop parsing: where, how serious, and what.
public struct Diagnostic: Sendable, Hashable {
  /// How serious the problem is.
  public var severity: Severity
  /// One line, naming the values involved.
  public var message: String
  /// The stable, machine-readable name of the problem (`hls.attribute.duplicate`), listed in
  /// its module's catalog and in docs/diagnostic-codes.md.
  public var code: String
  /// Where the problem is.
  public var location: SourceLocation

  /// Creates a diagnostic.
  public init(_ severity: Severity, _ message: String, code: String, at location: SourceLocation) {
    self.severity = severity
    self.message = message
    self.code = code
    self.location = location
  }

  /// The conventional `FILE:LINE:COL: severity: message [code]` form, one line: control
  /// characters in the file name and the message are escaped (`TextEscaping`), so a value
  /// quoted from the input cannot forge a line of its own.
  public func rendered(file: String) -> String {
    TextEscaping.escapingControlCharacters(
      "\(file):\(location.line):\(location.column): \(severity.rawValue): "
        + DiagnosticCodeInfo.tagged(message, code))
  }
}
