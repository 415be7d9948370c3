import ManifestCore

/// An HLS playlist (RFC 8216bis §4): a multivariant playlist or a media playlist.
///
/// ```swift
/// let playlist = try Playlist.parse(bytes)
/// if case .media(let media) = playlist {
///   for segment in media.segments { print(segment.mediaSequence, segment.uri) }
/// }
/// let same = playlist.source.bytes  // an unedited playlist writes back byte for byte
/// ```
public enum Playlist: Sendable, Equatable {
  /// A multivariant playlist (§4.4.6).
  case multivariant(MultivariantPlaylist)
  /// A media playlist (§4.4.3).
  case media(MediaPlaylist)

  /// Parses a playlist. Input that cannot be a playlist at all (empty, binary, no `#EXTM3U`
  /// first line) throws; anything else parses, with problems in `diagnostics`. The kind is
  /// decided by the first kind-specific tag (EXT-X-STREAM-INF, EXTINF, …); a playlist with
  /// neither is a media playlist.
  public static func parse(_ bytes: [UInt8], options: ParseOptions = ParseOptions())
    throws(ParseError) -> Playlist
  {
    var parser = PlaylistParser(bytes: bytes, options: options)
    try parser.run()
    return parser.playlist()
  }

  /// Parses a playlist from text (see `parse(_:options:)`).
  public static func parse(_ text: String, options: ParseOptions = ParseOptions())
    throws(ParseError) -> Playlist
  {
    try parse(Array(text.utf8), options: options)
  }

  /// The bytes and lines the playlist was read from.
  public var source: PlaylistSource {
    switch self {
    case .multivariant(let p): p.source
    case .media(let p): p.source
    }
  }

  /// The parse diagnostics.
  public var diagnostics: [Diagnostic] {
    switch self {
    case .multivariant(let p): p.diagnostics
    case .media(let p): p.diagnostics
    }
  }

  /// EXT-X-VERSION, or `nil`.
  public var version: Int? {
    switch self {
    case .multivariant(let p): p.version
    case .media(let p): p.version
    }
  }

  /// The media playlist, or `nil`.
  public var media: MediaPlaylist? {
    if case .media(let p) = self { return p }
    return nil
  }

  /// The multivariant playlist, or `nil`.
  public var multivariant: MultivariantPlaylist? {
    if case .multivariant(let p) = self { return p }
    return nil
  }

  /// The playlist written back: the source bytes, unchanged.
  public var bytes: [UInt8] { source.bytes }
}

extension PlaylistParser {
  /// The playlist the pass built.
  mutating func playlist() -> Playlist {
    let source = PlaylistSource(bytes: bytes, lines: lines, options: options)
    if firstScope == .multivariant {
      checkRenditionGroups()
      return .multivariant(
        MultivariantPlaylist(
          source: source, diagnostics: diagnostics, header: header, variants: variants,
          renditions: renditions, sessionData: sessionData, sessionKeys: sessionKeys,
          contentSteering: contentSteering))
    }
    let pendingStart = Int(pending.partStart)
    let list = SegmentList(
      bytes: bytes, lines: lines, records: segments, keySets: keySets, maps: maps,
      anchors: anchors, parts: parts, tiles: tiles, byteRanges: byteRanges,
      mediaSequence: header.mediaSequence &+ UInt64(header.skip?.skippedSegments ?? 0),
      discontinuitySequence: header.discontinuitySequence, variables: header.variables)
    reportSequenceOverflow()
    if header.targetDuration == nil && !segments.isEmpty {
      diagnostics.append(
        Diagnostic(
          .error, "missing EXT-X-TARGETDURATION",
          code: HLSDiagnosticCode.targetDurationMissing.rawValue, at: SourceLocation.start))
    }
    return .media(
      MediaPlaylist(
        source: source, diagnostics: diagnostics.sorted { $0.location < $1.location },
        header: header, segments: list, keys: keys, maps: maps,
        pendingParts: pendingStart < parts.count ? Array(parts[pendingStart...]) : [],
        totalDuration: elapsed))
  }

  private mutating func checkRenditionGroups() {
    let groups: [(String, KeyPath<VariantStream, String?>)] = [
      ("AUDIO", \.audio), ("VIDEO", \.video), ("SUBTITLES", \.subtitles),
      ("CLOSED-CAPTIONS", \.closedCaptions),
    ]
    struct Group: Hashable {
      var type: String
      var id: String
    }
    let declared = Set(renditions.map { Group(type: $0.type, id: $0.groupID) })
    for variant in variants {
      for (type, path) in groups {
        guard let id = variant[keyPath: path], !(type == "CLOSED-CAPTIONS" && id == "NONE")
        else { continue }
        if !declared.contains(Group(type: type, id: id)) {
          error(
            .groupUndefined,
            "\(type) group \"\(id)\" has no EXT-X-MEDIA with TYPE=\(type)", line: variant.line)
        }
      }
    }
    diagnostics.sort { $0.location < $1.location }
  }
}
