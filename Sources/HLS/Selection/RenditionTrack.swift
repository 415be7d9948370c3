/// An audio, subtitle or closed-caption rendition (EXT-X-MEDIA, RFC 8216bis §4.4.6.1) with the
/// variant streams that use it: what a player lists as its tracks.
public struct RenditionTrack: Sendable, Hashable {
  /// The rendition.
  public var rendition: Rendition
  /// The variant streams (EXT-X-STREAM-INF) whose AUDIO, SUBTITLES or CLOSED-CAPTIONS
  /// attribute names its group, in playlist order.
  public var variants: [VariantStream]

  /// Creates a track.
  public init(rendition: Rendition, variants: [VariantStream]) {
    self.rendition = rendition
    self.variants = variants
  }
}

extension MultivariantPlaylist {
  /// The AUDIO, SUBTITLES and CLOSED-CAPTIONS renditions in playlist order, each with the
  /// variants that use it; with `languages`, only those whose LANGUAGE one of the ranges
  /// matches (RFC 4647 basic filtering).
  public func tracks(languages: [LanguageRange] = []) -> [RenditionTrack] {
    // The variants naming each [TYPE, GROUP-ID], gathered once (a scan per rendition is
    // quadratic).
    var users: [[String]: [VariantStream]] = [:]
    for variant in variants {
      for case (let type, let group?) in [
        ("AUDIO", variant.audio), ("SUBTITLES", variant.subtitles),
        ("CLOSED-CAPTIONS", variant.closedCaptions),
      ] {
        users[[type, group], default: []].append(variant)
      }
    }
    return renditions.compactMap { rendition in
      guard ["AUDIO", "SUBTITLES", "CLOSED-CAPTIONS"].contains(rendition.type),
        languages.isEmpty || languages.contains(where: { $0.matches(rendition.language) })
      else { return nil }
      return RenditionTrack(
        rendition: rendition, variants: users[[rendition.type, rendition.groupID]] ?? [])
    }
  }
}
