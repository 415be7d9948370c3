/// The exit statuses every ManifestKit tool uses (see docs/cli-contract.md).
package enum ExitStatus {
  /// Success.
  package static let success: Int32 = 0
  /// A check found problems (`audit`, `validate`, `format --check`, a strict filter).
  package static let checkFailed: Int32 = 1
  /// A usage error, an unreadable file, or input that cannot be parsed.
  package static let failure: Int32 = 2
}
