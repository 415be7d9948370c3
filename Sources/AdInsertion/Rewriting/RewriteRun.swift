import HLS
import ManifestCore
import SCTE35

/// One rewrite: the edits and issues as the breaks are written, and what every dialect writer
/// needs of the playlist (insert positions, segment start times, dates).
struct RewriteRun {
  let playlist: MediaPlaylist
  let target: AdRewriteTarget
  let options: AdMarkerRewriter.Options
  let segments: SegmentList
  let count: Int
  let isLive: Bool
  /// True when some segment has a program date-time of its own.
  let hasProgramDateTime: Bool
  private(set) var edits: [LineEdit] = []
  private(set) var issues: [AdRewriteIssue] = []
  /// The index in the timeline of the break being written.
  private var currentBreak: Int?
  /// The first removed marker line before each segment, where the new tags for it go.
  private var anchors: [Int: Int] = [:]

  init(_ playlist: MediaPlaylist, target: AdRewriteTarget, options: AdMarkerRewriter.Options) {
    self.playlist = playlist
    self.target = target
    self.options = options
    segments = playlist.segments
    count = segments.count
    isLive = !playlist.endList && playlist.playlistType != .vod
    hasProgramDateTime = playlist.source.lines.contains {
      $0.kind == .tag && $0.tag == .programDateTime
    }
  }

  /// Writes every break of `timeline`.
  mutating func write(_ timeline: AdTimeline) throws(AdRewriteIssue) {
    let breaks = timeline.breaks.enumerated().filter { _, adBreak in
      !(options.keepOriginal && adBreak.signals.contains { target.sharesTags.contains($0.dialect) })
    }
    if !options.keepOriginal { removeMarkers(of: timeline.breaks) }
    if target.needsProgramDateTime, !hasProgramDateTime, !breaks.isEmpty {
      guard let epoch = options.epoch else {
        let adBreak = breaks[0].element
        throw AdRewriteIssue(
          .noProgramDateTime, .error,
          "ad break '\(adBreak.id)' on line \(adBreak.line) cannot be written as "
            + "EXT-X-DATERANGE: the playlist has no EXT-X-PROGRAM-DATE-TIME (give --epoch DATE)",
          at: location(adBreak))
      }
      if count > 0 {
        try insert(at: 0, breaks[0].element) {
          (w: inout PlaylistWriter) throws(PlaylistWriteError) in
          w.write(programDateTime: epoch)
        }
      }
    }
    for (index, adBreak) in breaks {
      currentBreak = index
      if target != .beacon && !adBreak.beacons.isEmpty {
        report(
          .beaconsDropped, adBreak,
          "its \(adBreak.beacons.count) tracking beacon(s) are not written: only the beacon "
            + "dialect carries them")
      }
      switch target {
      case .cueOut, .oatcls: try writeCueOut(adBreak)
      case .dateRange: try writeDateRange(adBreak)
      case .scte35Tag: try writeSCTE35Tag(adBreak)
      case .beacon: try writeBeacon(adBreak, next: timeline.breaks.dropFirst(index + 1).first)
      case .interstitial: try writeInterstitial(adBreak, index: index)
      }
    }
  }

  // MARK: Lines

  /// Removes the tag lines of every signal of `breaks`.
  private mutating func removeMarkers(of breaks: [AdBreak]) {
    let lines = playlist.source.lines
    var removed = Set<Int>()
    for adBreak in breaks {
      for signal in adBreak.signals {
        for marker in signal.markers {
          var index = marker.location.line - 1
          if !lines.indices.contains(index) || lines[index].number != marker.location.line {
            guard let found = lines.firstIndex(where: { $0.number == marker.location.line })
            else { continue }
            index = found
          }
          if removed.insert(index).inserted { edits.append(.remove(line: index)) }
          anchors[marker.segmentIndex] = min(anchors[marker.segmentIndex] ?? index, index)
        }
      }
    }
  }

  /// The line before which tags for segment `index` go: where the first replaced marker of the
  /// segment was, else the segment's first line (before its DISCONTINUITY, date-time and
  /// EXTINF), or after the last segment's URI. Beacons always go first: one that fires at a
  /// break's end must come before the DISCONTINUITY that ends its block.
  private func position(_ index: Int) -> Int {
    if target != .beacon, let anchor = anchors[index] { return anchor }
    if index < count { return segments[index].lines.lowerBound }
    if let last = segments.last { return last.uriLine + 1 }
    return playlist.source.lines.count
  }

  /// Inserts what `body` writes before segment `index`.
  mutating func insert(
    at index: Int, _ adBreak: AdBreak,
    _ body: (inout PlaylistWriter) throws(PlaylistWriteError) -> Void
  ) throws(AdRewriteIssue) {
    do {
      edits += try LineEdit.inserting(before: position(index), body)
    } catch {
      throw AdRewriteIssue(
        .unwritable, .error,
        "ad break '\(adBreak.id)' on line \(adBreak.line) cannot be written: \(error.message)",
        at: location(adBreak))
    }
  }

