import ManifestCore

/// Reads the playlists a multivariant playlist names, within limits. Each resource is read
/// and parsed once however many references name it (by the loader's `identity(of:)`: 1,000
/// variants `big.m3u8?v=N` naming one file read it once). At most `limits.playlists`
/// playlists are followed and at most `limits.followedBytes` bytes, both counted for every
/// reference followed: what a caller makes of a playlist (keys, findings) it makes once per
/// reference, so a file named 1,000 times counts 1,000 times. A resource is kept only while
/// references announced to `init` are still to come, so memory does not grow with them.
public struct PlaylistFollower<Loader: PlaylistLoader>: Sendable {
  /// Why a playlist could not be followed.
  public enum Failure: Error, Sendable, Hashable {
    /// The loader could not read it.
    case unreadable(PlaylistLoadError)
    /// It is not a playlist.
    case invalid(ParseError)
    /// Following it would go over a limit (`limit.playlists`, `limit.followed-bytes`, the
    /// loader's `limit.input-bytes`, or one parsing it goes over); the error is located at the
    /// reference.
    case limit(ParseError)
  }

  /// Where playlists are read from.
  public let loader: Loader
  /// The bounds enforced, also on parsing (EXT-X-DEFINE substitution).
  public let limits: Limits
  /// Playlists followed so far (each reference once).
  public private(set) var playlistCount = 0
  /// Bytes of the playlists followed so far (each reference's playlist once).
  public private(set) var byteCount = 0

  /// What was read of a resource still to be named again.
  private enum Entry {
    case unreadable(PlaylistLoadError)
    case bytes([UInt8])
    case parsed(ParseOptions, Playlist)
  }

  private var entries: [String: Entry] = [:]
  /// References announced and not yet followed, by identity.
  private var pending: [String: Int] = [:]

  /// Creates a follower that reads through `loader` within `limits`; `locations` are those
  /// that will be followed (values `loader.location(of:relativeTo:)` returned, in any order),
  /// so what is read of one named several times is kept until its last use.
  public init(loader: Loader, limits: Limits = .standard, expecting locations: [String] = []) {
    self.loader = loader
    self.limits = limits
    for location in locations { pending[loader.identity(of: location), default: 0] += 1 }
  }

  /// The playlist at `location` (a value `loader.location(of:relativeTo:)` returned), parsed
  /// with `options` (and this follower's limits). `uri` is the reference as written and
  /// `reference` where it is, for the error of a limit it goes over.
  public mutating func playlist(
    at location: String, options: ParseOptions, uri: String, reference: SourceLocation
  ) -> Result<Playlist, Failure> {
    guard playlistCount < limits.playlists else {
      return .failure(
        .limit(
          Limits.exceeded(
            "playlists", value: limits.playlists,
            "'\(uri)' is one playlist more than may be followed", at: reference)))
    }
    playlistCount += 1
    let identity = loader.identity(of: location)
    let entry = entries[identity] ?? read(location)
    let remaining = (pending[identity] ?? 0) - 1
    if remaining > 0 { pending[identity] = remaining } else { pending[identity] = nil }
    let keep = remaining > 0
    entries[identity] = nil
    let bytes: [UInt8]
    var cached: (ParseOptions, Playlist)? = nil
    switch entry {
    case .unreadable(var error):
      if keep { entries[identity] = entry }
      error.location = location
      guard let code = error.code else { return .failure(.unreadable(error)) }
      return .failure(
        .limit(ParseError(code: code, message: error.description, location: reference)))
    case .bytes(let read): bytes = read
    case .parsed(let options, let playlist):
      bytes = playlist.source.bytes
      cached = (options, playlist)
    }
    byteCount += bytes.count
    guard byteCount <= limits.followedBytes else {
      return .failure(
        .limit(
          Limits.exceeded(
            "followed-bytes", value: limits.followedBytes,
            "the playlists followed up to '\(uri)' are \(byteCount) bytes", at: reference)))
    }
    var options = options
    options.limits = limits
    if let (old, playlist) = cached, Self.sameParse(old, options, playlist) {
      if keep { entries[identity] = entry }
      return .success(playlist)
    }
    do {
      let playlist = try Playlist.parse(bytes, options: options)
      if keep { entries[identity] = .parsed(options, playlist) }
      return .success(playlist)
    } catch {
      if keep { entries[identity] = .bytes(bytes) }
      guard error.code.hasPrefix("limit.") else { return .failure(.invalid(error)) }
      // A limit the playlist itself goes over (EXT-X-DEFINE substitution) stops following too.
      let message =
        "cannot parse \(location): \(error.location.line):\(error.location.column): "
        + error.message
      return .failure(.limit(ParseError(code: error.code, message: message, location: reference)))
    }
  }

  private func read(_ location: String) -> Entry {
    do {
      return .bytes(try loader.bytes(at: location))
    } catch {
      return .unreadable(error)
    }
  }

  /// True when parsing with `new` gives what parsing with `old` gave: the same options, or
  /// options that differ only in the URL when no EXT-X-DEFINE QUERYPARAM reads it.
  private static func sameParse(_ old: ParseOptions, _ new: ParseOptions, _ playlist: Playlist)
    -> Bool
  {
    guard old.url != new.url else { return old == new }
    var withURL = old
    withURL.url = new.url
    return withURL == new && !playlist.readsItsURL
  }
}

extension Playlist {
  /// True when an EXT-X-DEFINE QUERYPARAM reads the playlist's URL: parsed from another URL,
  /// the same bytes can give another playlist.
  package var readsItsURL: Bool {
    let definitions =
      switch self {
      case .media(let media): media.definitions
      case .multivariant(let multivariant): multivariant.definitions
      }
    return definitions.contains { $0.source == .queryParameter }
  }
}
