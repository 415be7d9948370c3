import ManifestCore

/// A multivariant playlist to write (RFC 8216bis §4.4.6), assembled from typed values.
///
/// ```swift
/// var master = MultivariantPlaylistBuilder(independentSegments: true)
/// master.renditions.append(Rendition(type: "AUDIO", groupID: "aac", name: "English",
///                                    isDefault: true, autoselect: true, uri: "audio.m3u8"))
/// master.variants.append(VariantStream(uri: "v1.m3u8", bandwidth: 1_200_000, audio: "aac"))
/// let bytes = try PlaylistWriter.write(master)
/// ```
public struct MultivariantPlaylistBuilder: Sendable, Hashable {
  /// EXT-X-VERSION to write; `nil` writes the minimum the content needs, and no tag when
  /// that is 1.
  public var version: Int?
  /// EXT-X-INDEPENDENT-SEGMENTS (§4.4.2.1).
  public var independentSegments: Bool
  /// EXT-X-START (§4.4.2.2).
  public var start: StartPoint?
  /// EXT-X-DEFINE tags (§4.4.2.3).
  public var definitions: [VariableDefinition]
  /// EXT-X-CONTENT-STEERING (§4.4.6.6).
  public var contentSteering: ContentSteering?
  /// EXT-X-SESSION-DATA tags (§4.4.6.4).
  public var sessionData: [SessionData]
  /// EXT-X-SESSION-KEY tags (§4.4.6.5).
  public var sessionKeys: [EncryptionKey]
  /// Custom tags, written after the session tags.
  public var customTags: [CustomTag]
  /// EXT-X-MEDIA tags (§4.4.6.1), in order.
  public var renditions: [Rendition]
  /// Variant streams of every kind, in order (EXT-X-STREAM-INF with its URI line,
  /// EXT-X-I-FRAME-STREAM-INF, EXT-X-IMAGE-STREAM-INF).
  public var variants: [VariantStream]

  /// Creates a playlist; everything not given is absent.
  public init(
    version: Int? = nil, independentSegments: Bool = false, start: StartPoint? = nil,
    definitions: [VariableDefinition] = [], contentSteering: ContentSteering? = nil,
    sessionData: [SessionData] = [], sessionKeys: [EncryptionKey] = [],
    customTags: [CustomTag] = [], renditions: [Rendition] = [], variants: [VariantStream] = []
  ) {
    self.version = version
    self.independentSegments = independentSegments
    self.start = start
    self.definitions = definitions
    self.contentSteering = contentSteering
    self.sessionData = sessionData
    self.sessionKeys = sessionKeys
    self.customTags = customTags
    self.renditions = renditions
    self.variants = variants
  }

  /// The typed values of a parsed multivariant playlist (its unknown tags as custom tags;
  /// comments are left out).
  public init(_ playlist: MultivariantPlaylist) {
    self.init(
      version: playlist.version, independentSegments: playlist.independentSegments,
      start: playlist.start, definitions: playlist.definitions,
      contentSteering: playlist.contentSteering, sessionData: playlist.sessionData,
      sessionKeys: playlist.sessionKeys, renditions: playlist.renditions,
      variants: playlist.allVariants)
    let source = playlist.source
    for line in source.lines
    where line.kind == .tag && (line.tag == .unknown || line.tag.isAdMarker) {
      customTags.append(
        CustomTag(name: source.tagName(of: line) ?? "", value: source.tagValue(of: line)))
    }
  }

  /// The lowest EXT-X-VERSION the content needs (RFC 8216bis §8; see `ProtocolVersion`).
  public var minimumVersion: Int { ProtocolVersion.minimum(self) }
}

extension PlaylistWriter {
  /// The text of a multivariant playlist; throws, writing nothing, when a value is refused.
  public static func write(_ playlist: MultivariantPlaylistBuilder) throws(PlaylistWriteError)
    -> [UInt8]
  {
    var writer = PlaylistWriter(capacity: 4096)
    try writer.write(playlist)
    return writer.bytes
  }

  /// Writes a multivariant playlist.
  public mutating func write(_ playlist: MultivariantPlaylistBuilder) throws(PlaylistWriteError) {
    try atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      w.append("#EXTM3U\n")
      let version = playlist.version ?? playlist.minimumVersion
      if version > 1 || playlist.version != nil {
        try w.writeNumber(.version, version)
      }
      if playlist.independentSegments { w.append("#EXT-X-INDEPENDENT-SEGMENTS\n") }
      if let start = playlist.start { try w.write(start) }
      for definition in playlist.definitions { try w.write(definition) }
      if let steering = playlist.contentSteering { try w.write(steering) }
      for data in playlist.sessionData { try w.write(data) }
      for key in playlist.sessionKeys { try w.write(key, session: true) }
      for tag in playlist.customTags { try w.write(tag) }
      for rendition in playlist.renditions { try w.write(rendition) }
      for variant in playlist.variants { try w.write(variant) }
    }
  }
}
