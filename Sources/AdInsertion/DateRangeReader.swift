import HLS
import ManifestCore

/// Reads SCTE-35 DATERANGE pairs (RFC 8216bis §4.4.5.1, §4.4.5.1.4): an EXT-X-DATERANGE with
/// SCTE35-OUT opens a break, a later one with the same ID and SCTE35-IN closes it, and a later
/// one with the same ID and an END-DATE or DURATION (with or without SCTE35-IN) says when it
/// ends. START-DATE is placed on the timeline through EXT-X-PROGRAM-DATE-TIME: the break starts
/// at the segment whose date range holds it. The break ends at its END-DATE (or START-DATE +
/// DURATION) or before the SCTE35-IN tag's segment, whichever comes first, as MediaTailor
/// takes the earliest cue-in. SCTE35-CMD alone, DATERANGEs without SCTE-35 (interstitials,
/// program metadata) and SCTE-35 time_signals that mark only program or chapter boundaries
/// (`SpliceInfoSection.marksContentBoundaryOnly`) are not ad breaks; an advertisement signalled
/// inside an open break (`enclosingBreak`) is part of that break.
struct DateRangeReader {
  private let input: TimelineInput
  private var signals: [AdSignal] = []
  private var issues: [AdMarkerIssue] = []
  private var byId: [String: Int] = [:]
  private var startDates: [Int: DateTime] = [:]
  /// IDs of advertisements read as part of an enclosing break, with that break's index.
  private var absorbed: [String: Int] = [:]
  /// The spans of the breaks that may enclose an advertisement, for `enclosingBreak`.
  private var spans = BreakSpanIndex()

  /// Provider and Distributor Advertisement Start (SCTE 35 Table 23): one ad within a break.
  private static let advertisementStartTypes: Set<UInt8> = [0x30, 0x32]

  init(input: TimelineInput) { self.input = input }

  /// Reads every DATERANGE of the playlist; returns the signals and issues.
  mutating func read() -> (signals: [AdSignal], issues: [AdMarkerIssue]) {
    let lines = input.playlist.source.lines
    for range in input.playlist.dateRanges where range.line < lines.count {
      read(range, lines[range.line])
    }
    for index in signals.indices { resolveEnd(index) }
    return (signals, issues)
  }

  private mutating func read(_ range: DateRange, _ line: PlaylistLine) {
    let known = byId[range.id]
    let isOut = range.scte35Out != nil
    let isIn = range.scte35In != nil
    guard isOut || isIn || known != nil else { return }
    let attributes = range.attributes.attributes.map {
      MarkerAttribute(name: $0.name, value: $0.value)
    }
    let marker = input.marker(
      line, .dateRange, isOut ? .out : isIn ? .in : .data, id: range.id,
      declaredDuration: range.attributes["PLANNED-DURATION"],
      payload: range.scte35Out ?? range.scte35In, attributes: attributes)
    // A program or chapter boundary signalled the same way is not an ad break.
    if known == nil, marker.scte35?.section?.marksContentBoundaryOnly == true { return }
    issues += PayloadCheck.issues(marker)
    if let text = marker.declaredDuration, MarkerNumber.seconds(text) == nil {
      issues.append(
        AdMarkerIssue(
          .malformedDuration, .warning,
          "EXT-X-DATERANGE PLANNED-DURATION '\(text)' is not a decimal number of seconds",
          at: line.location))
    }
    if let container = absorbed[range.id] {
      signals[container].extras.append(marker)
      return
    }
    if let index = known {
      update(index, range, marker)
      refreshSpan(index)
      return
    }
    guard let startDate = range.startDate else {
      issues.append(
        AdMarkerIssue(
          isIn ? .unpairedDateRange : .malformedTag, .warning,
          isIn
            ? "EXT-X-DATERANGE ID '\(range.id)' has SCTE35-IN but no SCTE35-OUT and no START-DATE"
            : "EXT-X-DATERANGE ID '\(range.id)' with SCTE35-OUT has no START-DATE",
          at: line.location))
      return
    }
    var start = line.segmentIndex
    var before = false
    if let placed = input.segment(at: startDate) {
      start = placed.index
      before = placed.before
    } else {
      issues.append(
        AdMarkerIssue(
          .dateRangeWithoutProgramDateTime, .warning,
          "EXT-X-DATERANGE ID '\(range.id)' is placed at its tag: the playlist has no "
            + "EXT-X-PROGRAM-DATE-TIME to place its START-DATE", at: line.location))
    }
    if isOut, let container = enclosingBreak(of: marker, at: startDate) {
      absorbed[range.id] = container
      signals[container].extras.append(marker)
      return
    }
    var signal = AdSignal(
      dialect: .dateRange, id: range.id, opening: isOut ? marker : nil, startSegment: start,
      startedBeforeWindow: before, declaredDuration: marker.declaredDuration,
      declaredEnd: range.length(from: startDate),
      scte35: marker.scte35?.section != nil ? marker.scte35 : nil)
    if !isOut {
      signal.closing = marker
      if !(input.isLive && before) {
        issues.append(
          AdMarkerIssue(
            .unpairedDateRange, .warning,
            "EXT-X-DATERANGE ID '\(range.id)' has SCTE35-IN but no EXT-X-DATERANGE with that ID "
              + "has SCTE35-OUT", at: line.location))
      }
    }
    byId[range.id] = signals.count
    startDates[signals.count] = startDate
    signals.append(signal)
    refreshSpan(signals.count - 1)
  }

