import ManifestCore

/// A media playlist (RFC 8216bis §4.4.3–§4.4.5): its segments with their resolved state, the
/// playlist-wide tags, and the source it was read from. The model is a read-only view of the
/// source; change a playlist with `PlaylistSource.applying(_:)` and parse the result (the
/// `Playlist` edit helpers do both), so the writer can keep every untouched byte.
public struct MediaPlaylist: Sendable, Equatable {
  /// The bytes and lines it was read from.
  public let source: PlaylistSource
  /// Problems found while parsing, in source order.
  public let diagnostics: [Diagnostic]
  let header: PlaylistHeader
  /// Every media segment, resolved on access.
  public let segments: SegmentList
  /// Every EXT-X-KEY tag in order (rotation included); `Segment.keys` gives those in force.
  public let keys: [EncryptionKey]
  /// Every EXT-X-MAP tag in order; `Segment.map` gives the one in force.
  public let maps: [MediaInitializationSection]
  /// EXT-X-PART tags after the last segment's URI: the segment still being produced.
  public let pendingParts: [PartialSegment]
  /// Sum of the segment durations, exact.
  public let totalDuration: ExactDecimal

  init(
    source: PlaylistSource, diagnostics: [Diagnostic], header: PlaylistHeader,
    segments: SegmentList, keys: [EncryptionKey], maps: [MediaInitializationSection],
    pendingParts: [PartialSegment], totalDuration: ExactDecimal
  ) {
    self.source = source
    self.diagnostics = diagnostics
    self.header = header
    self.segments = segments
    self.keys = keys
    self.maps = maps
    self.pendingParts = pendingParts
    self.totalDuration = totalDuration
  }

  /// EXT-X-VERSION, or `nil` when absent (version 1).
  public var version: Int? { header.version }
  /// EXT-X-TARGETDURATION in seconds (§4.4.3.1), or `nil` when missing.
  public var targetDuration: Int? { header.targetDuration }
  /// EXT-X-MEDIA-SEQUENCE (§4.4.3.2), 0 when absent.
  public var mediaSequence: UInt64 { header.mediaSequence }
  /// EXT-X-DISCONTINUITY-SEQUENCE (§4.4.3.3), 0 when absent.
  public var discontinuitySequence: UInt64 { header.discontinuitySequence }
  /// EXT-X-PLAYLIST-TYPE (§4.4.3.5).
  public var playlistType: PlaylistType? { header.playlistType }
  /// EXT-X-ENDLIST present (§4.4.3.4).
  public var endList: Bool { header.endList }
  /// EXT-X-I-FRAMES-ONLY present (§4.4.3.6).
  public var iFramesOnly: Bool { header.iFramesOnly }
  /// EXT-X-IMAGES-ONLY present (image media playlist).
  public var imagesOnly: Bool { header.imagesOnly }
  /// EXT-X-INDEPENDENT-SEGMENTS present (§4.4.2.1).
  public var independentSegments: Bool { header.independentSegments }
  /// EXT-X-PART-INF (§4.4.3.7).
  public var partInformation: PartInformation? { header.partInformation }
  /// EXT-X-SERVER-CONTROL (§4.4.3.8).
  public var serverControl: ServerControl? { header.serverControl }
  /// EXT-X-START (§4.4.2.2).
  public var start: StartPoint? { header.start }
  /// EXT-X-SKIP of a playlist delta update (§4.4.5.2).
  public var skip: SkipInformation? { header.skip }
  /// EXT-X-DEFINE tags in order (§4.4.2.3).
  public var definitions: [VariableDefinition] { header.definitions }
  /// The variables in force for `{$name}` substitution.
  public var variables: [String: String] { header.variables }
  /// EXT-X-DATERANGE tags in order (§4.4.5.1).
  public var dateRanges: [DateRange] { header.dateRanges }
  /// EXT-X-PRELOAD-HINT tags (§4.4.5.3).
  public var preloadHints: [PreloadHint] { header.preloadHints }
  /// EXT-X-RENDITION-REPORT tags (§4.4.5.4).
  public var renditionReports: [RenditionReport] { header.renditionReports }

  /// The media sequence number of the first segment after the skipped ones of a delta update
  /// (EXT-X-MEDIA-SEQUENCE plus SKIPPED-SEGMENTS; past 2^64 − 1 it wraps, and the parser
  /// reported that as `hls.sequence.too-large`).
  public var firstListedMediaSequence: UInt64 {
    mediaSequence &+ UInt64(skip?.skippedSegments ?? 0)
  }

  /// The media sequence number the next segment will have (0 when the last segment's is
  /// 2^64 − 1: `lastSequenceNumberUsed` says so).
  public var nextMediaSequence: UInt64 { firstListedMediaSequence &+ UInt64(segments.count) }

  /// True when the last segment's media sequence number is 2^64 − 1, the largest a
  /// decimal-integer holds (RFC 8216bis §4.2): no later segment can be numbered.
  public var lastSequenceNumberUsed: Bool {
    !segments.isEmpty && nextMediaSequence == 0
  }

  /// True for a playlist with partial segments (LL-HLS).
  public var isLowLatency: Bool { partInformation != nil }
}
