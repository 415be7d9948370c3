import ManifestCore

extension MultivariantPlaylist {
  /// Reads and parses the media playlist `uri` names (written on line index `line` of this
  /// playlist) through `follower`, relative to `location`, with this playlist's variables for
  /// EXT-X-DEFINE IMPORT. Returns where it was found and the playlist, a warning at `line`
  /// saying why it could not be read, parsed, or used (a multivariant playlist), or the error
  /// of a limit it goes over.
  func followMediaPlaylist<Loader>(
    _ uri: String, line: Int, follower: inout PlaylistFollower<Loader>, location: String?
  ) -> FollowedPlaylist {
    let target = follower.loader.location(of: uri, relativeTo: location)
    let at = source.lines[line].location
    func warning(_ code: HLSDiagnosticCode, _ message: String) -> PlaylistDiagnostic {
      PlaylistDiagnostic(
        playlist: location,
        diagnostic: Diagnostic(.warning, message, code: code.rawValue, at: at))
    }
    let options = ParseOptions(url: target, importedVariables: variables)
    switch follower.playlist(at: target, options: options, uri: uri, reference: at) {
    case .failure(.unreadable(let error)):
      return .unusable(warning(.followUnreadable, error.description))
    case .failure(.invalid(let error)):
      return .unusable(
        warning(
          .followUnparsable,
          "cannot parse \(target): \(error.location.line):\(error.location.column): "
            + error.message))
    case .failure(.limit(let error)):
      return .limit(error)
    case .success(.multivariant):
      return .unusable(
        warning(.followNotMedia, "\(target) is a multivariant playlist, not a media playlist"))
    case .success(.media(let media)):
      return .media(location: target, playlist: media)
    }
  }
}

/// A playlist named by a multivariant playlist, after reading it.
enum FollowedPlaylist {
  /// A media playlist, and where the loader found it.
  case media(location: String, playlist: MediaPlaylist)
  /// Why it could not be used: a warning at the line naming it.
  case unusable(PlaylistDiagnostic)
  /// Following it would go over a limit: following stops.
  case limit(ParseError)
}
