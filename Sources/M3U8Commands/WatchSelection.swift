import HLS
import Live

/// The media playlists `watch` and `audit --live` follow in a multivariant playlist.
enum WatchSelection {
  /// The variants `selection` keeps, by BANDWIDTH, in the order listed, then the renditions
  /// with a URI (AUDIO, VIDEO, SUBTITLES; RFC 8216bis §4.4.6.1) their groups name: every one
  /// for `all`, those of the chosen variant's groups for `lowest` and `highest`. Each URI as
  /// written, with the rendition it is.
  static func mediaPlaylists(
    of multivariant: MultivariantPlaylist, _ selection: WatchSettings.Selection
  ) -> [(uri: String, rendition: LiveRendition?)] {
    let all = multivariant.variants
    let chosen: [VariantStream] =
      switch selection {
      case .all: all
      case .lowest: all.min { $0.bandwidth < $1.bandwidth }.map { [$0] } ?? []
      case .highest: all.max { $0.bandwidth < $1.bandwidth }.map { [$0] } ?? []
      }
    var followed: [(uri: String, rendition: LiveRendition?)] = chosen.map { ($0.uri, nil) }
    let groups = Set(
      chosen.flatMap { variant in
        [("AUDIO", variant.audio), ("VIDEO", variant.video), ("SUBTITLES", variant.subtitles)]
          .compactMap { type, id in id.map { [type, $0] } }
      })
    for rendition in multivariant.renditions {
      guard let uri = rendition.uri, ["AUDIO", "VIDEO", "SUBTITLES"].contains(rendition.type),
        selection == .all || groups.contains([rendition.type, rendition.groupID])
      else { continue }
      followed.append(
        (
          uri,
          LiveRendition(
            type: rendition.type, groupID: rendition.groupID, name: rendition.name,
            language: rendition.language)
        ))
    }
    return followed
  }
}
