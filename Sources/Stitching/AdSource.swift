import HLS
import ManifestCore

/// A playlist the stitch read (content, ad, slate): where, as what name, and what it holds.
struct LoadedPlaylist: Sendable {
  /// The loader's location.
  let location: String
  /// The name in diagnostics.
  let name: String
  let playlist: Playlist
}

/// Reads playlists through the loader, once each, turning every failure into a diagnostic
/// that names what the playlist is for (`ad 'a1' of break 2`).
struct PlaylistReader {
  let loader: any PlaylistLoader
  private var cache: [String: LoadedPlaylist] = [:]
  var diagnostics: [StitchDiagnostic] = []

  init(loader: any PlaylistLoader) { self.loader = loader }

  /// Drops the playlist read at `location` (a content rendition, read once: its memory goes to
  /// the next one).
  mutating func forget(_ location: String) { cache[location] = nil }

  /// The playlist `reference` names relative to `base`, or `nil` (with an error naming `role`,
  /// at `origin` when the reference comes from the plan).
  mutating func read(
    _ reference: String, relativeTo base: String?, role: String, origin: PlanOrigin? = nil
  ) -> LoadedPlaylist? {
    let location = loader.location(of: reference, relativeTo: base)
    if let cached = cache[location] { return cached }
    let bytes: [UInt8]
    do {
      bytes = try loader.bytes(at: location)
    } catch {
      diagnostics.append(
        StitchDiagnostic(
          .error, "\(role): cannot read \(location): \(error.reason)", code: .adUnreadable,
          file: origin?.file ?? location, at: origin?.location ?? .start))
      return nil
    }
    do {
      let playlist = try Playlist.parse(bytes)
      let loaded = LoadedPlaylist(location: location, name: location, playlist: playlist)
      cache[location] = loaded
      return loaded
    } catch {
      diagnostics.append(
        StitchDiagnostic(
          .error, "\(role): \(error.message)", code: .adUnreadable, file: location,
          at: error.location))
      return nil
    }
  }
}
