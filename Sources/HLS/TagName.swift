#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Every tag ManifestKit knows by name: the tags of RFC 8216bis (HLS protocol version 12+), the
/// image-playlist tags, and the ad-marker tags packagers write. Any other `#EXT…` line is
/// `.unknown` and is kept as written.
public enum TagName: UInt8, Sendable, Hashable, CaseIterable {
  case unknown = 0
  // Basic tags, RFC 8216bis §4.4.1
  case extm3u, version
  // Media segment tags, §4.4.4
  case inf, byteRange, discontinuity, key, map, programDateTime, gap, bitrate, part
  // Media metadata tags, §4.4.5
  case dateRange, skip, preloadHint, renditionReport
  // Media playlist tags, §4.4.3
  case targetDuration, mediaSequence, discontinuitySequence, endList, playlistType
  case iFramesOnly, partInf, serverControl
  // Multivariant playlist tags, §4.4.6
  case media, streamInf, iFrameStreamInf, sessionData, sessionKey, contentSteering
  // Tags for either kind, §4.4.2
  case independentSegments, start, define
  // Image playlists (HLS Image Media Playlist specification)
  case imageStreamInf, imagesOnly, tiles
  // Deprecated, kept typed so they are recognised
  case allowCache
  // Ad-marker dialects (kept, typed for the ad layer)
  case cueOut, cueOutCont, cueIn, cueSpan, oatclsScte35, scte35, splicePointScte35, cue, cueCont
  case asset, beacon, placementOpportunity
  /// grafov/m3u8's SCTE 67 style `#EXT-SCTE35:CUE="…",ID="…",TIME=…`.
  case extScte35

  /// The tag spelled `name` (without the leading `#`, `EXT-X-KEY`), or `.unknown`.
  public init(spelling name: String) {
    let bytes = Array(name.utf8)
    self = bytes.withUnsafeBufferPointer { TagName.identify($0, 0..<$0.count) }
  }

  /// The tag's spelling without the leading `#` (`EXT-X-KEY`); empty for `.unknown`.
  public var spelling: String { staticSpelling.description }

  /// Where the tag may appear.
  public enum Scope: Sendable, Hashable {
    /// Media playlists only (segment, media-metadata and media-playlist tags).
    case media
    /// Multivariant playlists only.
    case multivariant
    /// Either kind.
    case either
  }

  /// Where the tag may appear (RFC 8216bis §4.4); ad markers and unknown tags are `.either`.
  public var scope: Scope {
    switch self {
    case .inf, .byteRange, .discontinuity, .key, .map, .programDateTime, .gap, .bitrate, .part,
      .dateRange, .skip, .preloadHint, .renditionReport, .targetDuration, .mediaSequence,
      .discontinuitySequence, .endList, .playlistType, .iFramesOnly, .partInf, .serverControl,
      .imagesOnly, .tiles, .allowCache:
      .media
    case .media, .streamInf, .iFrameStreamInf, .sessionData, .sessionKey, .contentSteering,
      .imageStreamInf:
      .multivariant
    default: .either
    }
  }

  /// True for tags that describe the whole playlist rather than the segment they precede
  /// (basic tags, media playlist tags, EXT-X-SKIP and the tags for either kind).
  public var isPlaylistLevel: Bool {
    switch self {
    case .extm3u, .version, .targetDuration, .mediaSequence, .discontinuitySequence, .endList,
      .playlistType, .iFramesOnly, .imagesOnly, .partInf, .serverControl, .skip,
      .independentSegments, .start, .define, .allowCache:
      true
    default: false
    }
  }

  /// True for the ad-marker dialects the ad layer reads (everything from `EXT-X-CUE-OUT` on).
  public var isAdMarker: Bool { rawValue >= TagName.cueOut.rawValue }

