import ManifestCore

/// A variant stream of a multivariant playlist: EXT-X-STREAM-INF and its URI line (RFC 8216bis
/// §4.4.6.2), EXT-X-I-FRAME-STREAM-INF (§4.4.6.3) or EXT-X-IMAGE-STREAM-INF (image playlists).
/// Quoted values are given after `{$name}` substitution.
public struct VariantStream: Sendable, Hashable {
  /// Which tag declared the stream.
  public enum Kind: Sendable, Hashable {
    /// EXT-X-STREAM-INF.
    case media
    /// EXT-X-I-FRAME-STREAM-INF.
    case iFrame
    /// EXT-X-IMAGE-STREAM-INF.
    case image
  }

  /// Which tag declared the stream.
  public var kind: Kind
  /// The URI line (EXT-X-STREAM-INF) or URI attribute.
  public var uri: String
  /// BANDWIDTH in bit/s (0 when missing; a diagnostic says so).
  public var bandwidth: Int
  /// AVERAGE-BANDWIDTH.
  public var averageBandwidth: Int?
  /// SCORE.
  public var score: ExactDecimal?
  /// CODECS.
  public var codecs: String?
  /// SUPPLEMENTAL-CODECS.
  public var supplementalCodecs: String?
  /// RESOLUTION.
  public var resolution: Resolution?
  /// FRAME-RATE.
  public var frameRate: ExactDecimal?
  /// HDCP-LEVEL (`TYPE-0`, `TYPE-1`, `NONE`).
  public var hdcpLevel: String?
  /// ALLOWED-CPC.
  public var allowedCPC: String?
  /// VIDEO-RANGE (`SDR`, `HLG`, `PQ`).
  public var videoRange: String?
  /// REQ-VIDEO-LAYOUT.
  public var requiredVideoLayout: String?
  /// STABLE-VARIANT-ID.
  public var stableVariantID: String?
  /// AUDIO group id.
  public var audio: String?
  /// VIDEO group id.
  public var video: String?
  /// SUBTITLES group id.
  public var subtitles: String?
  /// CLOSED-CAPTIONS group id, or `NONE` (as written, unquoted).
  public var closedCaptions: String?
  /// PATHWAY-ID.
  public var pathwayID: String?
  /// Every attribute as written, in order.
  public var attributes: AttributeList
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int
  /// Index in `PlaylistSource.lines` of the URI line (EXT-X-STREAM-INF), or `nil`.
  public var uriLine: Int?

  /// CODECS split at commas, blanks trimmed.
  public var codecList: [String] {
    codecs.map { $0.split(separator: ",").map { String($0).trimmingBlanks() } } ?? []
  }
}

/// A rendition, EXT-X-MEDIA (RFC 8216bis §4.4.6.1). Quoted values after substitution.
public struct Rendition: Sendable, Hashable {
  /// TYPE as written (`AUDIO`, `VIDEO`, `SUBTITLES`, `CLOSED-CAPTIONS`).
  public var type: String
  /// GROUP-ID.
  public var groupID: String
  /// NAME.
  public var name: String
  /// LANGUAGE.
  public var language: String?
  /// ASSOC-LANGUAGE.
  public var associatedLanguage: String?
  /// STABLE-RENDITION-ID.
  public var stableRenditionID: String?
  /// DEFAULT=YES.
  public var isDefault: Bool
  /// AUTOSELECT=YES.
  public var autoselect: Bool
  /// FORCED=YES.
  public var forced: Bool
  /// INSTREAM-ID.
  public var instreamID: String?
  /// BIT-DEPTH.
  public var bitDepth: Int?
  /// SAMPLE-RATE.
  public var sampleRate: Int?
  /// CHARACTERISTICS.
  public var characteristics: String?
  /// CHANNELS.
  public var channels: String?
  /// URI, or `nil` (muxed into the variant).
  public var uri: String?
  /// Every attribute as written, in order.
  public var attributes: AttributeList
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int
}

/// The renditions a variant uses, found from its group ids (RFC 8216bis §4.4.6.2.1).
public struct RenditionGroups: Sendable, Hashable {
  /// The AUDIO group's renditions.
  public var audio: [Rendition]
  /// The VIDEO group's renditions.
  public var video: [Rendition]
  /// The SUBTITLES group's renditions.
  public var subtitles: [Rendition]
  /// The CLOSED-CAPTIONS group's renditions.
  public var closedCaptions: [Rendition]

  /// All of them, in the order above.
  public var all: [Rendition] { audio + video + subtitles + closedCaptions }
}

/// EXT-X-SESSION-DATA (RFC 8216bis §4.4.6.4).
public struct SessionData: Sendable, Hashable {
  /// DATA-ID.
  public var dataID: String
  /// VALUE.
  public var value: String?
  /// URI.
  public var uri: String?
  /// FORMAT (`JSON` or `RAW`).
  public var format: String?
  /// LANGUAGE.
  public var language: String?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int
}

/// EXT-X-CONTENT-STEERING (RFC 8216bis §4.4.6.6).
public struct ContentSteering: Sendable, Hashable {
  /// SERVER-URI.
  public var serverURI: String
  /// PATHWAY-ID.
  public var pathwayID: String?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int
}

extension String {
  func trimmingBlanks() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
  }
}
