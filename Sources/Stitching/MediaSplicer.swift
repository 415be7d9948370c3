import AdInsertion
import HLS
import ManifestCore

/// Splices pods into one media playlist (docs/stitching.md): finds each break's segments,
/// fits the pod (cut at a segment boundary when longer, completed by slate or the break's own
/// content when shorter), and lays out the output's segments with discontinuities around every
/// ad, the ads' own keys and maps (the writer states the changes and restates the content's
/// after), wall-clock times, the break markers and the beacons.
struct MediaSplicer {
  let content: MediaPlaylist
  /// The content's name in diagnostics.
  let file: String
  let markers: StitchMarkers
  /// Slate segments (URIs named from the output), or `nil`.
  let slate: [Segment]?
  /// Report snaps, fills and cuts (once per ladder: on the first rendition only).
  let reports: Bool
  /// The content's marked breaks when already found (`AdTimeline`), else `nil`.
  var marked: [AdBreak]? = nil
  /// Names the content's URIs from the output.
  let rebase: URIRebaser.Bound

  var diagnostics: [StitchDiagnostic] = []

  init(
    content: MediaPlaylist, file: String, rebase: URIRebaser.Bound, markers: StitchMarkers,
    slate: [Segment]?, reports: Bool
  ) {
    self.content = content
    self.file = file
    self.rebase = rebase
    self.markers = markers
    self.slate = slate
    self.reports = reports
  }

  /// Content segment `i`, its URIs named from the output (only the segments around the breaks
  /// are read as values).
  func segment(_ i: Int) -> Segment { rebase.rewrite(content.segments[i]) }

  /// A break resolved to this rendition's segments.
  struct Span {
    var point: SplicePoint
    /// The content segment the pod goes before.
    var first: Int
    /// The replaced segments (`first..<end`); empty for an insert.
    var end: Int
  }

  private mutating func error(
    _ message: String, _ origin: PlanOrigin, code: StitchDiagnosticCode
  ) {
    diagnostics.append(
      StitchDiagnostic(.error, message, code: code, file: origin.file, at: origin.location))
  }

  mutating func warn(_ message: String, code: StitchDiagnosticCode) {
    guard reports else { return }
    diagnostics.append(StitchDiagnostic(.warning, message, code: code, file: file))
  }

  /// The output playlist as typed values (a live window, trimmed before it is written), or
  /// `nil` after an error.
  mutating func splice(_ points: [SplicePoint], independentAds: Bool) -> MediaPlaylistBuilder? {
    let spans = resolve(points)
    guard !diagnostics.contains(where: { $0.severity == .error }) else { return nil }
    let segments = rebase.rewrite(content.segments)
    let podSegments = points.reduce(0) { $0 + $1.pod.reduce(0) { $0 + $1.segments.count } }
    var layout = Layout(segments: segments, extra: podSegments + (slate?.count ?? 0) * points.count)
    var next = 0
    for span in spans {
      layout.content(next..<span.first)
      place(span, into: &layout)
      next = span.end
    }
    layout.content(next..<segments.count)
    guard checkMaps(layout.out, owners: layout.owners) else { return nil }
    // The content's playlist-wide values; version and target duration recomputed.
    var builder = MediaPlaylistBuilder(
      mediaSequence: content.mediaSequence, discontinuitySequence: content.discontinuitySequence,
      playlistType: content.playlistType, endList: content.endList,
      iFramesOnly: content.iFramesOnly, imagesOnly: content.imagesOnly,
      independentSegments: content.independentSegments && independentAds, start: content.start,
      definitions: content.definitions, serverControl: content.serverControl,
      partInformation: content.partInformation, skip: content.skip,
      pendingParts: content.pendingParts, preloadHints: content.preloadHints,
      renditionReports: content.renditionReports)
    builder.segments = layout.out
    let dropped = droppedMarkerLines(spans)
    let (header, tags) = contentTags(dropped, layout.index)
    builder.headerTags = header
    builder.customTags = Self.ordered(layout.closing, tags, layout.opening)
    builder.dateRanges = content.dateRanges.compactMap { range in
      guard !dropped.contains(range.line) else { return nil }
      var r = range
      r.segmentIndex = layout.index[min(range.segmentIndex, segments.count)]
      return r
    }
    builder.dateRanges += layout.dateRanges
    return builder
  }