  /// The tag named by `bytes[range]` (the name without `#`), or `.unknown`.
  static func identify(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TagName {
    // The hot tags first, then a lookup by length.
    let count = range.count
    if count == 6 && matches(bytes, range.lowerBound, "EXTINF") { return .inf }
    if count == 10 && matches(bytes, range.lowerBound, "EXT-X-PART") { return .part }
    if count == 23 && matches(bytes, range.lowerBound, "EXT-X-PROGRAM-DATE-TIME") {
      return .programDateTime
    }
    guard count >= 6 && count <= 28 else { return .unknown }
    for candidate in byLength[count] where matches(bytes, range.lowerBound, candidate.1) {
      return candidate.0
    }
    return .unknown
  }

  static let byLength: [[(TagName, StaticString)]] = {
    var table = [[(TagName, StaticString)]](repeating: [], count: 29)
    for tag in TagName.allCases where tag != .unknown {
      let spelling = tag.staticSpelling
      table[spelling.utf8CodeUnitCount].append((tag, spelling))
    }
    return table
  }()

  /// True when the bytes at `start` begin with `text` (the caller checked the length).
  static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ text: StaticString)
    -> Bool
  {
    guard let base = bytes.baseAddress else { return false }
    return memcmp(base + start, text.utf8Start, text.utf8CodeUnitCount) == 0
  }

  private var staticSpelling: StaticString {
    switch self {
    case .unknown: ""
    case .extm3u: "EXTM3U"
    case .version: "EXT-X-VERSION"
    case .inf: "EXTINF"
    case .byteRange: "EXT-X-BYTERANGE"
    case .discontinuity: "EXT-X-DISCONTINUITY"
    case .key: "EXT-X-KEY"
    case .map: "EXT-X-MAP"
    case .programDateTime: "EXT-X-PROGRAM-DATE-TIME"
    case .gap: "EXT-X-GAP"
    case .bitrate: "EXT-X-BITRATE"
    case .part: "EXT-X-PART"
    case .dateRange: "EXT-X-DATERANGE"
    case .skip: "EXT-X-SKIP"
    case .preloadHint: "EXT-X-PRELOAD-HINT"
    case .renditionReport: "EXT-X-RENDITION-REPORT"
    case .targetDuration: "EXT-X-TARGETDURATION"
    case .mediaSequence: "EXT-X-MEDIA-SEQUENCE"
    case .discontinuitySequence: "EXT-X-DISCONTINUITY-SEQUENCE"
    case .endList: "EXT-X-ENDLIST"
    case .playlistType: "EXT-X-PLAYLIST-TYPE"
    case .iFramesOnly: "EXT-X-I-FRAMES-ONLY"
    case .partInf: "EXT-X-PART-INF"
    case .serverControl: "EXT-X-SERVER-CONTROL"
    case .media: "EXT-X-MEDIA"
    case .streamInf: "EXT-X-STREAM-INF"
    case .iFrameStreamInf: "EXT-X-I-FRAME-STREAM-INF"
    case .sessionData: "EXT-X-SESSION-DATA"
    case .sessionKey: "EXT-X-SESSION-KEY"
    case .contentSteering: "EXT-X-CONTENT-STEERING"
    case .independentSegments: "EXT-X-INDEPENDENT-SEGMENTS"
    case .start: "EXT-X-START"
    case .define: "EXT-X-DEFINE"
    case .imageStreamInf: "EXT-X-IMAGE-STREAM-INF"
    case .imagesOnly: "EXT-X-IMAGES-ONLY"
    case .tiles: "EXT-X-TILES"
    case .allowCache: "EXT-X-ALLOW-CACHE"
    case .cueOut: "EXT-X-CUE-OUT"
    case .cueOutCont: "EXT-X-CUE-OUT-CONT"
    case .cueIn: "EXT-X-CUE-IN"
    case .cueSpan: "EXT-X-CUE-SPAN"
    case .oatclsScte35: "EXT-OATCLS-SCTE35"
    case .scte35: "EXT-X-SCTE35"
    case .splicePointScte35: "EXT-X-SPLICEPOINT-SCTE35"
    case .cue: "EXT-X-CUE"
    case .cueCont: "EXT-X-CUE-CONT"
    case .asset: "EXT-X-ASSET"
    case .beacon: "EXT-X-BEACON"
    case .placementOpportunity: "EXT-X-PLACEMENT-OPPORTUNITY"
    case .extScte35: "EXT-SCTE35"
    }
  }
}
