import HLS

extension ThumbnailTrack {
  /// The track with every image URL resolved against `base` (RFC 3986 §5.2, by the HLS
  /// library's `URIResolver`): a track's relative URLs are relative to the track itself, so
  /// `base` is usually the track's own URL (or its directory, ending in `/`).
  public func resolvingURLs(against base: String) -> ThumbnailTrack {
    var resolved = self
    resolved.setThumbnails(
      thumbnails.map { thumbnail in
        var copy = thumbnail
        copy.url = URIResolver.resolve(thumbnail.url, against: base)
        return copy
      })
    return resolved
  }
}
