/// One entry of a module's catalog of diagnostic codes: the stable code a `Diagnostic`,
/// `ParseError` or tool error carries, the severities it is reported at and what it means.
/// docs/diagnostic-codes.md is generated from the catalogs (CONTRIBUTING.md: adding a code).
public struct DiagnosticCodeInfo: Sendable, Hashable {
  /// The dotted lowercase code, `module.area.problem` (`hls.attribute.duplicate`).
  public var code: String
  /// The severities it is reported at (a parse error is an `error`).
  public var severities: [Severity]
  /// One sentence: what the problem is.
  public var summary: String

  /// Creates an entry.
  public init(_ code: String, _ severities: [Severity], _ summary: String) {
    self.code = code
    self.severities = severities
    self.summary = summary
  }

  /// `message [code]`, the text form every diagnostic line ends with; a message that already
  /// ends with ` [code]` (a limit error) is kept as it is, so the code is never written twice.
  public static func tagged(_ message: String, _ code: String) -> String {
    let tag = " [\(code)]"
    return message.hasSuffix(tag) ? message : message + tag
  }
}

extension Limits {
  /// The codes of the limits, `limit.NAME` for each of `names` (docs/limits.md) but
  /// `warnings-per-kind`, which sums warnings up instead of refusing the input.
  public static let catalog: [DiagnosticCodeInfo] = names.filter { $0 != "warnings-per-kind" }.map {
    name in
    DiagnosticCodeInfo(
      code(name), [.error],
      "The input goes over the limit `\(name)` (`--limit \(name)=N`, docs/limits.md).")
  }
}
