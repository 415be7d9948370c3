import ManifestCore

/// A media playlist to write (RFC 8216bis §4.4.3–§4.4.5), assembled from typed values: the
/// playlist-wide tags, the segments in order, each with the state in force for it (keys, map,
/// date-time, bitrate: `PlaylistWriter` states only what changes), the date ranges and custom
/// tags placed before the segment their `segmentIndex` names, and the LL-HLS tail.
///
/// ```swift
/// var playlist = MediaPlaylistBuilder(targetDuration: 6, playlistType: .vod, endList: true)
/// playlist.append(Segment(uri: "seg1.m4s", duration: ExactDecimal(6),
///                         map: MediaInitializationSection(uri: "init.mp4")))
/// let bytes = try PlaylistWriter.write(playlist)   // EXT-X-VERSION:6 computed
/// ```
public struct MediaPlaylistBuilder: Sendable, Hashable {
  /// EXT-X-VERSION to write; `nil` writes the minimum the content needs
  /// (`minimumVersion`), and no tag when that is 1.
  public var version: Int?
  /// EXT-X-TARGETDURATION; `nil` writes the longest segment duration rounded to an integer
  /// (§4.4.3.1), at least 1.
  public var targetDuration: Int?
  /// EXT-X-MEDIA-SEQUENCE of the first segment (§4.4.3.2); written unless it is 0 in a playlist
  /// with EXT-X-ENDLIST.
  public var mediaSequence: UInt64
  /// EXT-X-DISCONTINUITY-SEQUENCE (§4.4.3.3); written unless 0.
  public var discontinuitySequence: UInt64
  /// EXT-X-PLAYLIST-TYPE (§4.4.3.5).
  public var playlistType: PlaylistType?
  /// EXT-X-ENDLIST (§4.4.3.4).
  public var endList: Bool
  /// EXT-X-I-FRAMES-ONLY (§4.4.3.6).
  public var iFramesOnly: Bool
  /// EXT-X-IMAGES-ONLY (image media playlists).
  public var imagesOnly: Bool
  /// EXT-X-INDEPENDENT-SEGMENTS (§4.4.2.1).
  public var independentSegments: Bool
  /// EXT-X-START (§4.4.2.2).
  public var start: StartPoint?
  /// EXT-X-DEFINE tags (§4.4.2.3).
  public var definitions: [VariableDefinition]
  /// EXT-X-SERVER-CONTROL (§4.4.3.8).
  public var serverControl: ServerControl?
  /// EXT-X-PART-INF (§4.4.3.7).
  public var partInformation: PartInformation?
  /// EXT-X-SKIP of a playlist delta update (§4.4.5.2).
  public var skip: SkipInformation?
  /// Custom tags written with the header, in order (their `segmentIndex` is ignored).
  public var headerTags: [CustomTag]
  /// The segments in order.
  public var segments: [Segment]
  /// EXT-X-DATERANGE tags, each written before the segment its `segmentIndex` names (after the
  /// last segment when it is `segments.count`), in order.
  public var dateRanges: [DateRange]
  /// Custom tags placed as date ranges are, written after them.
  public var customTags: [CustomTag]
  /// EXT-X-PART tags of the segment still being produced (after the last segment).
  public var pendingParts: [PartialSegment]
  /// EXT-X-PRELOAD-HINT tags (§4.4.5.3).
  public var preloadHints: [PreloadHint]
  /// EXT-X-RENDITION-REPORT tags (§4.4.5.4).
  public var renditionReports: [RenditionReport]

  /// Creates a playlist; everything not given is absent.
  public init(
    version: Int? = nil, targetDuration: Int? = nil, mediaSequence: UInt64 = 0,
    discontinuitySequence: UInt64 = 0, playlistType: PlaylistType? = nil, endList: Bool = false,
    iFramesOnly: Bool = false, imagesOnly: Bool = false, independentSegments: Bool = false,
    start: StartPoint? = nil, definitions: [VariableDefinition] = [],
    serverControl: ServerControl? = nil, partInformation: PartInformation? = nil,
    skip: SkipInformation? = nil, headerTags: [CustomTag] = [], segments: [Segment] = [],
    dateRanges: [DateRange] = [], customTags: [CustomTag] = [],
    pendingParts: [PartialSegment] = [], preloadHints: [PreloadHint] = [],
    renditionReports: [RenditionReport] = []
  ) {
    self.version = version
    self.targetDuration = targetDuration
    self.mediaSequence = mediaSequence
    self.discontinuitySequence = discontinuitySequence
    self.playlistType = playlistType
    self.endList = endList
    self.iFramesOnly = iFramesOnly
    self.imagesOnly = imagesOnly
    self.independentSegments = independentSegments
    self.start = start
    self.definitions = definitions
    self.serverControl = serverControl
    self.partInformation = partInformation
    self.skip = skip
    self.headerTags = headerTags
    self.segments = segments
    self.dateRanges = dateRanges
    self.customTags = customTags
    self.pendingParts = pendingParts
    self.preloadHints = preloadHints
    self.renditionReports = renditionReports
  }

  /// The typed values of a parsed playlist: its header, segments, date ranges, and its unknown
  /// and ad-marker tags as `CustomTag`s (those before the first segment as header tags).
  /// Comments and blank lines are not typed values and are left out; to keep every byte, edit
  /// the parsed playlist instead (`MediaPlaylist.replacingSegment(at:with:)` and its kin).
  public init(_ media: MediaPlaylist) {
    self.init(
      version: media.version, targetDuration: media.targetDuration,
      mediaSequence: media.mediaSequence, discontinuitySequence: media.discontinuitySequence,
      playlistType: media.playlistType, endList: media.endList, iFramesOnly: media.iFramesOnly,
      imagesOnly: media.imagesOnly, independentSegments: media.independentSegments,
      start: media.start, definitions: media.definitions, serverControl: media.serverControl,
      partInformation: media.partInformation, skip: media.skip, segments: Array(media.segments),
      dateRanges: media.dateRanges, pendingParts: media.pendingParts,
      preloadHints: media.preloadHints, renditionReports: media.renditionReports)
    let source = media.source
    let firstSegmentLine = media.segments.first?.lines.lowerBound ?? source.lines.count
    for (index, line) in source.lines.enumerated()
    where line.kind == .tag && (line.tag == .unknown || line.tag.isAdMarker) {
      let tag = CustomTag(
        name: source.tagName(of: line) ?? "", value: source.tagValue(of: line),
        segmentIndex: line.segmentIndex)
      if index < firstSegmentLine { headerTags.append(tag) } else { customTags.append(tag) }
    }
  }

  /// Appends `segment`, with date ranges and custom tags placed before it. The segment is
  /// moved into `segments`, not copied (inlinable, so a packager's loop moves it there).
  @inlinable
  public mutating func append(
    _ segment: consuming Segment, dateRanges: [DateRange] = [], tags: [CustomTag] = []
  ) {
    let index = segments.count
    segments.append(consume segment)
    for var range in dateRanges {
      range.segmentIndex = index
      self.dateRanges.append(range)
    }
    for var tag in tags {
      tag.segmentIndex = index
      customTags.append(tag)
    }
  }
}
