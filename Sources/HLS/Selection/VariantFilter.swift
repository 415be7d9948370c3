import ManifestCore

/// Which variant streams to keep, as players and packagers choose them: caps (peak bandwidth,
/// maximum resolution), filters (minimum bandwidth, codecs, video range), an order and a count.
/// The rules are those of `MultivariantPlaylist.selectVariants(_:)`.
public struct VariantFilter: Sendable, Hashable {
  /// How to order the kept variants.
  public enum Order: Sendable, Hashable {
    /// Lowest BANDWIDTH first (stable for equal values).
    case bandwidthAscending
    /// Highest BANDWIDTH first (stable for equal values).
    case bandwidthDescending
  }

  /// Cap: keep variants whose BANDWIDTH (peak, §4.4.6.2) is at most this; 0 is no cap (as
  /// AVPlayer's `preferredPeakBitRate` defines it).
  public var maxBandwidth: Int?
  /// Cap: keep variants whose RESOLUTION fits (width and height both at most these); a variant
  /// without RESOLUTION is not capped; `0x0` is no cap (as AVPlayer's
  /// `preferredMaximumResolution` of `.zero` is).
  public var maxResolution: Resolution?
  /// Filter: keep variants whose BANDWIDTH is at least this.
  public var minBandwidth: Int?
  /// Filter: keep variants whose RESOLUTION is at least this (width and height both); a
  /// variant without RESOLUTION (audio-only) is kept, as ExoPlayer's minimum video size keeps
  /// formats of unknown size.
  public var minResolution: Resolution?
  /// Filter: keep variants with a CODECS entry starting with one of these (ASCII case
  /// ignored; `hvc1`, `avc1.64`, `ec-3`); empty keeps all. A variant without CODECS does not
  /// match.
  public var codecPrefixes: [String]
  /// Filter: keep variants with this VIDEO-RANGE (`SDR`, `PQ`, `HLG`); a variant without the
  /// attribute is SDR (§4.4.6.2).
  public var videoRange: String?
  /// The order of the kept variants, or `nil` for playlist order.
  public var order: Order?
  /// Keep only the first this many variants (after ordering).
  public var first: Int?
  /// Renditions: keep the AUDIO, SUBTITLES and CLOSED-CAPTIONS renditions whose LANGUAGE one
  /// of these ranges matches (RFC 4647 basic filtering: `en` keeps `en-US`); a group none of
  /// whose renditions match keeps them all (what a player falls back to). Empty keeps all.
  public var languages: [LanguageRange]
  /// The start variant: after the filters, caps, order and count, the kept variant with the
  /// highest BANDWIDTH at most this (else the lowest) is moved first, the others keeping their
  /// order, since clients start with the first variant listed (RFC 8216bis §6.3.1); the value
  /// is the bandwidth estimate a player starts from.
  public var startBandwidth: Int?

  /// Creates a filter; with no arguments it keeps everything.
  public init(
    maxBandwidth: Int? = nil, maxResolution: Resolution? = nil, minBandwidth: Int? = nil,
    codecPrefixes: [String] = [], videoRange: String? = nil, order: Order? = nil,
    first: Int? = nil, languages: [LanguageRange] = [], minResolution: Resolution? = nil,
    startBandwidth: Int? = nil
  ) {
    self.maxBandwidth = maxBandwidth
    self.maxResolution = maxResolution
    self.minBandwidth = minBandwidth
    self.codecPrefixes = codecPrefixes
    self.videoRange = videoRange
    self.order = order
    self.first = first
    self.languages = languages
    self.minResolution = minResolution
    self.startBandwidth = startBandwidth
  }

  /// True when `languages` keeps `rendition`, one of the renditions of `group` (its TYPE and
  /// GROUP-ID); VIDEO renditions are always kept.
  public func keeps(_ rendition: Rendition, inGroup group: [Rendition]) -> Bool {
    keeps(rendition, groupHasMatch: group.contains(where: matchesLanguage))
  }

