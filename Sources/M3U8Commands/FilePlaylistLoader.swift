import HLS
import ToolSupport

/// The loader `m3u8-tool` follows playlists with: local regular files (and `file:` URIs) read
/// through `ToolIO.readNamedFile`, so tests can supply them in memory. A path that does not exist as written is tried
/// again as a URI path: without its query and fragment, percent-decoded (how a mirrored web
/// playlist names its files on disk). Other schemes are an error: the tool does no networking.
struct FilePlaylistLoader: PlaylistLoader {
  let io: ToolIO

  func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
    var path = location
    if URIResolver.hasScheme(location) {
      guard location.lowercased().hasPrefix("file:") else {
        throw PlaylistLoadError(
          location: location, reason: "m3u8-tool reads local files only, not URLs")
      }
      let components = URIResolver.Components(Substring(location))
      path = String(components.path)
    }
    do {
      return try io.readNamedFile(path).bytes
    } catch {
      let fallback = Self.filePath(ofURIPath: path)
      guard fallback != path, let document = try? io.readNamedFile(fallback) else {
        throw PlaylistLoadError(location: location, reason: error.reason)
      }
      return document.bytes
    }
  }

  /// The path part of a URI reference (before `?` and `#`), percent-decoded; the text as it is
  /// when an escape is malformed.
  static func filePath(ofURIPath text: String) -> String {
    let path = URIResolver.Components(Substring(text)).path
    guard let bytes = PercentDecoding.decode(path.utf8) else { return String(path) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
