/// What the parser needs to know from outside the playlist.
public struct ParseOptions: Sendable, Hashable {
  /// The playlist's own URL, for EXT-X-DEFINE QUERYPARAM (RFC 8216bis §4.4.2.3).
  public var url: String?
  /// The variables of the multivariant playlist that named this one, for EXT-X-DEFINE IMPORT.
  public var importedVariables: [String: String]

  /// Creates options.
  public init(url: String? = nil, importedVariables: [String: String] = [:]) {
    self.url = url
    self.importedVariables = importedVariables
  }
}
