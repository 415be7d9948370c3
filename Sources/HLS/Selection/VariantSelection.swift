import ManifestCore

/// The result of `MultivariantPlaylist.selectVariants(_:)`: a valid multivariant playlist that
/// keeps only the chosen variants and what they use, and what was chosen.
public struct VariantSelection: Sendable, Equatable {
  /// The edited playlist (parsed again from `bytes`).
  public var playlist: MultivariantPlaylist
  /// The playlist's bytes: the source with the edits applied, every untouched line as it was.
  public var bytes: [UInt8]
  /// The kept EXT-X-STREAM-INF variants, in output order, as they were in the source.
  public var variants: [VariantStream]
  /// The kept EXT-X-I-FRAME-STREAM-INF streams, in output order, as they were in the source.
  public var iFrameVariants: [VariantStream]
  /// The line edits that made `bytes` from the source.
  public var edits: [LineEdit]
  /// The caps in words (`BANDWIDTH <= 300000`) when no variant passing the filters fitted them
  /// and the lowest were kept instead (what players do); `nil` otherwise.
  public var unmetCaps: String?
}

/// Why a selection would leave no variant.
public struct VariantSelectionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One line for a human, naming the filters and what the ladder has.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

extension MultivariantPlaylist {
  /// Keeps the variant streams `filter` chooses, as players apply such settings:
  ///
  /// 1. Filters (minimum bandwidth, codecs, video range) keep what matches; when nothing does,
  ///    the selection fails (`VariantSelectionError`), never an empty playlist.
  /// 2. Caps (peak BANDWIDTH, RESOLUTION; a variant without RESOLUTION is not capped by it)
  ///    keep what fits; when nothing fits, the lowest matching variants are kept (the lowest
  ///    BANDWIDTH, or with only a resolution cap the smallest RESOLUTION, ties kept together)
  ///    and `unmetCaps` says so.
  /// 3. The order is applied (stable), then the count.
  ///
  /// I-frame streams (§4.4.6.3) obey the same filters and caps and stay only while a kept
  /// variant could use them: the same VIDEO group when they name one, their video sample
  /// entries (`avc1`, `hvc1`, …) among the variant's, and a resolution no larger than the
  /// variant's. EXT-X-MEDIA renditions stay while a kept variant or I-frame stream names their
  /// group (renditions no variant named before are left alone). Everything else (comments,
  /// unknown tags, session data and keys, image streams, content steering) is kept in place;
  /// with an order, the kept variants' tag and URI lines are rewritten into the places of the
  /// kept ones, comments staying where they were.
  public func selectVariants(_ filter: VariantFilter) throws(VariantSelectionError)
    -> VariantSelection
  {
    guard !variants.isEmpty else {
      throw VariantSelectionError("the playlist has no variant streams (EXT-X-STREAM-INF)")
    }
    let matching = variants.filter(filter.matches)
    guard !matching.isEmpty else {
      throw VariantSelectionError(
        "no variant matches \(filter.filterDescription); \(ladderSummary(for: filter))")
    }
    var kept = matching.filter(filter.fitsCaps)
    var unmetCaps: String? = nil
    if kept.isEmpty {
      kept = Self.lowest(matching, resolutionOnly: filter.maxBandwidth == nil)
      unmetCaps = filter.capDescription
    }
    kept = Self.ordered(kept, filter.order)
    if let first = filter.first { kept = Array(kept.prefix(max(first, 1))) }
    let keptIFrames = Self.ordered(
      iFrameVariants.filter { frame in
        filter.matches(frame) && filter.fitsCaps(frame)
          && kept.contains { Self.variant($0, canUse: frame) }
      }, filter.order)
    let edits =
      slotEdits(original: variants, kept: kept)
      + slotEdits(original: iFrameVariants, kept: keptIFrames)
      + renditionEdits(keptVariants: kept, keptIFrames: keptIFrames)
    let bytes = source.applying(edits)
    let reparsed: Playlist
    do {
      reparsed = try Playlist.parse(bytes, options: source.options)
    } catch {
      throw VariantSelectionError("the edited playlist does not parse: \(error.message)")
    }
    guard case .multivariant(let playlist) = reparsed else {
      throw VariantSelectionError("the edited playlist is no longer a multivariant playlist")
    }
    return VariantSelection(
      playlist: playlist, bytes: bytes, variants: kept, iFrameVariants: keptIFrames,
      edits: edits, unmetCaps: unmetCaps)
  }

