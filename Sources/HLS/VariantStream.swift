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

  /// Creates a variant stream. `attributes` carries attributes the typed fields do not name
  /// (the writer writes those after the typed ones; the parser fills it with every attribute).
  public init(
    kind: Kind = .media, uri: String, bandwidth: Int, averageBandwidth: Int? = nil,
    score: ExactDecimal? = nil, codecs: String? = nil, supplementalCodecs: String? = nil,
    resolution: Resolution? = nil, frameRate: ExactDecimal? = nil, hdcpLevel: String? = nil,
    allowedCPC: String? = nil, videoRange: String? = nil, requiredVideoLayout: String? = nil,
    stableVariantID: String? = nil, audio: String? = nil, video: String? = nil,
    subtitles: String? = nil, closedCaptions: String? = nil, pathwayID: String? = nil,
    attributes: AttributeList = AttributeList(), line: Int = 0, uriLine: Int? = nil
  ) {
    self.kind = kind
    self.uri = uri
    self.bandwidth = bandwidth
    self.averageBandwidth = averageBandwidth
    self.score = score
    self.codecs = codecs
    self.supplementalCodecs = supplementalCodecs
    self.resolution = resolution
    self.frameRate = frameRate
    self.hdcpLevel = hdcpLevel
    self.allowedCPC = allowedCPC
    self.videoRange = videoRange
    self.requiredVideoLayout = requiredVideoLayout
    self.stableVariantID = stableVariantID
    self.audio = audio
    self.video = video
    self.subtitles = subtitles
    self.closedCaptions = closedCaptions
    self.pathwayID = pathwayID
    self.attributes = attributes
    self.line = line
    self.uriLine = uriLine
  }

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

  /// Creates a rendition; `type` is `AUDIO`, `VIDEO`, `SUBTITLES` or `CLOSED-CAPTIONS`.
  /// `attributes` carries attributes the typed fields do not name, as for `VariantStream`.
  public init(
    type: String, groupID: String, name: String, language: String? = nil,
    associatedLanguage: String? = nil, stableRenditionID: String? = nil, isDefault: Bool = false,
    autoselect: Bool = false, forced: Bool = false, instreamID: String? = nil,
    bitDepth: Int? = nil, sampleRate: Int? = nil, characteristics: String? = nil,
    channels: String? = nil, uri: String? = nil, attributes: AttributeList = AttributeList(),
    line: Int = 0
  ) {
    self.type = type
    self.groupID = groupID
    self.name = name
    self.language = language
    self.associatedLanguage = associatedLanguage
    self.stableRenditionID = stableRenditionID
    self.isDefault = isDefault
    self.autoselect = autoselect
    self.forced = forced
    self.instreamID = instreamID
    self.bitDepth = bitDepth
    self.sampleRate = sampleRate
    self.characteristics = characteristics
    self.channels = channels
    self.uri = uri
    self.attributes = attributes
    self.line = line
  }
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

  /// Creates session data (give exactly one of `value` and `uri`).
  public init(
    dataID: String, value: String? = nil, uri: String? = nil, format: String? = nil,
    language: String? = nil, line: Int = 0
  ) {
    self.dataID = dataID
    self.value = value
    self.uri = uri
    self.format = format
    self.language = language
    self.line = line
  }
}

/// EXT-X-CONTENT-STEERING (RFC 8216bis §4.4.6.6).
public struct ContentSteering: Sendable, Hashable {
  /// SERVER-URI.
  public var serverURI: String
  /// PATHWAY-ID.
  public var pathwayID: String?
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int

  /// Creates EXT-X-CONTENT-STEERING.
  public init(serverURI: String, pathwayID: String? = nil, line: Int = 0) {
    self.serverURI = serverURI
    self.pathwayID = pathwayID
    self.line = line
  }
}

extension String {
  func trimmingBlanks() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
  }
}
