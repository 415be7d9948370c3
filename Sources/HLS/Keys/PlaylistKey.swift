import ManifestCore

/// A key tag with where it came from and where it applies: an EXT-X-SESSION-KEY of a
/// multivariant playlist (RFC 8216bis §4.4.6.5), or an EXT-X-KEY of a media playlist (§4.4.4.4)
/// with the segments it is in force for (key rotation, and METHOD=NONE runs).
public struct PlaylistKey: Sendable, Hashable {
  /// The tag's attributes.
  public var key: EncryptionKey
  /// What the tag says about its DRM system, IDs and initialization data.
  public var drm: DRMInfo
  /// The playlist the tag is in, as the caller or the loader named it (`nil` when unknown).
  public var playlist: String?
  /// The 1-based line number of the tag in that playlist.
  public var lineNumber: Int
  /// True for EXT-X-SESSION-KEY.
  public var isSessionKey: Bool
  /// The 0-based index of the first segment after the tag (where it takes effect; equal to the
  /// segment count for a tag after the last segment), or `nil` for a session key.
  public var firstSegment: Int?
  /// The media sequence number of that segment (§6.2.2), or `nil` for a session key.
  public var mediaSequence: UInt64?
  /// The index of the last segment the key is in force for (a METHOD=NONE tag: the last
  /// unencrypted segment of its run), or `nil` when it applies to none.
  public var lastSegment: Int?
  /// How many segments the key is in force for (0 for a session key).
  public var segmentCount: Int

  /// Creates an entry.
  public init(
    key: EncryptionKey, playlist: String?, lineNumber: Int, isSessionKey: Bool,
    firstSegment: Int? = nil, mediaSequence: UInt64? = nil, lastSegment: Int? = nil,
    segmentCount: Int = 0
  ) {
    self.key = key
    self.drm = key.drm
    self.playlist = playlist
    self.lineNumber = lineNumber
    self.isSessionKey = isSessionKey
    self.firstSegment = firstSegment
    self.mediaSequence = mediaSequence
    self.lastSegment = lastSegment
    self.segmentCount = segmentCount
  }
}

extension EncryptionKey {
  /// The DRM system, IDs and initialization data the tag signals.
  public var drm: DRMInfo {
    DRMInfo(method: method.description, uri: uri, keyFormat: keyFormat, keyID: keyID, iv: iv)
  }
}

extension MultivariantPlaylist {
  /// Every EXT-X-SESSION-KEY, in order.
  public func sessionKeyEntries(playlist: String? = nil) -> [PlaylistKey] {
    sessionKeys.map { key in
      PlaylistKey(
        key: key, playlist: playlist, lineNumber: source.lines[key.line].number,
        isSessionKey: true)
    }
  }
}

extension MediaPlaylist {
  /// Every EXT-X-KEY, in order, with the segments it is in force for: until the next tag with
  /// the same KEYFORMAT or a METHOD=NONE tag (§4.4.4.4), as `Segment.keys` resolves them.
  public func keyEntries(playlist: String? = nil) -> [PlaylistKey] {
    var last: [Int: Int] = [:]  // tag line → last segment in force
    var count: [Int: Int] = [:]
    let segments = self.segments
    for index in segments.indices {
      let inForce = segments[index].keys
      for key in inForce {
        last[key.line] = index
        count[key.line, default: 0] += 1
      }
    }
    var entries: [PlaylistKey] = []
    for (position, key) in keys.enumerated() {
      let line = source.lines[key.line]
      let takesEffect = line.segmentIndex
      var lastIndex = last[key.line]
      var segmentCount = count[key.line] ?? 0
      if key.method == .none {
        let next = keys.dropFirst(position + 1).first.map { source.lines[$0.line].segmentIndex }
        let run = (takesEffect..<max(takesEffect, next ?? segments.count)).filter {
          segments[$0].keys.isEmpty
        }
        lastIndex = run.last
        segmentCount = run.count
      }
      entries.append(
        PlaylistKey(
          key: key, playlist: playlist, lineNumber: line.number, isSessionKey: false,
          firstSegment: takesEffect, mediaSequence: firstListedMediaSequence &+ UInt64(takesEffect),
          lastSegment: lastIndex, segmentCount: segmentCount))
    }
    return entries
  }
}
