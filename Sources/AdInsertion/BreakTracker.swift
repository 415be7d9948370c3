import ManifestCore

/// The open/continue/close state machine every OUT/IN dialect shares: it turns role-tagged
/// markers, in source order, into signals, and reports pairing problems (orphan IN or CONT,
/// nested OUT, unterminated break) instead of hiding them.
///
/// A closing or continuation tag with no open break is read as the tail of a break that began
/// before the playlist's window when the playlist is live and no break of the dialect was seen
/// yet; that is allowed silently for a tag on the first segment. Anywhere else it is an issue,
/// and a continuation still starts a break at its segment (its segments are marked as an ad).
struct BreakTracker {
  let input: TimelineInput
  let dialect: AdMarkerDialect
  /// Ends a break on its own: `.declaredDuration` once its declared seconds have elapsed,
  /// `.lastContinuation` after the last segment with a continuation tag (Adobe EXT-X-CUE).
  var autoClose: AutoClose = .none
  private(set) var signals: [AdSignal] = []
  private(set) var issues: [AdMarkerIssue] = []
  private var current: AdSignal?
  private var lastContinuationSegment = -1

  enum AutoClose {
    case none
    case declaredDurationOrLastContinuation
  }

  init(input: TimelineInput, dialect: AdMarkerDialect) {
    self.input = input
    self.dialect = dialect
  }

  /// The break open now, if any.
  var openSignal: AdSignal? { current }

  /// Feeds one marker.
  mutating func handle(_ marker: AdMarker) {
    closeIfElapsed(before: marker.segmentIndex, role: marker.role)
    switch marker.role {
    case .out: open(marker)
    case .cont: continueBreak(marker)
    case .in: close(marker)
    case .data, .beacon: attach(marker)
    }
  }

  /// Records a break that covers no segment (an insertion point such as Adobe's SpliceInsert
  /// without a duration), ending the open one first.
  mutating func point(_ marker: AdMarker) {
    closeIfElapsed(before: marker.segmentIndex, role: .out)
    open(marker)
    end(at: marker.segmentIndex, closing: nil)
  }

  /// Adds `marker` to the open break's extras; returns false when none is open.
  @discardableResult
  mutating func attach(_ marker: AdMarker) -> Bool {
    guard current != nil else { return false }
    current?.extras.append(marker)
    if current?.scte35 == nil, let payload = marker.scte35, payload.section != nil {
      current?.scte35 = payload
    }
    return true
  }

  /// Adds `marker` as an extra of the last break closed at `segment`; false when there is none.
  mutating func attachToClosed(_ marker: AdMarker, at segment: Int) -> Bool {
    guard current == nil, let last = signals.indices.last,
      signals[last].closing?.segmentIndex == segment
    else { return false }
    signals[last].extras.append(marker)
    return true
  }

  /// Marks the open break with a different dialect (a CUE-OUT carrying EXT-OATCLS-SCTE35).
  mutating func setDialect(_ dialect: AdMarkerDialect) { current?.dialect = dialect }

  /// Ends the open break at the end of the playlist.
  mutating func finish() {
    closeIfElapsed(before: input.segmentCount, role: nil)
    guard var signal = current else { return }
    current = nil
    let last = input.segmentCount - 1
    signal.endSegment = last >= signal.startSegment ? last : nil
    signal.open = true
    if !input.isLive, let opening = signal.opening {
      issues.append(
        AdMarkerIssue(
          .unterminatedBreak, .warning,
          "\(opening.tag) on line \(opening.line) opens an ad break that nothing closes before "
            + "the end of the playlist", at: opening.location))
    }
    signals.append(signal)
  }

  private mutating func open(_ marker: AdMarker) {
    if let previous = current, let opening = previous.opening ?? previous.firstMarker {
      issues.append(
        AdMarkerIssue(
          .nestedOut, .warning,
          "\(marker.tag) on line \(marker.line) opens an ad break while the one opened on line "
            + "\(opening.line) is still open; that break is ended before it",
          at: marker.location))
      end(at: marker.segmentIndex, closing: nil)
    }
    current = AdSignal(
      dialect: dialect, id: marker.id, opening: marker, startSegment: marker.segmentIndex,
      declaredDuration: marker.declaredDuration,
      scte35: marker.scte35?.section != nil ? marker.scte35 : nil)
    lastContinuationSegment = -1
    checkDuration(marker, "duration")
  }

