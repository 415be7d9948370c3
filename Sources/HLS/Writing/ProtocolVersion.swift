import ManifestCore

/// The lowest EXT-X-VERSION a playlist's content needs, by RFC 8216bis §8 "Protocol Version
/// Compatibility" (RFC 8216 §7); the same list the audit rule `spec.version-too-low` checks:
///
/// - 2: the IV attribute of EXT-X-KEY.
/// - 3: a floating-point EXTINF duration.
/// - 4: EXT-X-BYTERANGE, EXT-X-I-FRAMES-ONLY.
/// - 5: KEYFORMAT or KEYFORMATVERSIONS of EXT-X-KEY, METHOD=SAMPLE-AES, EXT-X-MAP in an I-frame
///   playlist.
/// - 6: EXT-X-MAP in a playlist without EXT-X-I-FRAMES-ONLY.
/// - 7: an INSTREAM-ID of `SERVICEn` (multivariant).
/// - 8: EXT-X-DEFINE (variable substitution).
/// - 9: EXT-X-SKIP.
/// - 10: EXT-X-SKIP with RECENTLY-REMOVED-DATERANGES.
/// - 11: EXT-X-DEFINE with QUERYPARAM.
/// - 12: an attribute whose name starts with `REQ-` (REQ-VIDEO-LAYOUT; multivariant).
enum ProtocolVersion {
  static func minimum(_ media: MediaPlaylistBuilder, listingRemovedDateRanges: Bool = false)
    -> Int
  {
    var version = header(media, listingRemovedDateRanges: listingRemovedDateRanges)
    var lastKeys: [EncryptionKey] = []
    for segment in media.segments {
      version = max(
        version, self.segment(segment, after: &lastKeys, iFramesOnly: media.iFramesOnly))
    }
    return version
  }

  /// What the playlist-wide tags need.
  static func header(_ media: MediaPlaylistBuilder, listingRemovedDateRanges: Bool = false) -> Int {
    var version = media.iFramesOnly ? 4 : 1
    definitionVersion(media.definitions).map { version = max(version, $0) }
    if let skip = media.skip {
      let listing = listingRemovedDateRanges || !skip.recentlyRemovedDateRanges.isEmpty
      version = max(version, listing ? 10 : 9)
    }
    return version
  }

  /// What one segment needs; `keys` are those of the segment before, for the EXT-X-KEY tags
  /// written only where the keys change.
  static func segment(_ segment: Segment, after keys: inout [EncryptionKey], iFramesOnly: Bool)
    -> Int
  {
    var version = 1
    if segment.duration.normalized.scale > 0 { version = 3 }
    if segment.byteRange != nil { version = max(version, 4) }
    if segment.map != nil { version = max(version, iFramesOnly ? 5 : 6) }
    if !segment.keys.isEmpty && !SegmentContext.same(segment.keys, keys) {
      for key in segment.keys { version = max(version, keyVersion(key)) }
    }
    keys = segment.keys
    return version
  }

  static func minimum(_ playlist: MultivariantPlaylistBuilder) -> Int {
    var version = 1
    func need(_ v: Int) { version = max(version, v) }
    if playlist.renditions.contains(where: { $0.instreamID?.hasPrefix("SERVICE") == true }) {
      need(7)
    }
    let required =
      playlist.variants.contains {
        $0.requiredVideoLayout != nil || $0.attributes.contains { $0.name.hasPrefix("REQ-") }
      } || playlist.renditions.contains { $0.attributes.contains { $0.name.hasPrefix("REQ-") } }
    if required { need(12) }
    definitionVersion(playlist.definitions).map(need)
    return version
  }

  private static func keyVersion(_ key: EncryptionKey) -> Int {
    if key.keyFormat != nil || key.keyFormatVersions != nil || key.method == .sampleAES {
      return 5
    }
    return key.iv != nil ? 2 : 1
  }

  private static func definitionVersion(_ definitions: [VariableDefinition]) -> Int? {
    guard !definitions.isEmpty else { return nil }
    return definitions.contains { $0.source == .queryParameter } ? 11 : 8
  }
}

extension MediaPlaylistBuilder {
  /// The lowest EXT-X-VERSION the content needs (RFC 8216bis §8; see `PlaylistWriter`).
  public var minimumVersion: Int { ProtocolVersion.minimum(self) }
}
