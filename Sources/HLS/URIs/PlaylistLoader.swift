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
}

extension PlaylistLoader {
  /// Resolves with `URIResolver.resolve(_:against:)`, or returns `reference` when `base` is nil.
  public func location(of reference: String, relativeTo base: String?) -> String {
    guard let base else { return reference }
    return URIResolver.resolve(reference, against: base)
  }
}

/// A playlist a loader could not read.
public struct PlaylistLoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the loader looked.
  public var location: String
  /// Why it failed, in a few words (`No such file or directory`).
  public var reason: String

  /// Creates an error.
  public init(location: String, reason: String) {
    self.location = location
    self.reason = reason
  }

  /// `cannot read LOCATION: REASON`.
  public var description: String { "cannot read \(location): \(reason)" }
}
