import ManifestCore

/// EXT-X-SERVER-CONTROL (RFC 8216bis §4.4.3.8).
public struct ServerControl: Sendable, Hashable {
  /// CAN-BLOCK-RELOAD=YES.
  public var canBlockReload: Bool
  /// CAN-SKIP-UNTIL in seconds, or `nil`.
  public var canSkipUntil: ExactDecimal?
  /// CAN-SKIP-DATERANGES=YES.
  public var canSkipDateRanges: Bool
  /// HOLD-BACK in seconds, or `nil`.
  public var holdBack: ExactDecimal?
  /// PART-HOLD-BACK in seconds, or `nil`.
  public var partHoldBack: ExactDecimal?

  /// Creates server control parameters; every attribute is absent by default.
  public init(
    canBlockReload: Bool = false, canSkipUntil: ExactDecimal? = nil,
    canSkipDateRanges: Bool = false,
    holdBack: ExactDecimal? = nil, partHoldBack: ExactDecimal? = nil
  ) {
    self.canBlockReload = canBlockReload
    self.canSkipUntil = canSkipUntil
    self.canSkipDateRanges = canSkipDateRanges
    self.holdBack = holdBack
    self.partHoldBack = partHoldBack
  }
}

/// EXT-X-PART-INF (RFC 8216bis §4.4.3.7).
public struct PartInformation: Sendable, Hashable {
  /// PART-TARGET in seconds.
  public var partTarget: ExactDecimal

  /// Creates EXT-X-PART-INF.
  public init(partTarget: ExactDecimal) { self.partTarget = partTarget }
}

/// EXT-X-PRELOAD-HINT (RFC 8216bis §4.4.5.3).
public struct PreloadHint: Sendable, Hashable {
  /// TYPE as written (`PART` or `MAP`).
  public var type: String
  /// URI, after substitution.
  public var uri: String
  /// BYTERANGE-START, or `nil` (meaning 0).
  public var byteRangeStart: Int?
  /// BYTERANGE-LENGTH, or `nil` (meaning to the end of the resource).
  public var byteRangeLength: Int?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates a hint; `type` is `PART` or `MAP`.
  public init(
    type: String, uri: String, byteRangeStart: Int? = nil, byteRangeLength: Int? = nil,
    line: Int = 0
  ) {
    self.type = type
    self.uri = uri
    self.byteRangeStart = byteRangeStart
    self.byteRangeLength = byteRangeLength
    self.line = line
  }
}

/// EXT-X-RENDITION-REPORT (RFC 8216bis §4.4.5.4).
public struct RenditionReport: Sendable, Hashable {
  /// URI of the other rendition's media playlist, after substitution.
  public var uri: String
  /// LAST-MSN, or `nil`.
  public var lastMediaSequence: UInt64?
  /// LAST-PART, or `nil`.
  public var lastPart: Int?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates a rendition report.
  public init(uri: String, lastMediaSequence: UInt64? = nil, lastPart: Int? = nil, line: Int = 0) {
    self.uri = uri
    self.lastMediaSequence = lastMediaSequence
    self.lastPart = lastPart
    self.line = line
  }
}

/// EXT-X-SKIP: the segments a playlist delta update left out (RFC 8216bis §4.4.5.2).
public struct SkipInformation: Sendable, Hashable {
  /// SKIPPED-SEGMENTS.
  public var skippedSegments: Int
  /// RECENTLY-REMOVED-DATERANGES, split at tabs.
  public var recentlyRemovedDateRanges: [String]
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates EXT-X-SKIP.
  public init(skippedSegments: Int, recentlyRemovedDateRanges: [String] = [], line: Int = 0) {
    self.skippedSegments = skippedSegments
    self.recentlyRemovedDateRanges = recentlyRemovedDateRanges
    self.line = line
  }
}

/// EXT-X-START (RFC 8216bis §4.4.2.2).
public struct StartPoint: Sendable, Hashable {
  /// TIME-OFFSET in seconds (negative: from the end).
  public var timeOffset: ExactDecimal
  /// PRECISE=YES.
  public var precise: Bool

  /// Creates EXT-X-START (PRECISE=NO by default).
  public init(timeOffset: ExactDecimal, precise: Bool = false) {
    self.timeOffset = timeOffset
    self.precise = precise
  }
}

/// EXT-X-PLAYLIST-TYPE (RFC 8216bis §4.4.3.5).
public enum PlaylistType: String, Sendable, Hashable {
  /// `EVENT`: segments may only be added.
  case event = "EVENT"
  /// `VOD`: the playlist does not change.
  case vod = "VOD"
}

/// EXT-X-DEFINE (RFC 8216bis §4.4.2.3): a variable for `{$name}` substitution.
public struct VariableDefinition: Sendable, Hashable {
  /// Where the value comes from.
  public enum Source: Sendable, Hashable {
    /// NAME and VALUE.
    case value
    /// IMPORT: from the multivariant playlist that named this one.
    case imported
    /// QUERYPARAM: from the query string of the playlist's own URL.
    case queryParameter
  }

  /// The variable name.
  public var name: String
  /// Where the value comes from.
  public var source: Source
  /// The value, or `nil` when an IMPORT or QUERYPARAM found nothing (a diagnostic says so).
  public var value: String?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates a definition: NAME and VALUE for `.value`, IMPORT or QUERYPARAM otherwise (the
  /// writer writes `value` only for `.value`).
  public init(name: String, source: Source = .value, value: String? = nil, line: Int = 0) {
    self.name = name
    self.source = source
    self.value = value
    self.line = line
  }
}
