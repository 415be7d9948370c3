import ManifestCore

/// A media segment with everything in force for it resolved (RFC 8216bis §4.4.4, §6.2.2): its
/// media sequence number, the keys and map that apply, its byte range with an implicit offset
/// resolved, its discontinuity sequence, its program date-time (its own or extrapolated from
/// the last one before it), and its partial segments.
public struct Segment: Sendable, Hashable {
  /// 0-based position in the playlist.
  public var index: Int
  /// Media sequence number (EXT-X-MEDIA-SEQUENCE plus `index`), §6.2.2.
  public var mediaSequence: UInt64
  /// The URI as written, after `{$name}` substitution.
  public var uri: String
  /// EXTINF duration, exact (§4.4.4.1).
  public var duration: ExactDecimal
  /// EXTINF title (the text after the comma), or `nil` when empty.
  public var title: String?
  /// Seconds from the start of the first segment of the playlist to the start of this one.
  public var startTime: ExactDecimal
  /// Preceded by EXT-X-DISCONTINUITY (§4.4.4.3).
  public var discontinuity: Bool
  /// Discontinuity sequence number (§4.4.3.3).
  public var discontinuitySequence: UInt64
  /// EXT-X-PROGRAM-DATE-TIME of the segment: its own, or extrapolated (§4.4.4.6).
  public var programDateTime: DateTime?
  /// True when `programDateTime` comes from a tag on this segment.
  public var hasOwnProgramDateTime: Bool
  /// The byte range (§4.4.4.2), offset resolved, or `nil`.
  public var byteRange: ByteRange?
  /// Every key in force, one per KEYFORMAT, in the order their tags appeared; empty when the
  /// segment is not encrypted (no EXT-X-KEY, or METHOD=NONE last).
  public var keys: [EncryptionKey]
  /// The media initialization section in force (§4.4.4.5), or `nil`.
  public var map: MediaInitializationSection?
  /// Marked EXT-X-GAP (§4.4.4.7).
  public var gap: Bool
  /// The EXT-X-BITRATE in force, in kbit/s (§4.4.4.8), or `nil`.
  public var bitrate: Int?
  /// The partial segments that make up this segment (§4.4.4.9).
  public var parts: [PartialSegment]
  /// EXT-X-TILES in force, for image playlists.
  public var tiles: ImageTiles?
  /// Index in `PlaylistSource.lines` of the segment's URI line.
  public var uriLine: Int
  /// Index in `PlaylistSource.lines` of its EXTINF, or `nil`.
  public var infLine: Int?
  /// Indices in `PlaylistSource.lines` of the lines that belong to the segment: from the first
  /// line after the previous segment's URI through this segment's URI (for the first segment,
  /// from the first line after the header tags).
  public var lines: Range<Int>

  /// Creates a segment with the state in force for it: the writer states a key, map, bitrate or
  /// tile layout when it differs from the previous segment's, and a date-time when
  /// `hasOwnProgramDateTime` (by default: whenever `programDateTime` is given) or when it does
  /// not continue the previous segment's. The position fields (`index`, `mediaSequence`,
  /// `startTime`, `discontinuitySequence`, line indices) are what a parse fills in; writers
  /// ignore them. Inlinable, so a packager's segment is made in place.
  @inlinable
  public init(
    uri: String, duration: ExactDecimal, title: String? = nil, discontinuity: Bool = false,
    programDateTime: DateTime? = nil, hasOwnProgramDateTime: Bool? = nil,
    byteRange: ByteRange? = nil, keys: [EncryptionKey] = [], map: MediaInitializationSection? = nil,
    gap: Bool = false, bitrate: Int? = nil, parts: [PartialSegment] = [],
    tiles: ImageTiles? = nil, index: Int = 0, mediaSequence: UInt64 = 0,
    startTime: ExactDecimal = .zero, discontinuitySequence: UInt64 = 0, uriLine: Int = 0,
    infLine: Int? = nil, lines: Range<Int> = 0..<0
  ) {
    self.index = index
    self.mediaSequence = mediaSequence
    self.uri = uri
    self.duration = duration
    self.title = title
    self.startTime = startTime
    self.discontinuity = discontinuity
    self.discontinuitySequence = discontinuitySequence
    self.programDateTime = programDateTime
    self.hasOwnProgramDateTime = hasOwnProgramDateTime ?? (programDateTime != nil)
    self.byteRange = byteRange
    self.keys = keys
    self.map = map
    self.gap = gap
    self.bitrate = bitrate
    self.parts = parts
    self.tiles = tiles
    self.uriLine = uriLine
    self.infLine = infLine
    self.lines = lines
  }
}

/// A partial segment, EXT-X-PART (RFC 8216bis §4.4.4.9).
public struct PartialSegment: Sendable, Hashable {
  /// URI, after `{$name}` substitution.
  public var uri: String
  /// DURATION.
  public var duration: ExactDecimal
  /// INDEPENDENT=YES.
  public var independent: Bool
  /// BYTERANGE with an implicit offset resolved, or `nil`.
  public var byteRange: ByteRange?
  /// GAP=YES.
  public var gap: Bool
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates a partial segment.
  public init(
    uri: String, duration: ExactDecimal, independent: Bool = false, byteRange: ByteRange? = nil,
    gap: Bool = false, line: Int = 0
  ) {
    self.uri = uri
    self.duration = duration
    self.independent = independent
    self.byteRange = byteRange
    self.gap = gap
    self.line = line
  }
}

/// EXT-X-MAP: the media initialization section (RFC 8216bis §4.4.4.5).
public struct MediaInitializationSection: Sendable, Hashable {
  /// URI, after `{$name}` substitution.
  public var uri: String
  /// BYTERANGE, or `nil`.
  public var byteRange: ByteRange?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates a map.
  public init(uri: String, byteRange: ByteRange? = nil, line: Int = 0) {
    self.uri = uri
    self.byteRange = byteRange
    self.line = line
  }
}

/// EXT-X-TILES: how an image segment is laid out as a grid of thumbnails (HLS image media
/// playlists).
public struct ImageTiles: Sendable, Hashable {
  /// RESOLUTION of one tile.
  public var resolution: Resolution
  /// LAYOUT columns.
  public var columns: Int
  /// LAYOUT rows.
  public var rows: Int
  /// DURATION each tile is shown, or `nil`.
  public var duration: ExactDecimal?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates a tile layout.
  public init(
    resolution: Resolution, columns: Int, rows: Int, duration: ExactDecimal? = nil, line: Int = 0
  ) {
    self.resolution = resolution
    self.columns = columns
    self.rows = rows
    self.duration = duration
    self.line = line
  }
}
