/// Reads the playlists another playlist names (the media playlists of a multivariant playlist).
/// The library does no I/O itself: `m3u8-tool` supplies a file loader, a packager can supply one
/// that reads from its own storage or an HTTP client.
///
/// ```swift
/// struct DirectoryLoader: PlaylistLoader {
///   func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
///     guard let data = FileManager.default.contents(atPath: location) else {
///       throw PlaylistLoadError(location: location, reason: "no such file")
///     }
///     return Array(data)
///   }
/// }
/// let report = multivariant.keys(followingWith: DirectoryLoader(), location: "vod/master.m3u8")
/// ```
public protocol PlaylistLoader: Sendable {
  /// Where `reference` (a URI as written in the playlist at `base`) points. The default
  /// resolves it with `URIResolver.resolve(_:against:)`: RFC 3986 for URL bases, a path join
  /// for file paths; a nil `base` leaves the reference as it is.
  func location(of reference: String, relativeTo base: String?) -> String

  /// The bytes of the playlist at `location` (a value `location(of:relativeTo:)` returned).
  func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8]

  /// What `location` reads: two locations with the same identity give the same bytes, so a
  /// resource named several times (`big.m3u8?v=1`, `big.m3u8?v=2` on disk) is read once. The
  /// default is the location itself (a URL's query can change what a server sends).
  func identity(of location: String) -> String

  /// What the references inside the playlist read from `location` resolve against: the URL
  /// that answered when the request was redirected (RFC 8216bis §4.1: relative to the URI of
  /// the playlist that contains it, which is then the final one), else `location` itself.
  /// Meaningful once `bytes(at:)` has read it. The default is `location`.
  func base(of location: String) -> String
}

extension PlaylistLoader {
  /// Resolves with `URIResolver.resolve(_:against:)`, or returns `reference` when `base` is nil.
  public func location(of reference: String, relativeTo base: String?) -> String {
    guard let base else { return reference }
    return URIResolver.resolve(reference, against: base)
  }

  /// The location itself.
  public func identity(of location: String) -> String { location }

  /// The location itself: a loader that follows no redirects.
  public func base(of location: String) -> String { location }
}

/// A playlist a loader could not read.
public struct PlaylistLoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the loader looked.
  public var location: String
  /// Why it failed, in a few words (`No such file or directory`).
  public var reason: String
  /// The stable code of a limit the playlist goes over (`limit.input-bytes`), `nil` for
  /// other failures; following stops at such an error instead of warning and going on.
  public var code: String?

  /// Creates an error.
  public init(location: String, reason: String, code: String? = nil) {
    self.location = location
    self.reason = reason
    self.code = code
  }

  /// `cannot read LOCATION: REASON`, then ` [CODE]` when there is a code.
  public var description: String {
    "cannot read \(location): \(reason)" + (code.map { " [\($0)]" } ?? "")
  }
}
