import HLS

/// Which of an ad's variants goes into a content rendition (docs/stitching.md): the one with
/// the highest BANDWIDTH not above the content variant's (else the lowest), among those with
/// the same video codec family (AVC, HEVC, AV1) and VIDEO-RANGE when any has them.
enum AdVariantChoice {
  /// The URI (as written in `ad`) of the playlist for `role`, or `nil`.
  static func uri(in ad: MultivariantPlaylist, for role: RenditionRole) -> String? {
    switch role {
    case .main(let variant):
      return choose(ad.variants, like: variant)?.uri
    case .iFrame(let variant):
      // Without I-frame playlists, the variant's durations make the gap.
      return choose(ad.iFrameVariants, like: variant)?.uri
        ?? choose(ad.variants, like: variant)?.uri
    case .audio:
      guard let variant = choose(ad.variants, like: nil) else { return nil }
      if let group = variant.audio,
        let rendition = ad.renditions(type: "AUDIO", groupID: group).first(where: {
          $0.uri != nil
        })
      {
        return rendition.uri
      }
      return variant.uri
    case .subtitles:
      return choose(ad.variants, like: nil)?.uri
    }
  }

  static func choose(_ variants: [VariantStream], like content: VariantStream?) -> VariantStream? {
    guard let content else { return variants.max { $0.bandwidth < $1.bandwidth } }
    let family = Self.family(content)
    let range = content.videoRange ?? "SDR"
    var candidates = variants.filter {
      Self.family($0) == family && ($0.videoRange ?? "SDR") == range
    }
    if candidates.isEmpty { candidates = variants.filter { Self.family($0) == family } }
    if candidates.isEmpty { candidates = variants }
    let fitting = candidates.filter { $0.bandwidth <= content.bandwidth }
    if let best = fitting.max(by: { $0.bandwidth < $1.bandwidth }) { return best }
    return candidates.min { $0.bandwidth < $1.bandwidth }
  }

  /// The video codec family of a variant's CODECS (RFC 6381 sample entry prefixes), or `nil`.
  static func family(_ variant: VariantStream) -> String? {
    for codec in variant.codecList {
      let c = codec.lowercased()
      if c.hasPrefix("avc1") || c.hasPrefix("avc3") { return "AVC" }
      if c.hasPrefix("hvc1") || c.hasPrefix("hev1") || c.hasPrefix("dvh1") || c.hasPrefix("dvhe") {
        return "HEVC"
      }
      if c.hasPrefix("av01") { return "AV1" }
    }
    return nil
  }
}