  // MARK: Where the breaks go

  mutating func resolve(_ points: [SplicePoint]) -> [Span] {
    let segments = content.segments
    let count = segments.count
    let total = content.totalDuration
    var spans: [Span] = []
    if markers == .dateRange, !points.isEmpty, segments.first?.programDateTime == nil {
      error(
        "--markers daterange needs EXT-X-PROGRAM-DATE-TIME in \(file) (a DATERANGE starts at a "
          + "date)", points[0].origin, code: .noProgramDateTime)
    }
    for point in points {
      switch point.kind {
      case .insert(let at):
        guard at <= total else {
          error(
            "\(point.label) at \(at) s is past the end of \(file) (\(total) s)", point.origin,
            code: .pastEnd)
          continue
        }
        let index = firstSegment(startingAtOrAfter: at)
        let snapped = index < count ? segments.startTime(at: index) : total
        if snapped != at {
          warn(
            "\(point.label): \(at) s snapped to the next segment boundary, \(snapped) s",
            code: .snapped)
        }
        spans.append(Span(point: point, first: index, end: index))
      case .replace(let start, let duration):
        let first = firstSegment(startingAtOrAfter: start)
        guard first < count else {
          error(
            "\(point.label) at \(start) s is past the end of \(file) (\(total) s)",
            point.origin, code: .pastEnd)
          continue
        }
        let length = duration ?? Self.duration(point.pod.flatMap(\.segments))
        let limit = segments.startTime(at: first) + length
        var end = first + 1
        while end < count && segments.startTime(at: end) < limit { end += 1 }
        if segments.startTime(at: first) != start {
          warn(
            "\(point.label): \(start) s snapped to the next segment boundary, "
              + "\(segments.startTime(at: first)) s", code: .snapped)
        }
        spans.append(Span(point: point, first: first, end: end))
      }
    }
    spans.sort { ($0.first, $0.end) < ($1.first, $1.end) }
    for (a, b) in zip(spans, spans.dropFirst()) where b.first < a.end {
      error(
        "\(b.point.label) overlaps \(a.point.label) in \(file)", b.point.origin, code: .overlap)
    }
    return spans
  }

  private func firstSegment(startingAtOrAfter time: ExactDecimal) -> Int {
    var low = 0
    var high = content.segments.count
    while low < high {
      let mid = (low + high) / 2
      if content.segments.startTime(at: mid) < time { low = mid + 1 } else { high = mid }
    }
    return low
  }

  static func duration(_ segments: [Segment]) -> ExactDecimal {
    segments.reduce(ExactDecimal.zero) { $0 + $1.duration }
  }

  // MARK: Laying out a break

