import HLS
import ManifestCore

/// Reads HLS Interstitials (EXT-X-DATERANGE with `CLASS="com.apple.hls.interstitial"`,
/// RFC 8216bis Appendix D) as breaks of dialect `interstitial`. The break starts at the segment
/// whose program date-time range holds START-DATE, with X-SNAP=OUT at the boundary nearest it
/// (CUE=PRE: the first segment; CUE=POST, played after the primary asset ends: after the last).
/// It covers the primary content it replaces: X-RESUME-OFFSET seconds, or, when that is absent
/// (the spec's default, the interstitial's duration), DURATION, END-DATE − START-DATE or
/// PLANNED-DURATION; with X-SNAP=IN up to the boundary nearest the resume point. An interstitial with X-RESUME-OFFSET=0 is inserted: it
/// covers no segment and its duration is what it plays. A later tag with the same ID adds
/// attributes to the first.
struct InterstitialReader {
  private let input: TimelineInput
  private var signals: [AdSignal] = []
  private var issues: [AdMarkerIssue] = []
  private var byId: [String: Int] = [:]
  private var startDates: [Int: DateTime] = [:]

  init(input: TimelineInput) { self.input = input }

  /// Reads every interstitial of the playlist; returns the signals and issues.
  mutating func read() -> (signals: [AdSignal], issues: [AdMarkerIssue]) {
    let lines = input.playlist.source.lines
    for range in input.playlist.dateRanges where range.line < lines.count {
      if range.isInterstitial || (byId[range.id] != nil && range.classIdentifier == nil) {
        read(range, lines[range.line])
      }
    }
    for index in signals.indices { resolveEnd(index) }
    return (signals, issues)
  }

  private mutating func read(_ range: DateRange, _ line: PlaylistLine) {
    let attributes = range.attributes.attributes.map {
      MarkerAttribute(name: $0.name, value: $0.value)
    }
    let interstitial = Interstitial(range)
    if let index = byId[range.id] {
      let marker = input.marker(
        line, .interstitial, .data, id: range.id,
        declaredDuration: range.attributes["PLANNED-DURATION"], attributes: attributes)
      signals[index].extras.append(marker)
      signals[index].interstitial?.adding(interstitial)
      if signals[index].declaredDuration == nil {
        signals[index].declaredDuration = marker.declaredDuration
      }
      if signals[index].declaredEnd == nil, let start = startDates[index] {
        signals[index].declaredEnd = range.length(from: start)
      }
      return
    }
    let marker = input.marker(
      line, .interstitial, .out, id: range.id,
      declaredDuration: range.attributes["PLANNED-DURATION"], attributes: attributes)
    if let text = marker.declaredDuration, MarkerNumber.seconds(text) == nil {
      issues.append(
        AdMarkerIssue(
          .malformedDuration, .warning,
          "EXT-X-DATERANGE PLANNED-DURATION '\(text)' is not a decimal number of seconds",
          at: line.location))
    }
    var start = line.segmentIndex
    var before = false
    if interstitial.isPreRoll {
      start = 0
    } else if interstitial.isPostRoll {
      start = input.segmentCount
    } else if let startDate = range.startDate {
      if let placed = input.segment(at: startDate) {
        start = placed.index
        before = placed.before
        if interstitial.snap.contains("OUT"), !before { start = nearestBoundary(start, startDate) }
      } else {
        issues.append(
          AdMarkerIssue(
            .dateRangeWithoutProgramDateTime, .warning,
            "interstitial EXT-X-DATERANGE ID '\(range.id)' is placed at its tag: the playlist has "
              + "no EXT-X-PROGRAM-DATE-TIME to place its START-DATE", at: line.location))
      }
    } else {
      issues.append(
        AdMarkerIssue(
          .malformedTag, .warning,
          "interstitial EXT-X-DATERANGE ID '\(range.id)' has no START-DATE; it is placed at its "
            + "tag", at: line.location))
    }
    let index = signals.count
    byId[range.id] = index
    if let startDate = range.startDate { startDates[index] = startDate }
    signals.append(
      AdSignal(
        dialect: .interstitial, id: range.id, opening: marker, startSegment: start,
        startedBeforeWindow: before, declaredDuration: marker.declaredDuration,
        declaredEnd: range.startDate.flatMap { range.length(from: $0) }
          ?? range.duration, interstitial: interstitial))
  }

  /// X-SNAP=OUT: the segment boundary nearest `date` (in the segment `index` holds), where the
  /// player leaves primary content (Apple's HLS Interstitials, X-SNAP); `index` or the next.
  private func nearestBoundary(_ index: Int, _ date: DateTime) -> Int {
    guard index < input.segmentCount, let pdt = input.programDateTime(index) else { return index }
    let into = date.seconds(since: pdt)
    let length = input.start(index + 1) - input.start(index)
    return into + into > length ? index + 1 : index
  }

  /// Sets the segments the interstitial replaces: none when it is inserted or a post-roll, else
  /// those starting within its resume offset (or its length) from its start.
  private mutating func resolveEnd(_ index: Int) {
    var signal = signals[index]
    let interstitial = signal.interstitial ?? Interstitial()
    let count = input.segmentCount
    let span =
      interstitial.isInserted || interstitial.isPostRoll
      ? nil
      : interstitial.resumeOffset ?? signal.declaredEnd ?? signal.declaredSeconds
    signal.endSegment = nil
    if let span, span > .zero, signal.startSegment < count,
      var last = input.lastSegment(from: signal.startSegment, within: span)
    {
      // X-SNAP=IN: primary playback resumes at the boundary nearest the resume point.
      let resume = input.start(signal.startSegment) + span
      if interstitial.snap.contains("IN"),
        resume - input.start(last) < input.start(last + 1) - resume
      {
        last -= 1
      }
      guard last >= signal.startSegment else {
        signals[index] = signal
        return
      }
      signal.endSegment = last
      if input.isLive, input.start(count) - input.start(signal.startSegment) < span {
        signal.open = true  // the content it replaces runs on past the last segment
      }
    }
    signals[index] = signal
  }
}
