import ManifestCore

/// The result of `MultivariantPlaylist.selectVariants(_:)`: a valid multivariant playlist that
/// keeps only the chosen variants and what they use, and what was chosen.
public struct VariantSelection: Sendable, Equatable {
  /// The playlist's bytes: the source with the edits applied, every untouched line as it was.
  public var bytes: [UInt8]
  /// The options the source was parsed with.
  public var options: ParseOptions
  /// The kept EXT-X-STREAM-INF variants, in output order, as they were in the source.
  public var variants: [VariantStream]
  /// The kept EXT-X-I-FRAME-STREAM-INF streams, in output order, as they were in the source.
  public var iFrameVariants: [VariantStream]
  /// The line edits that made `bytes` from the source.
  public var edits: [LineEdit]
  /// The caps in words (`BANDWIDTH <= 300000`) when no variant passing the filters fitted them
  /// and the lowest were kept instead (what players do); `nil` otherwise.
  public var unmetCaps: String?
  /// With `unmetCaps`: the codec family the kept variants were chosen from (`AVC SDR`) when a
  /// lower variant of a less compatible family (HEVC, PQ, …) was passed over; `nil` otherwise.
  public var fallbackFamily: String? = nil

  /// The edited playlist, parsed from `bytes` (on each call). The edits remove or rewrite whole
  /// variant and rendition lines only, so the result is a multivariant playlist whenever the
  /// source was; `nil` otherwise.
  public func playlist() throws(ParseError) -> MultivariantPlaylist? {
    try Playlist.parse(bytes, options: options).multivariant
  }
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
  ///    keep what fits (a cap of 0, `0x0`, is no cap, as AVPlayer's `preferredPeakBitRate` and
  ///    `preferredMaximumResolution` define it); when nothing fits, the lowest matching
  ///    variants of the most compatible codec family are kept (AVC before HEVC before VP9 before
  ///    AV1 before Dolby Vision, SDR before HLG before PQ; then the lowest BANDWIDTH, or with
  ///    only a resolution cap the smallest RESOLUTION, ties kept together) and `unmetCaps` says
  ///    so.
  /// 3. The order is applied (stable), then the count, then the start variant is moved first
  ///    (`VariantFilter.startBandwidth`).
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
    // Indices into `allVariants`, so the (large) stream values are not copied around.
    let all = allVariants
    let variants = all.indices.filter { all[$0].kind == .media }
    guard !variants.isEmpty else {
      throw VariantSelectionError("the playlist has no variant streams (EXT-X-STREAM-INF)")
    }
    let matching = variants.filter { filter.matches(all[$0]) }
    guard !matching.isEmpty else {
      throw VariantSelectionError(
        "no variant matches \(filter.filterDescription); \(ladderSummary(for: filter))")
    }
    var kept = matching.filter { filter.fitsCaps(all[$0]) }
    var unmetCaps: String? = nil
    var fallbackFamily: String? = nil
    if kept.isEmpty {
      let family = matching.map { Self.compatibility(all[$0]) }.min() ?? .init()
      let compatible = matching.filter { Self.compatibility(all[$0]) == family }
      let resolutionOnly = filter.effectiveMaxBandwidth == nil
      kept = lowest(compatible, resolutionOnly: resolutionOnly)
      if Set(lowest(matching, resolutionOnly: resolutionOnly)) != Set(kept) {
        fallbackFamily = family.name
      }
      unmetCaps = filter.capDescription
    }
    kept = ordered(kept, filter.order)
    if let first = filter.first { kept = Array(kept.prefix(max(first, 1))) }
    if let start = filter.startBandwidth { kept = startingWith(start, kept) }
    let keptEntries = kept.map { Set(all[$0].codecList.map(Self.sampleEntry)) }
    let keptIFrames = ordered(
      all.indices.filter { index in
        guard all[index].kind == .iFrame, filter.matches(all[index]), filter.fitsCaps(all[index])
        else { return false }
        let frameEntries = all[index].codecList.map(Self.sampleEntry)
        return zip(kept, keptEntries).contains { variant, entries in
          Self.variant(all[variant], sampleEntries: entries, canUse: all[index], frameEntries)
        }
      }, filter.order)
    let edits =
      slotEdits(kind: .media, kept: kept) + slotEdits(kind: .iFrame, kept: keptIFrames)
      + renditionEdits(kept: kept + keptIFrames, filter: filter)
    return VariantSelection(
      bytes: source.applying(edits), options: source.options, variants: kept.map { all[$0] },
      iFrameVariants: keptIFrames.map { all[$0] }, edits: edits, unmetCaps: unmetCaps,
      fallbackFamily: fallbackFamily)
  }

  /// `kept` with the variant a player starting at `bandwidth` picks moved first: the highest
  /// BANDWIDTH at most `bandwidth` (the first of equals), else the lowest.
  private func startingWith(_ bandwidth: Int, _ kept: [Int]) -> [Int] {
    let all = allVariants
    let fitting = kept.indices.filter { all[kept[$0]].bandwidth <= bandwidth }
    let candidates = fitting.isEmpty ? Array(kept.indices) : fitting
    let pick: (Int, Int) -> Bool =
      fitting.isEmpty
      ? { all[kept[$0]].bandwidth < all[kept[$1]].bandwidth }
      : { all[kept[$0]].bandwidth > all[kept[$1]].bandwidth }
    guard var chosen = candidates.first else { return kept }
    for position in candidates where pick(position, chosen) { chosen = position }
    var ordered = kept
    ordered.insert(ordered.remove(at: chosen), at: 0)
    return ordered
  }

  /// How widely a variant plays: the least compatible of its video codecs (RFC 6381 sample
  /// entries: AVC, HEVC, VP9, AV1, Dolby Vision; a variant without a video codec counts as AVC,
  /// as CODECS-less ladders are) and its VIDEO-RANGE (absent is SDR, §4.4.6.2). Lower is more
  /// compatible.
  struct Compatibility: Comparable {
    var codec = 0
    var range = 0

    static func < (a: Self, b: Self) -> Bool { (a.codec, a.range) < (b.codec, b.range) }

    /// `AVC SDR`, `HEVC PQ`, for messages.
    var name: String {
      ["AVC", "HEVC", "VP9", "AV1", "Dolby Vision"][codec] + " " + ["SDR", "HLG", "PQ"][range]
    }
  }

  static func compatibility(_ variant: VariantStream) -> Compatibility {
    var result = Compatibility()
    for codec in variant.codecList {
      let entry = sampleEntry(codec)
      let rank: Int =
        switch entry {
        case "hvc1", "hev1": 1
        case "vp09": 2
        case "av01": 3
        case "dvh1", "dvhe", "dva1", "dvav": 4
        default: 0
        }
      result.codec = max(result.codec, rank)
    }
    switch variant.videoRange {
    case "HLG": result.range = 1
    case "PQ": result.range = 2
    default: break
    }
    return result
  }

  /// The variants (indices into `allVariants`) on the lowest rung: least BANDWIDTH, or least
  /// RESOLUTION area then BANDWIDTH.
  private func lowest(_ indices: [Int], resolutionOnly: Bool) -> [Int] {
    func key(_ index: Int) -> (Int, Int) {
      let bandwidth = allVariants[index].bandwidth
      return resolutionOnly
        ? (allVariants[index].resolution?.pixelCount ?? 0, bandwidth) : (bandwidth, 0)
    }
    guard let minimum = indices.map(key).min(by: <) else { return [] }
    return indices.filter { key($0) == minimum }
  }

  /// The variants (indices into `allVariants`) in `order`, stable.
  private func ordered(_ indices: [Int], _ order: VariantFilter.Order?) -> [Int] {
    let bandwidth = { (index: Int) in self.allVariants[index].bandwidth }
    switch order {
    case nil: return indices
    case .bandwidthAscending:
      return indices.sorted { (bandwidth($0), $0) < (bandwidth($1), $1) }
    case .bandwidthDescending:
      return indices.sorted { (bandwidth($1), $0) < (bandwidth($0), $1) }
    }
  }

  /// True when `variant` (whose codecs have `sampleEntries`) could switch to the I-frame stream
  /// `frame` (whose codecs have `frameEntries`) for trick play.
  private static func variant(
    _ variant: VariantStream, sampleEntries: Set<String>, canUse frame: VariantStream,
    _ frameEntries: [String]
  ) -> Bool {
    if let group = frame.video, variant.video != group { return false }
    if !frameEntries.allSatisfy(sampleEntries.contains) { return false }
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

  /// Edits that leave the `kept` streams of `kind` (indices into `allVariants`, in output
  /// order) in the places the kept streams held, and remove the others.
  private func slotEdits(kind: VariantStream.Kind, kept: [Int]) -> [LineEdit] {
    let keptSet = Set(kept)
    var edits: [LineEdit] = []
    var slots: [Int] = []
    for index in allVariants.indices where allVariants[index].kind == kind {
      if keptSet.contains(index) {
        slots.append(index)
      } else {
        edits.append(.remove(line: allVariants[index].line))
        if let uriLine = allVariants[index].uriLine { edits.append(.remove(line: uriLine)) }
      }
    }
    for (slotIndex, streamIndex) in zip(slots, kept) where slotIndex != streamIndex {
      let (slot, stream) = (allVariants[slotIndex], allVariants[streamIndex])
      edits.append(.replace(line: slot.line, text: source.text(of: source.lines[stream.line])))
      if let slotURI = slot.uriLine, let streamURI = stream.uriLine {
        edits.append(.replace(line: slotURI, text: source.text(of: source.lines[streamURI])))
      }
    }
    return edits
  }

  /// Removals of the EXT-X-MEDIA tags whose group a stream named and no `kept` stream (indices
  /// into `allVariants`) names, and of those the filter's languages leave out.
  private func renditionEdits(kept: [Int], filter: VariantFilter) -> [LineEdit] {
    func groups(_ indices: some Sequence<Int>) -> Set<String> {
      var names = Set<String>()
      for index in indices {
        if let g = allVariants[index].audio { names.insert("AUDIO\n" + g) }
        if let g = allVariants[index].video { names.insert("VIDEO\n" + g) }
        if let g = allVariants[index].subtitles { names.insert("SUBTITLES\n" + g) }
        if let g = allVariants[index].closedCaptions, g != "NONE" {
          names.insert("CLOSED-CAPTIONS\n" + g)
        }
      }
      return names
    }
    let named = groups(allVariants.indices)
    let stillNamed = groups(kept)
    let matched = filter.groupsMatchingLanguages(renditions)
    return renditions.compactMap { rendition in
      let group = rendition.type + "\n" + rendition.groupID
      let unused = named.contains(group) && !stillNamed.contains(group)
      let hasMatch = matched.contains([rendition.type, rendition.groupID])
      return unused || !filter.keeps(rendition, groupHasMatch: hasMatch)
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
