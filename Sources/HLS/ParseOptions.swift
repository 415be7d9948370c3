import ManifestCore

/// What the parser needs to know from outside the playlist.
public struct ParseOptions: Sendable, Hashable {
  /// The playlist's own URL, for EXT-X-DEFINE QUERYPARAM (RFC 8216bis §4.4.2.3).
  public var url: String?
  /// The variables of the multivariant playlist that named this one, for EXT-X-DEFINE IMPORT.
  public var importedVariables: [String: String]
  /// The bounds on untrusted input: EXT-X-DEFINE substitution stops at `defineValueBytes` per
  /// value and `defineTotalBytes` per playlist (`limit.define-value-bytes`,
  /// `limit.define-total-bytes`).
  public var limits: Limits

  /// Creates options.
  public init(
    url: String? = nil, importedVariables: [String: String] = [:], limits: Limits = .standard
  ) {
    self.url = url
    self.importedVariables = importedVariables
    self.limits = limits
  }
}