  /// Inserts a custom tag before segment `index`.
  mutating func insert(_ tag: CustomTag, at index: Int, _ adBreak: AdBreak)
    throws(AdRewriteIssue)
  {
    try insert(at: index, adBreak) { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.write(tag)
    }
  }

  /// A custom tag whose value is an attribute list.
  func tag(_ name: String, _ attributes: [AttributeList.Attribute], _ adBreak: AdBreak)
    throws(AdRewriteIssue) -> CustomTag
  {
    do {
      return try CustomTag(name: name, attributes: AttributeList(attributes))
    } catch {
      throw AdRewriteIssue(
        .unwritable, .error,
        "ad break '\(adBreak.id)' on line \(adBreak.line) cannot be written: \(error.message)",
        at: location(adBreak))
    }
  }

  // MARK: Issues

  mutating func report(_ kind: AdRewriteIssue.Kind, _ adBreak: AdBreak, _ what: String) {
    var issue = AdRewriteIssue(
      kind, .warning,
      "ad break '\(adBreak.id)' on line \(adBreak.line) as \(target.rawValue): \(what)",
      at: location(adBreak))
    issue.breakIndex = currentBreak
    issues.append(issue)
  }

  /// Where the break's first tag is.
  func location(_ adBreak: AdBreak) -> SourceLocation {
    adBreak.signals.first.flatMap { $0.opening ?? $0.firstMarker }?.location ?? .start
  }

  // MARK: Time

  /// The start of segment `index` in seconds (the playlist's duration past the last one).
  func start(_ index: Int) -> ExactDecimal {
    index < count ? segments.startTime(at: max(index, 0)) : playlist.totalDuration
  }

  /// The program date-time of segment `index` (the end of the last one past it), from the
  /// playlist or, when it has none, from `--epoch`.
  /// At least milliseconds are written, so that a break starting within a second of an
  /// epoch written without fraction digits is placed on its own segment.
  func date(_ index: Int) -> DateTime? {
    var date: DateTime
    if !hasProgramDateTime {
      guard let epoch = options.epoch else { return nil }
      date = epoch.adding(seconds: start(index))
    } else {
      guard count > 0 else { return nil }
      let i = min(index, count - 1)
      guard let pdt = segments.programDateTime(at: i) else { return nil }
      date = index < count ? pdt : pdt.adding(seconds: start(count) - start(i))
    }
    date.fractionDigits = max(date.fractionDigits, 3)
    return date
  }

  /// The first segment at or after `first` that starts `offset` seconds or more after it.
  func segment(from first: Int, offset: ExactDecimal) -> Int {
    let limit = start(first) + offset
    var low = first
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if start(mid) < limit { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Seconds as ad-marker tags spell them: at least three fraction digits (`30.000`, as AWS
  /// Elemental writes them), more when the value needs them (exact).
  static func seconds(_ value: ExactDecimal) -> String {
    value.normalized.scale >= 3 ? value.description : value.formatted(fractionDigits: 3)
  }

  /// The declared duration a target writes: the break's, else for a closed break its measured
  /// one, for an open break the length its opening tag declared (a DATERANGE or interstitial
  /// DURATION).
  func declared(_ adBreak: AdBreak) -> ExactDecimal? {
    adBreak.plannedDuration
      ?? (adBreak.open ? adBreak.signals.first?.declaredEnd : adBreak.duration)
  }

  /// How far into the break the window's first segment is, for a break that began before the
  /// window (0 for any other): a continuation's elapsed time on that segment, else the
  /// DATERANGE START-DATE, else the planned duration less what is seen; `nil` when unknown.
  func windowElapsed(_ adBreak: AdBreak) -> ExactDecimal? {
    guard adBreak.startedBeforeWindow else { return .zero }
    for signal in adBreak.signals {
      for marker in signal.continuations where marker.segmentIndex == 0 {
        if let elapsed = marker.elapsedSeconds { return elapsed }
      }
    }
    for signal in adBreak.signals where signal.dialect == .dateRange {
      if let text = (signal.opening ?? signal.closing)?.attribute("START-DATE"),
        let begun = DateTime(text), let first = date(0), begun < first
      {
        return first.seconds(since: begun)
      }
    }
    if let planned = adBreak.plannedDuration, !adBreak.open, planned > adBreak.duration {
      return planned - adBreak.duration
    }
    return nil
  }

  /// The break's SCTE-35 cues.
  func cues(_ adBreak: AdBreak) throws(AdRewriteIssue) -> RewriteCues {
    do {
      return try RewriteCues(
        adBreak, declared: declared(adBreak), command: options.scte35Command)
    } catch {
      throw AdRewriteIssue(
        .unwritable, .error,
        "ad break '\(adBreak.id)' on line \(adBreak.line): its SCTE-35 cue cannot be encoded: "
          + error.message, at: location(adBreak))
    }
  }
}
