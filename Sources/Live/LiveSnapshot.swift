import HLS
import ManifestCore

/// One fetch of a live media playlist, as a monitoring service hands it to a
/// `LiveReloadTracker`: which variant, what came back, and when. The tracker does no I/O and
/// reads no clock: the times are inputs, so a test can script any sequence of reloads.
public struct LiveSnapshot: Sendable {
  /// The media playlist's URI as the service names it (the key that tells variants apart).
  public var variant: String
  /// The rendition the playlist is, or `nil` for a variant (or a media playlist on its own).
  /// Variants are compared with variants and audio and video renditions; subtitle renditions
  /// only with each other; live edges only within one TYPE.
  public var rendition: LiveRendition?
  /// The playlist that came back.
  public var playlist: MediaPlaylist
  /// Wall-clock time the response arrived.
  public var fetchedAt: DateTime
  /// Wall-clock time the request was sent, or `nil` (then `fetchedAt` stands for both).
  public var requestedAt: DateTime?
  /// True when the request was an LL-HLS blocking reload (`_HLS_msn`, RFC 8216bis §6.2.5.2),
  /// which the server may hold until the next segment or part exists.
  public var blocking: Bool

  /// A snapshot of `playlist`, fetched at `fetchedAt`.
  public init(
    variant: String, rendition: LiveRendition? = nil, playlist: MediaPlaylist,
    fetchedAt: DateTime, requestedAt: DateTime? = nil, blocking: Bool = false
  ) {
    self.variant = variant
    self.rendition = rendition
    self.playlist = playlist
    self.fetchedAt = fetchedAt
    self.requestedAt = requestedAt
    self.blocking = blocking
  }

  /// A snapshot of the playlist text `bytes`; throws the parse error, or `NotMediaPlaylist`
  /// for a multivariant playlist.
  public init(
    variant: String, rendition: LiveRendition? = nil, bytes: [UInt8], fetchedAt: DateTime,
    requestedAt: DateTime? = nil, blocking: Bool = false
  ) throws {
    guard let media = try Playlist.parse(bytes).media else { throw NotMediaPlaylist() }
    self.init(
      variant: variant, rendition: rendition, playlist: media, fetchedAt: fetchedAt,
      requestedAt: requestedAt,
      blocking: blocking)
  }

  /// The bytes given to `init(variant:bytes:…)` are a multivariant playlist.
  public struct NotMediaPlaylist: Error, Sendable {}

  /// When loading began: `requestedAt`, else `fetchedAt`.
  var loadStartedAt: DateTime { requestedAt ?? fetchedAt }
}