  /// The variants on the lowest rung: least BANDWIDTH, or least RESOLUTION area then BANDWIDTH.
  private static func lowest(_ variants: [VariantStream], resolutionOnly: Bool) -> [VariantStream] {
    func key(_ v: VariantStream) -> (Int, Int) {
      resolutionOnly ? (v.resolution?.pixelCount ?? 0, v.bandwidth) : (v.bandwidth, 0)
    }
    guard let minimum = variants.map(key).min(by: <) else { return [] }
    return variants.filter { key($0) == minimum }
  }

  private static func ordered(_ variants: [VariantStream], _ order: VariantFilter.Order?)
    -> [VariantStream]
  {
    let indexed = variants.enumerated().map { ($0.offset, $0.element) }
    switch order {
    case nil: return variants
    case .bandwidthAscending:
      return indexed.sorted { ($0.1.bandwidth, $0.0) < ($1.1.bandwidth, $1.0) }.map(\.1)
    case .bandwidthDescending:
      return indexed.sorted { ($1.1.bandwidth, $0.0) < ($0.1.bandwidth, $1.0) }.map(\.1)
    }
  }

  /// True when `variant` could switch to the I-frame stream `frame` for trick play.
  private static func variant(_ variant: VariantStream, canUse frame: VariantStream) -> Bool {
    if let group = frame.video, variant.video != group { return false }
    let entries = Set(variant.codecList.map(sampleEntry))
    if !frame.codecList.allSatisfy({ entries.contains(sampleEntry($0)) }) { return false }
    if let size = frame.resolution, let limit = variant.resolution,
      size.width > limit.width || size.height > limit.height
    {
      return false
    }
    return true
  }

  /// The sample entry of an RFC 6381 codec string: `avc1` of `avc1.640028`.
  private static func sampleEntry(_ codec: String) -> String {
    String(codec.prefix { $0 != "." }).lowercased()
  }

  /// Edits that leave `kept` (a subset of `original`, in output order) in the places the kept
  /// streams held, and remove the others.
  private func slotEdits(original: [VariantStream], kept: [VariantStream]) -> [LineEdit] {
    let keptLines = Set(kept.map(\.line))
    var edits: [LineEdit] = []
    var slots: [VariantStream] = []
    for stream in original {
      if keptLines.contains(stream.line) {
        slots.append(stream)
      } else {
        edits.append(.remove(line: stream.line))
        if let uriLine = stream.uriLine { edits.append(.remove(line: uriLine)) }
      }
    }
    for (slot, stream) in zip(slots, kept) where slot.line != stream.line {
      edits.append(.replace(line: slot.line, text: source.text(of: source.lines[stream.line])))
      if let slotURI = slot.uriLine, let streamURI = stream.uriLine {
        edits.append(.replace(line: slotURI, text: source.text(of: source.lines[streamURI])))
      }
    }
    return edits
  }

  /// Removals of the EXT-X-MEDIA tags whose group a variant named and no kept stream names.
  private func renditionEdits(keptVariants: [VariantStream], keptIFrames: [VariantStream])
    -> [LineEdit]
  {
    func groups(_ streams: [VariantStream]) -> Set<String> {
      var names = Set<String>()
      for s in streams {
        if let g = s.audio { names.insert("AUDIO\n" + g) }
        if let g = s.video { names.insert("VIDEO\n" + g) }
        if let g = s.subtitles { names.insert("SUBTITLES\n" + g) }
        if let g = s.closedCaptions, g != "NONE" { names.insert("CLOSED-CAPTIONS\n" + g) }
      }
      return names
    }
    let named = groups(allVariants)
    let stillNamed = groups(keptVariants + keptIFrames)
    return renditions.compactMap { rendition in
      let group = rendition.type + "\n" + rendition.groupID
      return named.contains(group) && !stillNamed.contains(group)
        ? .remove(line: rendition.line) : nil
    }
  }

  /// What the variants offer, for the message when no variant matches the filters.
  private func ladderSummary(for filter: VariantFilter) -> String {
    var parts: [String] = []
    if filter.minBandwidth != nil {
      parts.append("the highest BANDWIDTH is \(variants.map(\.bandwidth).max() ?? 0)")
    }
    if !filter.codecPrefixes.isEmpty {
      var codecs: [String] = []
      for codec in variants.flatMap(\.codecList) where !codecs.contains(codec) {
        codecs.append(codec)
      }
      parts.append(
        codecs.isEmpty
          ? "no variant declares CODECS" : "the variants have " + codecs.joined(separator: ", "))
    }
    if filter.videoRange != nil {
      var ranges: [String] = []
      for range in variants.map({ $0.videoRange ?? "SDR" }) where !ranges.contains(range) {
        ranges.append(range)
      }
      parts.append("VIDEO-RANGE " + ranges.joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }
}
