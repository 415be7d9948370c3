import HLS
import HTTPLoading
import ToolSupport

/// The loader `m3u8-tool` follows playlists with: local regular files (and `file:` URIs) read
/// through `ToolIO.readNamedFile`, so tests can supply them in memory, within the run's
/// `--max-input-bytes`. A path that does not exist as written is tried again as a URI path:
/// without its query and fragment, percent-decoded (how a mirrored web playlist names its files
/// on disk). `http:` and `https:` URLs are fetched (`ToolIO.fetch`), and references in a
/// playlist that redirected resolve against the URL that answered. Other schemes are an error.
struct FilePlaylistLoader: PlaylistLoader {
  let io: ToolIO

  func location(of reference: String, relativeTo base: String?) -> String {
    guard let base else { return reference }
    return URIResolver.resolve(reference, against: io.base(of: base))
  }

  func base(of location: String) -> String { io.base(of: location) }

  func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
    if HTTPClient.isURL(location) {
      do {
        return try io.fetch(location).bytes
      } catch {
        // Only a size limit stops following; an HTTP error is a warning like a missing file.
        let isLimit =
          error.code?.hasPrefix("limit.") == true
          || error.code == HTTPDiagnosticCode.tooLarge.rawValue
        throw PlaylistLoadError(
          location: location, reason: error.reason, code: isLimit ? error.code : nil)
      }
    }
    let path = try Self.path(of: location)
    do {
      return try io.readNamedFile(path).bytes
    } catch {
      // A file too large is refused as it is, not looked for under another name.
      let fallback = Self.filePath(ofURIPath: path)
      guard error.code == nil, fallback != path else {
        throw PlaylistLoadError(location: location, reason: error.reason, code: error.code)
      }
      do {
        return try io.readNamedFile(fallback).bytes
      } catch let fallbackError {
        guard let code = fallbackError.code else {
          throw PlaylistLoadError(location: location, reason: error.reason)
        }
        throw PlaylistLoadError(location: location, reason: fallbackError.reason, code: code)
      }
    }
  }

  /// The file `bytes(at:)` reads: the path as written when it exists, else the URI path, so
  /// `big.m3u8?v=1` and `big.m3u8?v=2` are one file (read once) unless both exist as named.
  func identity(of location: String) -> String {
    guard !HTTPClient.isURL(location), let path = try? Self.path(of: location) else {
      return location
    }
    return io.namedFileExists(path) ? path : Self.filePath(ofURIPath: path)
  }

  /// The file path of a location: itself, or the path of a `file:` URI; an error for another
  /// scheme.
  private static func path(of location: String) throws(PlaylistLoadError) -> String {
    guard URIResolver.hasScheme(location) else { return location }
    guard location.lowercased().hasPrefix("file:") else {
      throw PlaylistLoadError(
        location: location, reason: "m3u8-tool reads local files and http or https URLs only")
    }
    return String(URIResolver.Components(Substring(location)).path)
  }

  /// The path part of a URI reference (before `?` and `#`), percent-decoded; the text as it is
  /// when an escape is malformed.
  static func filePath(ofURIPath text: String) -> String {
    let path = URIResolver.Components(Substring(text)).path
    guard let bytes = PercentDecoding.decode(path.utf8) else { return String(path) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
