import ManifestCore

/// A multivariant playlist (RFC 8216bis §4.4.6): variant streams, renditions, session data and
/// keys, content steering. A read-only view of its source, like `MediaPlaylist`.
public struct MultivariantPlaylist: Sendable, Equatable {
  /// The bytes and lines it was read from.
  public let source: PlaylistSource
  /// Problems found while parsing, in source order.
  public let diagnostics: [Diagnostic]
  let header: PlaylistHeader
  /// Every variant stream in order: EXT-X-STREAM-INF, EXT-X-I-FRAME-STREAM-INF and
  /// EXT-X-IMAGE-STREAM-INF together (see `VariantStream.kind`).
  public let allVariants: [VariantStream]
  /// EXT-X-MEDIA renditions in order.
  public let renditions: [Rendition]
  /// EXT-X-SESSION-DATA tags.
  public let sessionData: [SessionData]
  /// EXT-X-SESSION-KEY tags.
  public let sessionKeys: [EncryptionKey]
  /// EXT-X-CONTENT-STEERING.
  public let contentSteering: ContentSteering?

  init(
    source: PlaylistSource, diagnostics: [Diagnostic], header: PlaylistHeader,
    variants: [VariantStream], renditions: [Rendition], sessionData: [SessionData],
    sessionKeys: [EncryptionKey], contentSteering: ContentSteering?
  ) {
    self.source = source
    self.diagnostics = diagnostics
    self.header = header
    self.allVariants = variants
    self.renditions = renditions
    self.sessionData = sessionData
    self.sessionKeys = sessionKeys
    self.contentSteering = contentSteering
  }

  /// EXT-X-STREAM-INF variants (§4.4.6.2).
  public var variants: [VariantStream] { allVariants.filter { $0.kind == .media } }
  /// EXT-X-I-FRAME-STREAM-INF variants (§4.4.6.3).
  public var iFrameVariants: [VariantStream] { allVariants.filter { $0.kind == .iFrame } }
  /// EXT-X-IMAGE-STREAM-INF variants (image playlists).
  public var imageVariants: [VariantStream] { allVariants.filter { $0.kind == .image } }
  /// EXT-X-VERSION, or `nil` when absent.
  public var version: Int? { header.version }
  /// EXT-X-INDEPENDENT-SEGMENTS present.
  public var independentSegments: Bool { header.independentSegments }
  /// EXT-X-START.
  public var start: StartPoint? { header.start }
  /// EXT-X-DEFINE tags in order.
  public var definitions: [VariableDefinition] { header.definitions }
  /// The variables in force, for EXT-X-DEFINE IMPORT in the media playlists it names.
  public var variables: [String: String] { header.variables }

  /// The renditions of group `groupID` of `type` (`AUDIO`, `VIDEO`, `SUBTITLES`,
  /// `CLOSED-CAPTIONS`).
  public func renditions(type: String, groupID: String) -> [Rendition] {
    renditions.filter { $0.type == type && $0.groupID == groupID }
  }

  /// The renditions a variant's AUDIO, VIDEO, SUBTITLES and CLOSED-CAPTIONS groups name
  /// (§4.4.6.2.1).
  public func renditionGroups(for variant: VariantStream) -> RenditionGroups {
    func group(_ type: String, _ id: String?) -> [Rendition] {
      guard let id, !(type == "CLOSED-CAPTIONS" && id == "NONE") else { return [] }
      return renditions(type: type, groupID: id)
    }
    return RenditionGroups(
      audio: group("AUDIO", variant.audio), video: group("VIDEO", variant.video),
      subtitles: group("SUBTITLES", variant.subtitles),
      closedCaptions: group("CLOSED-CAPTIONS", variant.closedCaptions))
  }
}
