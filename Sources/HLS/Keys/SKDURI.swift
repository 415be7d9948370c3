/// A FairPlay Streaming key URI (`skd://…`, Apple FairPlay Streaming Programming Guide): the
/// key server identifies the content key by what follows `skd://`.
public struct SKDURI: Sendable, Hashable {
  /// The content ID: the host and path after `skd://` exactly as written (no percent-decoding),
  /// up to the first `?` or `#`. Packagers put an asset ID, a key ID, or `KID:IV` pairs here.
  public var contentID: String
  /// The query after `?` (without the `?`), or `nil`.
  public var query: String?
  /// The fragment after `#` (without the `#`), or `nil`.
  public var fragment: String?

  /// Which part of the URI an integration posts to its licence server as the content ID.
  public enum ContentIDForm: String, Sendable, Hashable, CaseIterable {
    /// The host and path as written (`contentID`): `fps.example.com/keys/abc123`.
    case hostPath = "host-path"
    /// The last non-empty path segment, or the host when there is no path: `abc123`.
    case lastPath = "last-path"
  }

  /// The content ID in `form`.
  public func contentID(_ form: ContentIDForm) -> String {
    switch form {
    case .hostPath: return contentID
    case .lastPath:
      return contentID.split(separator: "/").last.map(String.init) ?? contentID
    }
  }

  /// Reads an `skd:` URI (scheme in any case, `//` optional); `nil` for any other URI.
  public init?(_ uri: String) {
    let utf8 = uri.utf8
    guard utf8.count >= 4, uri.prefix(4).lowercased() == "skd:" else { return nil }
    var rest = Substring(uri.dropFirst(4))
    if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = rest[..<question]
    }
    contentID = String(rest)
  }
}