  /// Lays out one break: the pod (fitted to a replaced span), slate, and the rest of the
  /// replaced content.
  mutating func place(_ span: Span, into layout: inout Layout) {
    let room: ExactDecimal? =
      span.end > span.first
      ? (span.first..<span.end).reduce(.zero) { $0 + content.segments.duration(at: $1) } : nil
    var clock = wallClock(span)
    layout.startBreak()
    var filled = ExactDecimal.zero
    var cut = false
    for podAd in span.point.pod {
      let full = Self.duration(podAd.segments)
      var kept: [Segment] = []
      for segment in podAd.segments where !cut {
        if let room, filled + Self.duration(kept) + segment.duration > room {
          cut = true
          break
        }
        kept.append(segment)
      }
      if kept.count < podAd.segments.count {
        let length = Self.duration(kept)
        warn(
          kept.isEmpty
            ? "\(span.point.label): ad '\(podAd.ad.id)' (\(full) s) dropped: the break "
              + "(\(room ?? .zero) s) has no room left"
            : "\(span.point.label): ad '\(podAd.ad.id)' cut from \(full) s to \(length) s at a "
              + "segment boundary to fit the break (\(room ?? .zero) s)",
          code: .adCut)
      }
      guard !kept.isEmpty else { continue }
      let beacons = markers == .none ? [] : beaconTags(podAd, kept: kept, full: full, span)
      layout.ad(kept, beacons: beacons, clock: &clock, owner: "ad '\(podAd.ad.id)'")
      filled += Self.duration(kept)
    }
    if let room, filled < room, span.point.closed {
      var slated = ExactDecimal.zero
      if let slate, !slate.isEmpty, Self.duration(slate) > .zero {
        var fill: [Segment] = []
        var i = 0
        while filled + slated + slate[i].duration <= room {
          fill.append(slate[i])
          slated += slate[i].duration
          i = (i + 1) % slate.count
        }
        if !fill.isEmpty { layout.ad(fill, beacons: [], clock: &clock, owner: "the slate") }
      }
      // Rewritten together: the keys and map in force are rewritten once.
      let replaced = rebase.rewrite(content.segments[span.first..<span.end])
      let rest = replaced.filter { $0.startTime - replaced[0].startTime >= filled + slated }
      var fills: [String] = []
      if slated > .zero { fills.append("\(slated) s of slate") }
      if !rest.isEmpty { fills.append("\(Self.duration(rest)) s of the break's content") }
      let left = room - filled - slated - Self.duration(rest)
      if left > .zero { fills.append("\(left) s left out") }
      warn(
        "\(span.point.label): the pod (\(filled) s) is shorter than the break (\(room) s): "
          + fills.joined(separator: ", "), code: .podShort)
      layout.endBreak(marker: breakMarkers(span, layout: layout), resumeWith: rest)
    } else {
      var marker = breakMarkers(span, layout: layout)
      if !span.point.closed { marker.close = [] }
      layout.endBreak(marker: marker, resumeWith: [])
    }
  }

  /// The wall-clock time the break's first ad segment takes: in replace mode that of the
  /// content it replaces, in insert mode the end of the content before it.
  private func wallClock(_ span: Span) -> DateTime? {
    let segments = content.segments
    if span.end > span.first { return segments[span.first].programDateTime }
    if span.first > 0 {
      let before = segments[span.first - 1]
      return before.programDateTime?.adding(seconds: before.duration)
    }
    guard let first = segments.first?.programDateTime else { return nil }
    return first.adding(seconds: -Self.duration(span.point.pod.flatMap(\.segments)))
  }

  /// The marker tags of a break laid out from `layout.breakStart` to the end of `layout.out`.
  private func breakMarkers(_ span: Span, layout: Layout) -> (
    open: [CustomTag], close: [CustomTag], range: DateRange?
  ) {
    let length = Self.duration(Array(layout.out[layout.breakStart...]))
    switch markers {
    case .cueOut:
      return (
        [CustomTag(name: "EXT-X-CUE-OUT", value: length.description)],
        [CustomTag(name: "EXT-X-CUE-IN")], nil
      )
    case .scte35Tag, .dateRange:
      let number = UInt32(truncatingIfNeeded: span.first + 1)
      guard let out = SpliceCue.out(eventID: number, seconds: length),
        let back = SpliceCue.in(eventID: number)
      else { return ([], [], nil) }
      if markers == .dateRange {
        let range = DateRange(
          id: "stitch-\(number)", startDate: layout.out[layout.breakStart].programDateTime,
          duration: length, scte35Out: out.hex)
        return ([], [], range)
      }
      return (
        [
          CustomTag(
            name: "EXT-X-SCTE35",
            value: "CUE=\"\(out.base64)\",CUE-OUT=YES,ID=\"stitch-\(number)\",DURATION=\(length)")
        ],
        [CustomTag(name: "EXT-X-SCTE35", value: "CUE=\"\(back.base64)\",CUE-IN=YES")], nil
      )
    case .beacon, .none:
      return ([], [], nil)
    }
  }
}
