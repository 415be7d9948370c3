import ManifestCore

extension MultivariantPlaylist {
  /// Reads and parses the media playlist `uri` names (written on line index `line` of this
  /// playlist) through `loader`, relative to `location`, with this playlist's variables for
  /// EXT-X-DEFINE IMPORT. Returns where it was found and the playlist, or a warning at `line`
  /// saying why it could not be read, parsed, or used (a multivariant playlist).
  func followMediaPlaylist(
    _ uri: String, line: Int, loader: some PlaylistLoader, location: String?
  ) -> FollowedPlaylist {
    let target = loader.location(of: uri, relativeTo: location)
    func warning(_ message: String) -> PlaylistDiagnostic {
      PlaylistDiagnostic(
        playlist: location,
        diagnostic: Diagnostic(.warning, message, at: source.lines[line].location))
    }
    let bytes: [UInt8]
    do {
      bytes = try loader.bytes(at: target)
    } catch {
      return .unusable(warning(error.description))
    }
    let parsed: Playlist
    do {
      parsed = try Playlist.parse(
        bytes, options: ParseOptions(url: target, importedVariables: variables))
    } catch {
      return .unusable(
        warning(
          "cannot parse \(target): \(error.location.line):\(error.location.column): "
            + error.message))
    }
    guard case .media(let media) = parsed else {
      return .unusable(warning("\(target) is a multivariant playlist, not a media playlist"))
    }
    return .media(location: target, playlist: media)
  }
}

/// A playlist named by a multivariant playlist, after reading it.
enum FollowedPlaylist {
  /// A media playlist, and where the loader found it.
  case media(location: String, playlist: MediaPlaylist)
  /// Why it could not be used: a warning at the line naming it.
  case unusable(PlaylistDiagnostic)
}
