import ManifestCore

/// The keys of a playlist and, for a multivariant playlist read with a loader, of the media
/// playlists it names: what `m3u8-tool keys` prints.
public struct KeyReport: Sendable, Hashable {
  /// EXT-X-SESSION-KEY tags of the multivariant playlist.
  public var sessionKeys: [PlaylistKey]
  /// EXT-X-KEY tags of the media playlist, or of every media playlist followed, in the order
  /// the multivariant playlist names them.
  public var keys: [PlaylistKey]
  /// Problems found on the way: key data that could not be read (a malformed KEYID, IV,
  /// `data:` URI or `pssh` box) and media playlists that could not be read or parsed. Warnings;
  /// none stops the report.
  public var diagnostics: [PlaylistDiagnostic]
  /// The limit following went over (`limit.playlists`, `limit.followed-bytes`,
  /// `limit.input-bytes`), located in the multivariant playlist: following stopped there, and
  /// the report holds only what came before. `nil` when everything was followed.
  public var limitError: ParseError? = nil

  /// Creates a report.
  public init(
    sessionKeys: [PlaylistKey] = [], keys: [PlaylistKey] = [],
    diagnostics: [PlaylistDiagnostic] = []
  ) {
    self.sessionKeys = sessionKeys
    self.keys = keys
    self.diagnostics = diagnostics
  }

  /// Session keys then keys.
  public var all: [PlaylistKey] { sessionKeys + keys }

  mutating func addProblems(of entries: [PlaylistKey], in source: PlaylistSource) {
    for entry in entries {
      for issue in entry.drm.issues {
        diagnostics.append(
          PlaylistDiagnostic(
            playlist: entry.playlist,
            diagnostic: Diagnostic(
              .warning, issue.message, code: issue.code.rawValue,
              at: source.lines[entry.key.line].location)))
      }
    }
  }
}

/// A diagnostic about one of several playlists.
public struct PlaylistDiagnostic: Sendable, Hashable {
  /// The playlist it is about, as the caller or the loader named it (`nil` when unknown).
  public var playlist: String?
  /// The diagnostic, located in that playlist.
  public var diagnostic: Diagnostic

  /// Creates a diagnostic.
  public init(playlist: String?, diagnostic: Diagnostic) {
    self.playlist = playlist
    self.diagnostic = diagnostic
  }
}

extension MediaPlaylist {
  /// The playlist's EXT-X-KEY tags with where they apply, and the problems in their data.
  /// `location` names the playlist in the report.
  public func keyReport(location: String? = nil) -> KeyReport {
    var report = KeyReport(keys: keyEntries(playlist: location))
    report.addProblems(of: report.keys, in: source)
    return report
  }
}

extension MultivariantPlaylist {
  /// The playlist's EXT-X-SESSION-KEY tags, and the problems in their data.
  public func keyReport(location: String? = nil) -> KeyReport {
    var report = KeyReport(sessionKeys: sessionKeyEntries(playlist: location))
    report.addProblems(of: report.sessionKeys, in: source)
    return report
  }

  /// The session keys, and the EXT-X-KEY tags of every playlist this one names (variant,
  /// I-frame and image streams and renditions with a URI, in line order, each location once), read
  /// through `loader` relative to `location` (this playlist's own location) and parsed with
  /// this playlist's variables for EXT-X-DEFINE IMPORT. A playlist that cannot be read or
  /// parsed, or is not a media playlist, is a warning at the line naming it. Following stays
  /// within `limits` (see `PlaylistFollower`); at a limit it stops, with `limitError` set.
  public func keys(
    followingWith loader: some PlaylistLoader, location: String?, limits: Limits = .standard
  ) -> KeyReport {
    var report = keyReport(location: location)
    // One playlist can be named with different spellings (`v/a.m3u8`, `v/./a.m3u8`): read it once.
    var read = Set<String>()
    let named = namedPlaylists().filter {
      read.insert(loader.location(of: $0.uri, relativeTo: location)).inserted
    }
    var follower = PlaylistFollower(
      loader: loader, limits: limits,
      expecting: named.map { loader.location(of: $0.uri, relativeTo: location) })
    var keysByIdentity: [String: [PlaylistKey]] = [:]
    for (reference, line) in named {
      switch followMediaPlaylist(reference, line: line, follower: &follower, location: location) {
      case .unusable(let warning):
        report.diagnostics.append(warning)
      case .limit(let error):
        report.limitError = error
        return report
      case .media(let followed, let media):
        // A file named again (`big.m3u8?v=2`) has the keys it had, under the new name.
        let identity = loader.identity(of: followed)
        var entries: [PlaylistKey]
        if let earlier = keysByIdentity[identity] {
          entries = earlier
          for index in entries.indices { entries[index].playlist = followed }
        } else {
          entries = media.keyEntries(playlist: followed)
          if !Playlist.media(media).readsItsURL { keysByIdentity[identity] = entries }
        }
        report.keys += entries
        report.addProblems(of: entries, in: media.source)
      }
    }
    return report
  }

  /// The URIs of the playlists this one names with the index of the line naming each: every
  /// variant, I-frame and image stream and every rendition with a URI, in line order, each URI
  /// once.
  func namedPlaylists() -> [(uri: String, line: Int)] {
    var named: [(uri: String, line: Int)] = allVariants.map { ($0.uri, $0.uriLine ?? $0.line) }
    for rendition in renditions {
      if let uri = rendition.uri { named.append((uri, rendition.line)) }
    }
    named.sort { $0.line < $1.line }
    var seen = Set<String>()
    return named.filter { seen.insert($0.uri).inserted }
  }
}

extension Playlist {
  /// The keys of a media playlist, or the session keys of a multivariant playlist.
  public func keyReport(location: String? = nil) -> KeyReport {
    switch self {
    case .media(let media): media.keyReport(location: location)
    case .multivariant(let multivariant): multivariant.keyReport(location: location)
    }
  }

  /// The keys of a media playlist, or of a multivariant playlist and every playlist it names
  /// (see `MultivariantPlaylist.keys(followingWith:location:limits:)`).
  public func keys(
    followingWith loader: some PlaylistLoader, location: String?, limits: Limits = .standard
  ) -> KeyReport {
    switch self {
    case .media(let media): media.keyReport(location: location)
    case .multivariant(let multivariant):
      multivariant.keys(followingWith: loader, location: location, limits: limits)
    }
  }
}
