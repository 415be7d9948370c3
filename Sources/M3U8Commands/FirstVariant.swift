import HLS
import ToolSupport

/// The media playlist of a multivariant playlist's first listed variant: where clients start
/// (RFC 8216bis §6.3.1 leaves the choice to the client; players start with the first listed
/// EXT-X-STREAM-INF, as `--start-variant` relies on), read as `--follow` reads media playlists.
struct FirstVariant {
  /// The variant's URI as written.
  var uri: String
  /// Its parsed media playlist.
  var media: MediaPlaylist

  /// Reads the first variant of `multivariant` (read from `name`); `nil` after reporting why
  /// it cannot be read (no variant, unreadable, not a media playlist).
  static func load(_ multivariant: MultivariantPlaylist, name: String, io: ToolIO)
    -> FirstVariant?
  {
    guard let variant = multivariant.variants.first else {
      io.errorLine(
        "\(name):1:1: error: a multivariant playlist without EXT-X-STREAM-INF has no media "
          + "playlist to read [\(ToolDiagnosticCode.multivariant.rawValue)]")
      return nil
    }
    let loader = FilePlaylistLoader(io: io)
    let location = loader.location(of: variant.uri, relativeTo: name)
    let bytes: [UInt8]
    do throws(PlaylistLoadError) {
      bytes = try loader.bytes(at: location)
    } catch {
      io.errorLine(
        "\(location):1:1: error: cannot read the first variant's playlist: \(error.reason) "
          + "[\(error.code ?? ToolDiagnosticCode.ioRead.rawValue)]")
      return nil
    }
    do {
      let parsed = try Playlist.parse(
        bytes, options: ParseOptions(url: location, limits: io.limits))
      for diagnostic in parsed.diagnostics { io.report(diagnostic, file: location) }
      guard case .media(let media) = parsed else {
        io.errorLine(
          "\(location):1:1: error: the first variant names a multivariant playlist, not a "
            + "media playlist [\(ToolDiagnosticCode.multivariant.rawValue)]")
        return nil
      }
      return FirstVariant(uri: variant.uri, media: media)
    } catch {
      io.report(error, file: location)
      return nil
    }
  }
}