  /// `keeps(_:inGroup:)` when it is known whether a rendition of the group matches.
  func keeps(_ rendition: Rendition, groupHasMatch: Bool) -> Bool {
    languages.isEmpty || rendition.type == "VIDEO" || matchesLanguage(rendition)
      || !groupHasMatch
  }

  /// The [TYPE, GROUP-ID] pairs of `renditions` with a rendition `languages` matches.
  func groupsMatchingLanguages(_ renditions: [Rendition]) -> Set<[String]> {
    guard !languages.isEmpty else { return [] }
    return Set(renditions.filter(matchesLanguage).map { [$0.type, $0.groupID] })
  }

  private func matchesLanguage(_ rendition: Rendition) -> Bool {
    languages.contains { $0.matches(rendition.language) }
  }

  /// True when the variant passes the filters (not the caps).
  public func matches(_ variant: VariantStream) -> Bool {
    if let minBandwidth, variant.bandwidth < minBandwidth { return false }
    if let minResolution, let resolution = variant.resolution,
      resolution.width < minResolution.width || resolution.height < minResolution.height
    {
      return false
    }
    if let videoRange, (variant.videoRange ?? "SDR") != videoRange { return false }
    if !codecPrefixes.isEmpty {
      let prefixes = codecPrefixes.map { $0.lowercased() }
      let codecs = variant.codecList.map { $0.lowercased() }
      guard codecs.contains(where: { codec in prefixes.contains { codec.hasPrefix($0) } }) else {
        return false
      }
    }
    return true
  }

  /// The bandwidth cap in force: `maxBandwidth` unless it is 0 (no cap).
  var effectiveMaxBandwidth: Int? { maxBandwidth == 0 ? nil : maxBandwidth }

  /// The resolution cap in force: `maxResolution` unless it is `0x0` (no cap).
  var effectiveMaxResolution: Resolution? {
    maxResolution.flatMap { $0.width == 0 && $0.height == 0 ? nil : $0 }
  }

  /// True when the variant fits the caps.
  public func fitsCaps(_ variant: VariantStream) -> Bool {
    if let maxBandwidth = effectiveMaxBandwidth, variant.bandwidth > maxBandwidth { return false }
    if let maxResolution = effectiveMaxResolution, let resolution = variant.resolution,
      resolution.width > maxResolution.width || resolution.height > maxResolution.height
    {
      return false
    }
    return true
  }

  /// True when there are caps.
  public var hasCaps: Bool { effectiveMaxBandwidth != nil || effectiveMaxResolution != nil }

  /// The filters in words, for messages: `codecs starting with av01 and VIDEO-RANGE=PQ`.
  public var filterDescription: String {
    var parts: [String] = []
    if let minBandwidth { parts.append("BANDWIDTH >= \(minBandwidth)") }
    if let minResolution { parts.append("RESOLUTION >= \(minResolution)") }
    if !codecPrefixes.isEmpty {
      parts.append("codecs starting with " + codecPrefixes.joined(separator: " or "))
    }
    if let videoRange { parts.append("VIDEO-RANGE=\(videoRange)") }
    return parts.joined(separator: " and ")
  }

  /// The caps in words, for messages: `BANDWIDTH <= 500000 and RESOLUTION <= 640x360`.
  public var capDescription: String {
    var parts: [String] = []
    if let maxBandwidth = effectiveMaxBandwidth { parts.append("BANDWIDTH <= \(maxBandwidth)") }
    if let maxResolution = effectiveMaxResolution {
      parts.append("RESOLUTION <= \(maxResolution)")
    }
    return parts.joined(separator: " and ")
  }
}

extension VariantStream {
  /// `BANDWIDTH=… RESOLUTION=… (uri)`, for messages.
  package var summary: String {
    "BANDWIDTH=\(bandwidth)" + (resolution.map { " RESOLUTION=\($0)" } ?? "") + " (\(uri))"
  }
}