  /// A later DATERANGE with a known ID: the closing SCTE35-IN, an END-DATE/DURATION update, or
  /// a repeat.
  private mutating func update(_ index: Int, _ range: DateRange, _ marker: AdMarker) {
    if let first = startDates[index], let date = range.startDate, date != first {
      issues.append(
        AdMarkerIssue(
          .conflictingDateRange, .warning,
          "EXT-X-DATERANGE ID '\(range.id)' on line \(marker.line) has START-DATE \(date), not "
            + "\(first) as before", at: marker.location))
    }
    if signals[index].declaredEnd == nil, let first = startDates[index] {
      signals[index].declaredEnd = range.length(from: first)
    }
    if marker.role == .in && signals[index].closing == nil {
      signals[index].closing = marker
    } else if marker.role == .out && signals[index].opening == nil {
      signals[index].opening = marker
    } else {
      signals[index].extras.append(marker)
    }
    if signals[index].scte35 == nil, marker.role == .out, marker.scte35?.section != nil {
      signals[index].scte35 = marker.scte35
    }
  }

  /// The break an advertisement starting at `date` belongs to: the last break (or placement
  /// opportunity) not yet closed that started at or before `date` and, when its length is
  /// declared, has not ended by then. Packagers signal each ad of a pod (0x30/0x32) inside the
  /// Break Start (0x22) that holds it; the pod is one break.
  private func enclosingBreak(of marker: AdMarker, at date: DateTime) -> Int? {
    guard let type = marker.scte35?.section?.adBreakStartDescriptor?.segmentationTypeId,
      Self.advertisementStartTypes.contains(type)
    else { return nil }
    return spans.last(holding: date) { index in
      let signal = signals[index]
      guard signal.closing == nil, let start = startDates[index], start <= date,
        let outer = signal.scte35?.section?.adBreakStartDescriptor?.segmentationTypeId,
        !Self.advertisementStartTypes.contains(outer)
      else { return false }
      guard let length = signal.declaredEnd ?? signal.declaredSeconds else { return true }
      return date < start.adding(seconds: length)
    }
  }

  /// Gives signal `index` the span in which `enclosingBreak` may find it: from its start to its
  /// declared end, while it is open and is a break start that is not an advertisement.
  private mutating func refreshSpan(_ index: Int) {
    let signal = signals[index]
    guard signal.closing == nil, let start = startDates[index],
      let outer = signal.scte35?.section?.adBreakStartDescriptor?.segmentationTypeId,
      !Self.advertisementStartTypes.contains(outer)
    else { return spans.clear(index) }
    let length = signal.declaredEnd ?? signal.declaredSeconds
    spans.set(index, start: start, end: length.map { start.adding(seconds: $0) })
  }

  /// Sets the last segment: the one before the first segment at or after the end date, or
  /// before the SCTE35-IN tag's segment, whichever is earlier; open when neither is known.
  private mutating func resolveEnd(_ index: Int) {
    var signal = signals[index]
    let count = input.segmentCount
    var last: Int? = nil
    if let length = signal.declaredEnd, let startDate = startDates[index] {
      if input.hasProgramDateTime {
        let after = input.firstSegment(atOrAfter: startDate.adding(seconds: length))
        last = after - 1
        if after == count, input.start(count) - input.start(signal.startSegment) < length {
          signal.open = input.isLive  // it ends after the last segment
        }
      } else if let byLength = input.lastSegment(from: signal.startSegment, within: length) {
        last = byLength
        if input.start(byLength + 1) - input.start(signal.startSegment) < length {
          signal.open = input.isLive
        }
      }
    }
    if let closing = signal.closing {
      last = min(last ?? closing.segmentIndex - 1, closing.segmentIndex - 1)
      signal.open = false
    }
    if last == nil {
      last = count - 1
      signal.open = true
      if !input.isLive, let opening = signal.opening {
        issues.append(
          AdMarkerIssue(
            .unterminatedBreak, .warning,
            "EXT-X-DATERANGE ID '\(signal.id ?? "")' on line \(opening.line) opens an ad break "
              + "that no SCTE35-IN, END-DATE or DURATION ends", at: opening.location))
      }
    }
    if let last, last >= signal.startSegment {
      signal.endSegment = min(last, count - 1)
    } else {
      signal.endSegment = nil
    }
    signals[index] = signal
  }
}
