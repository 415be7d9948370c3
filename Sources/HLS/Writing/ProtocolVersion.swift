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
    var version = 1
    func need(_ v: Int) { version = max(version, v) }
    if media.iFramesOnly { need(4) }
    var lastKeys: [EncryptionKey] = []
    var sawMap = false
    for segment in media.segments {
      if version < 3 && segment.duration.normalized.scale > 0 { need(3) }
      if segment.byteRange != nil { need(4) }
      if segment.map != nil { sawMap = true }
      if !segment.keys.isEmpty && !SegmentContext.same(segment.keys, lastKeys) {
        for key in segment.keys { need(keyVersion(key)) }
        lastKeys = segment.keys
      }
    }
    if sawMap { need(media.iFramesOnly ? 5 : 6) }
    definitionVersion(media.definitions).map(need)
    if let skip = media.skip {
      need(listingRemovedDateRanges || !skip.recentlyRemovedDateRanges.isEmpty ? 10 : 9)
    }
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