  private mutating func continueBreak(_ marker: AdMarker) {
    checkDuration(marker, "duration")
    if let elapsed = marker.elapsed, MarkerNumber.seconds(elapsed) == nil {
      issues.append(
        AdMarkerIssue(
          .malformedDuration, .warning,
          "\(marker.tag) elapsed time '\(elapsed)' is not a decimal number of seconds",
          at: marker.location))
    }
    if current == nil {
      let windowStart = input.isLive && signals.isEmpty
      if !(windowStart && marker.segmentIndex == 0) {
        issues.append(
          AdMarkerIssue(
            .orphanCont, .warning,
            "\(marker.tag) on line \(marker.line) continues an ad break that was never opened",
            at: marker.location))
      }
      current = AdSignal(
        dialect: dialect, id: marker.id, startSegment: marker.segmentIndex,
        startedBeforeWindow: windowStart && marker.segmentIndex == 0,
        declaredDuration: marker.declaredDuration)
      lastContinuationSegment = -1
    }
    current?.continuations.append(marker)
    if current?.id == nil { current?.id = marker.id }
    if current?.declaredDuration == nil { current?.declaredDuration = marker.declaredDuration }
    if current?.scte35 == nil, let payload = marker.scte35, payload.section != nil {
      current?.scte35 = payload
    }
    lastContinuationSegment = marker.segmentIndex
  }

  private mutating func close(_ marker: AdMarker) {
    guard current != nil else {
      let segment = marker.segmentIndex
      if input.isLive && signals.isEmpty {
        // The break began before the window; its tail is segments 0..<segment.
        if segment > 0 {
          signals.append(
            AdSignal(
              dialect: dialect, id: marker.id, closing: marker, startSegment: 0,
              endSegment: segment - 1, startedBeforeWindow: true))
        }
        return
      }
      issues.append(
        AdMarkerIssue(
          .orphanIn, .warning,
          "\(marker.tag) on line \(marker.line) closes no open ad break", at: marker.location))
      return
    }
    end(at: marker.segmentIndex, closing: marker)
  }

  /// Closes the open break so that its last segment is the one before `segment`.
  private mutating func end(at segment: Int, closing: AdMarker?) {
    guard var signal = current else { return }
    current = nil
    signal.closing = closing
    signal.endSegment = segment - 1 >= signal.startSegment ? segment - 1 : nil
    signals.append(signal)
  }

  /// For self-ending dialects: closes the open break when it ended before a tag with `role` on
  /// `segment` (`role` is `nil` at the end of the playlist). A break with a declared duration
  /// ends once that many seconds of segments have passed (later continuation tags extend it);
  /// one without ends after its last continuation tag.
  private mutating func closeIfElapsed(before segment: Int, role: AdMarker.Role?) {
    guard case .declaredDurationOrLastContinuation = autoClose, let signal = current else { return }
    let start = signal.startSegment
    var last = max(start, lastContinuationSegment)
    if let seconds = signal.declaredSeconds, seconds > .zero {
      guard let byDuration = input.lastSegment(from: start, within: seconds),
        input.start(byDuration + 1) - input.start(start) >= seconds
      else { return }
      last = max(last, byDuration)
      guard segment > last + 1 || (segment == last + 1 && (role == .out || role == nil)) else {
        return
      }
    } else {
      guard segment > last + 1 || (segment == last + 1 && role == .out) else { return }
    }
    end(at: last + 1, closing: nil)
  }

  private mutating func checkDuration(_ marker: AdMarker, _ what: String) {
    guard let text = marker.declaredDuration, MarkerNumber.seconds(text) == nil else { return }
    issues.append(
      AdMarkerIssue(
        .malformedDuration, .warning,
        "\(marker.tag) \(what) '\(text)' is not a decimal number of seconds",
        at: marker.location))
  }
}
