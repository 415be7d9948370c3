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
    let variants = self.variants
    return renditions.compactMap { rendition in
      let group: KeyPath<VariantStream, String?>
      switch rendition.type {
      case "AUDIO": group = \.audio
      case "SUBTITLES": group = \.subtitles
      case "CLOSED-CAPTIONS": group = \.closedCaptions
      default: return nil
      }
      guard languages.isEmpty || languages.contains(where: { $0.matches(rendition.language) })
      else { return nil }
      return RenditionTrack(
        rendition: rendition,
        variants: variants.filter { $0[keyPath: group] == rendition.groupID })
    }
  }
}
