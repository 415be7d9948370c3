import ManifestCore

extension PlaylistSource {
  /// Edits that make every relative URI absolute against `base` (RFC 3986 §5.2; RFC 8216bis
  /// §4.1): segment and variant URI lines and the URI attributes of keys, session keys, maps,
  /// parts, preload hints, rendition reports, renditions, I-frame and image streams, session
  /// data, content steering and interstitials. URIs with a scheme (absolute, `data:`, `skd:`)
  /// are left alone, and so are URIs that start with a `{$name}` variable (which may hold a
  /// scheme); only the changed attribute of a tag is re-rendered.
  public func resolvingURIEdits(against base: String) -> [LineEdit] {
    rewritingURIs { reference in
      reference.value.hasPrefix("{$") ? nil : URIResolver.resolve(reference.value, against: base)
    }
  }
}

extension Playlist {
  /// The playlist with every relative URI made absolute against `base`, which should be the
  /// playlist's own URL (see `PlaylistSource.resolvingURIEdits(against:)`); everything else is
  /// written as it was.
  public func resolvingURIs(against base: String) throws(ParseError) -> Playlist {
    try applying(source.resolvingURIEdits(against: base))
  }
}
