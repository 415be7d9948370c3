/// Input that cannot be parsed at all (as opposed to a `Diagnostic`, which parsing survives).
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The stable, machine-readable name of the problem (`hls.extm3u.missing`, `limit.NAME`),
  /// listed in its module's catalog and in docs/diagnostic-codes.md.
  public var code: String
  /// One line for a human, naming the values involved.
  public var message: String
  /// Where parsing stopped.
  public var location: SourceLocation

  /// Creates an error.
  public init(code: String, message: String, location: SourceLocation = .start) {
    self.code = code
    self.message = message
    self.location = location
  }

  /// `LINE:COL: error: message [code]`, one line (control characters escaped, see
  /// `TextEscaping`).
  public var description: String {
    TextEscaping.escapingControlCharacters(
      "\(location.line):\(location.column): error: " + DiagnosticCodeInfo.tagged(message, code))
  }

  /// The conventional `FILE:LINE:COL: error: message [code]` form, one line: control
  /// characters in the file name and the message are escaped (`TextEscaping`).
  public func rendered(file: String) -> String {
    TextEscaping.escapingControlCharacters(
      "\(file):\(location.line):\(location.column): error: "
        + DiagnosticCodeInfo.tagged(message, code))
  }
}
