import HLS

/// A media playlist named by a multivariant playlist, read by the caller for
/// `Audit.runAcrossVariants` (the library does no I/O).
public struct FollowedPlaylist: Sendable, Equatable {
  /// The URI as written in the multivariant playlist (after `{$name}` substitution).
  public var uri: String
  /// How findings about it name it (a path, say).
  public var name: String
  /// The parsed playlist.
  public var playlist: Playlist

  /// Creates a followed playlist.
  public init(uri: String, name: String, playlist: Playlist) {
    self.uri = uri
    self.name = name
    self.playlist = playlist
  }
}

/// Why a multivariant playlist names a media playlist.
public enum PlaylistRole: String, Sendable, Hashable {
  /// The URI line of an EXT-X-STREAM-INF.
  case variant
  /// An EXT-X-I-FRAME-STREAM-INF URI.
  case iFrame = "i-frame"
  /// An EXT-X-IMAGE-STREAM-INF URI.
  case image
  /// An EXT-X-MEDIA TYPE=AUDIO URI.
  case audio
  /// An EXT-X-MEDIA TYPE=VIDEO URI.
  case video
  /// An EXT-X-MEDIA TYPE=SUBTITLES URI.
  case subtitles
}

/// A media playlist URI in a multivariant playlist and why it is there.
public struct PlaylistReference: Sendable, Hashable {
  /// The URI after `{$name}` substitution.
  public var uri: String
  /// The tag that names it.
  public var role: PlaylistRole
  /// Index in `PlaylistSource.lines` of the line the URI is written on (the URI line after an
  /// EXT-X-STREAM-INF, the tag of a URI attribute).
  public var line: Int
}

extension MultivariantPlaylist {
  /// Every media playlist URI, once each, in playlist order (the first tag naming a URI gives
  /// its role): variants, I-frame and image streams, renditions with a URI.
  public var mediaPlaylistReferences: [PlaylistReference] {
    var all: [PlaylistReference] = []
    for variant in allVariants {
      let role: PlaylistRole =
        switch variant.kind {
        case .media: .variant
        case .iFrame: .iFrame
        case .image: .image
        }
      all.append(
        PlaylistReference(uri: variant.uri, role: role, line: variant.uriLine ?? variant.line))
    }
    for rendition in renditions {
      guard let uri = rendition.uri else { continue }
      let role: PlaylistRole? =
        switch rendition.type {
        case "AUDIO": .audio
        case "VIDEO": .video
        case "SUBTITLES": .subtitles
        default: nil
        }
      if let role { all.append(PlaylistReference(uri: uri, role: role, line: rendition.line)) }
    }
    var seen = Set<String>()
    return all.sorted { $0.line < $1.line }.filter {
      !$0.uri.isEmpty && seen.insert($0.uri).inserted
    }
  }
}
