/// One playlist a stitch wrote: its name (relative to the output directory; for a media
/// playlist stitched alone, the output's name) and its bytes.
public struct StitchedPlaylist: Sendable, Hashable {
  /// The name, relative to the output directory.
  public var name: String
  /// The playlist text.
  public var bytes: [UInt8]

  /// Creates a stitched playlist.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

/// What a stitch gives: every output playlist (none after an error) and the diagnostics.
public struct StitchResult: Sendable, Hashable {
  /// The output playlists, the multivariant playlist (if any) first; empty after an error.
  public var playlists: [StitchedPlaylist]
  /// Errors and warnings, in the order found.
  public var diagnostics: [StitchDiagnostic]

  /// Creates a result.
  public init(playlists: [StitchedPlaylist], diagnostics: [StitchDiagnostic]) {
    self.playlists = playlists
    self.diagnostics = diagnostics
  }

  /// True when some diagnostic is an error (and nothing was produced).
  public var failed: Bool { diagnostics.contains { $0.severity == .error } }
}
