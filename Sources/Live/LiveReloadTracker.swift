import AdInsertion
import HLS
import ManifestCore

/// Follows a live stream across reloads without doing any I/O: a monitoring service fetches
/// each variant's media playlist itself, hands every response to `ingest(_:)` as a
/// `LiveSnapshot` with the wall-clock times it saw, and gets `LiveEvent`s back: segments added,
/// discontinuities, key changes, ad breaks started, ended and cancelled by stable id, the end of
/// the stream, and problems by `LiveRule` (docs/live.md). `nextReload(of:)` says when and how a
/// client would reload the variant next.
///
/// ```swift
/// var tracker = LiveReloadTracker()
/// let events = tracker.ingest(LiveSnapshot(variant: uri, playlist: media, fetchedAt: now))
/// for event in events { print(event.text) }            // or event.jsonValue, one per line
/// let next = tracker.nextReload(of: uri)               // LiveReload: at, url (_HLS_msn, …)
/// ```
///
/// Memory is constant: per variant the last playlist, its ad timeline and the open breaks.
public struct LiveReloadTracker: Sendable {
  /// The tolerances.
  public var options: LiveOptions
  private var variants: [String: VariantState] = [:]
  /// Reported cross-variant break problems, `rule|id|variant`, pruned to breaks still listed.
  private var reportedPairs: Set<String> = []

  /// A tracker that has seen nothing yet.
  public init(options: LiveOptions = LiveOptions()) { self.options = options }

  /// The variants seen so far, sorted.
  public var variantURIs: [String] { variants.keys.sorted() }

  /// True when every variant seen has ended (EXT-X-ENDLIST).
  public var isFinished: Bool {
    !variants.isEmpty && variants.values.allSatisfy { $0.playlist.endList }
  }

  /// The next reload a client makes of `variant` (RFC 8216bis §6.3.4), or `nil` when it has
  /// ended or was never seen.
  public func nextReload(of variant: String) -> LiveReload? {
    guard let state = variants[variant], !state.playlist.endList else { return nil }
    return LiveReload(
      variant: variant, after: state.playlist, started: state.loadStartedAt,
      changed: state.changed)
  }

  /// The problems time alone shows at `now`, without a new reload: variants whose playlist has
  /// not changed for longer than 1.5 × the target duration.
  public mutating func check(at now: DateTime) -> [LiveEvent] {
    var events: [LiveEvent] = []
    for variant in variants.keys.sorted() {
      guard var state = variants[variant] else { continue }
      if let event = Self.stale(&state, variant: variant, at: now) { events.append(event) }
      variants[variant] = state
    }
    return naming(events)
  }

  /// `events` with the rendition of the playlist each is about.
  private func naming(_ events: [LiveEvent]) -> [LiveEvent] {
    events.map { event in
      var named = event
      named.rendition = variants[event.variant]?.rendition
      return named
    }
  }

  /// Takes one reload and returns what it shows, in a stable order: the playlist's changes and
  /// problems, its ad breaks, then the variants out of step.
  public mutating func ingest(_ snapshot: LiveSnapshot) -> [LiveEvent] {
    let variant = snapshot.variant
    let now = snapshot.fetchedAt
    let new = snapshot.playlist
    var events: [LiveEvent] = []
    func emit(_ kind: LiveEvent.Kind) {
      events.append(LiveEvent(time: now, variant: variant, kind: kind))
    }
    let previous = variants[variant]
    let lastKeys = new.segments.last.map { $0.keys.map(KeySummary.init) } ?? []
    var state =
      previous
      ?? VariantState(
        rendition: snapshot.rendition, playlist: new,
        timeline: AdTimeline(breaks: [], duration: .zero),
        fetchedAt: now, loadStartedAt: snapshot.loadStartedAt, changedAt: now, changed: true,
        lastKeys: lastKeys)
    let changed = previous.map { $0.playlist.source.bytes != new.source.bytes } ?? true
    var addedFrom = new.firstListedMediaSequence
    if let previous, changed {
      let diff = PlaylistDiff(old: previous.playlist, new: new)
      for problem in diff.inconsistencies {
        emit(
          .problem(
            rule: Self.rule(problem.kind), message: problem.message,
            mediaSequence: problem.mediaSequence))
      }
      addedFrom = previous.nextMediaSequence
      if let first = diff.addedSegments.first, let last = diff.addedSegments.last {
        emit(
          .segmentsAdded(
            count: diff.addedSegments.count, first: first.mediaSequence,
            last: last.mediaSequence, missed: diff.missedSegments))
      }
      var keys = previous.lastKeys
      for segment in new.segments where segment.mediaSequence >= addedFrom {
        if segment.discontinuity {
          emit(
            .discontinuity(
              mediaSequence: segment.mediaSequence,
              discontinuitySequence: segment.discontinuitySequence))
        }
        let segmentKeys = segment.keys.map(KeySummary.init)
        if segmentKeys != keys {
          let key = segmentKeys.first { $0.method != "NONE" } ?? segmentKeys.first
          emit(
            .keyChange(
              mediaSequence: segment.mediaSequence, method: key?.method ?? "NONE", uri: key?.uri))
          keys = segmentKeys
        }
      }
      if diff.ended { emit(.ended) }
    } else if previous == nil {
      if let first = new.segments.first, let last = new.segments.last {
        emit(
          .segmentsAdded(
            count: new.segments.count, first: first.mediaSequence, last: last.mediaSequence,
            missed: 0))
      }
      if new.endList { emit(.ended) }
    }
    if changed {
      state.changedAt = now
      state.staleReported = false
    }
    state.changed = changed
    state.fetchedAt = now
    state.loadStartedAt = snapshot.loadStartedAt
    state.lastKeys = lastKeys
    if let event = Self.stale(&state, variant: variant, at: now) { events.append(event) }
    if snapshot.blocking, let requested = snapshot.requestedAt {
      let part = new.partInformation?.partTarget ?? ExactDecimal(new.targetDuration ?? 0)
      let limit = part + part + part
      let waited = now.seconds(since: requested)
      if waited > limit {
        emit(
          .problem(
            rule: .slowBlockingReload,
            message: "the blocking reload took \(waited) s, more than 3 × the "
              + "\(new.partInformation == nil ? "target" : "part target") duration (\(limit) s)",
            mediaSequence: nil))
      }
    }
    let oldEnd = previous?.nextMediaSequence ?? new.firstListedMediaSequence
    if previous == nil || changed {
      trackBreaks(&state, new, oldEnd: oldEnd, first: previous == nil, now: now, emit)
    }
    state.playlist = new
    variants[variant] = state
    events += compareVariants(variant, now: now)
    return naming(events)
  }

  /// The rule a PlaylistDiff inconsistency breaks.
  private static func rule(_ kind: PlaylistDiff.Inconsistency.Kind) -> LiveRule {
    switch kind {
    case .mediaSequenceBack: .mediaSequenceBack
    case .segmentChanged: .segmentChanged
    case .discontinuitySequenceChanged: .discontinuitySequence
    case .dateRangeChanged: .dateRangeChanged
    case .endListRemoved, .targetDurationChanged, .playlistTypeChanged: .playlistChanged
    }
  }

  /// A stale-playlist problem, once per stretch without change.
  private static func stale(_ state: inout VariantState, variant: String, at now: DateTime)
    -> LiveEvent?
  {
    guard !state.playlist.endList, !state.staleReported, let target = state.playlist.targetDuration
    else { return nil }
    let limit = ExactDecimal(significand: Int64(target) * 15, scale: 1)
    let unchanged = now.seconds(since: state.changedAt)
    guard unchanged > limit else { return nil }
    state.staleReported = true
    return LiveEvent(
      time: now, variant: variant,
      kind: .problem(
        rule: .stalePlaylist,
        message: "the playlist has not changed for \(unchanged) s, more than 1.5 × its target "
          + "duration (\(limit.normalized) s)",
        mediaSequence: nil))
  }

  /// Seconds from the playlist's first segment to the start of segment `msn` (the playlist's
  /// duration past its last segment, 0 before its first).
  private static func mediaTime(_ playlist: MediaPlaylist, _ msn: UInt64) -> ExactDecimal {
    let first = playlist.firstListedMediaSequence
    if msn < first { return .zero }
    let index = msn - first
    return index < UInt64(playlist.segments.count)
      ? playlist.segments.startTime(at: Int(index)) : playlist.totalDuration
  }

  /// Ad breaks started, ended and cancelled, and the rules over time (elapsed time against the
  /// wall clock, duration against the declared one, breaks never closed).
  private func trackBreaks(
    _ state: inout VariantState, _ new: MediaPlaylist, oldEnd: UInt64, first: Bool, now: DateTime,
    _ emit: (LiveEvent.Kind) -> Void
  ) {
    var old = state.timeline
    old.breaks = (state.carried + old.breaks).sorted { $0.mediaSequence < $1.mediaSequence }
    let changes = AdBreakChanges(old: old, new: AdTimeline(new))
    let started = Set(changes.started.map(\.id))
    let ended = Set(changes.ended.map(\.id))
    let oldEndTime = Self.mediaTime(new, oldEnd)
    let target = ExactDecimal(new.targetDuration ?? 0)
    for adBreak in changes.timeline.breaks {
      if started.contains(adBreak.id) {
        emit(
          .adBreakStarted(
            id: adBreak.id, mediaSequence: adBreak.mediaSequence,
            plannedDuration: adBreak.plannedDuration))
      }
      var record =
        state.open[adBreak.id]
        ?? OpenBreak(id: adBreak.id, elapsed: .zero, planned: adBreak.plannedDuration)
      if record.planned == nil { record.planned = adBreak.plannedDuration }
      let known = state.open[adBreak.id] != nil
      let end = adBreak.open ? new.totalDuration : adBreak.end
      if !adBreak.startedBeforeWindow {
        record.elapsed = adBreak.open ? new.totalDuration - adBreak.start : adBreak.duration
      } else if known {
        record.elapsed = record.elapsed + (end - max(oldEndTime, .zero))
      } else {
        let continuation = adBreak.signals.first?.continuations.first
        let before =
          continuation.flatMap { $0.segmentIndex == 0 ? $0.elapsedSeconds : nil } ?? .zero
        record.elapsed = before + end
      }
      // The elapsed time at the live edge (a continuation on the last segment) against the
      // clock, from one such reload to the next.
      if let last = adBreak.signals.flatMap(\.continuations).last,
        last.segmentIndex == new.segments.count - 1, let elapsed = last.elapsedSeconds
      {
        let msn = new.firstListedMediaSequence &+ UInt64(clamping: last.segmentIndex)
        if let previous = record.continuation, previous.mediaSequence != msn {
          let grew = elapsed - previous.elapsed
          let wall = now.seconds(since: previous.at)
          if (grew - wall).magnitude > options.tolerance + target,
            record.reported.insert(.breakElapsedDrift).inserted
          {
            emit(
              .problem(
                rule: .breakElapsedDrift,
                message: "the elapsed time of ad break \(adBreak.id) grew by \(grew) s "
                  + "(\(previous.elapsed) to \(elapsed)) in \(wall) s of wall-clock time",
                mediaSequence: msn))
          }
        }
        if record.continuation?.mediaSequence != msn {
          record.continuation = (elapsed, msn, now)
        }
      }
      if ended.contains(adBreak.id) {
        emit(.adBreakEnded(id: adBreak.id, duration: record.elapsed))
        if let planned = record.planned, (record.elapsed - planned).magnitude > options.tolerance {
          emit(
            .problem(
              rule: .breakDuration,
              message: "ad break \(adBreak.id) ended after \(record.elapsed) s, declared "
                + "\(planned) s (tolerance \(options.tolerance) s)",
              mediaSequence: adBreak.mediaSequence))
        }
        state.open[adBreak.id] = nil
        continue
      }
      guard adBreak.open else { continue }
      reportNotClosed(adBreak, &record, emit)
      state.open[adBreak.id] = record
    }
    for adBreak in changes.withdrawn {
      emit(.adBreakCancelled(id: adBreak.id))
      state.open[adBreak.id] = nil
    }
    // Open breaks whose markers all slid out stay open until a CUE-IN or continuation shows.
    let listed = Set(changes.timeline.breaks.map(\.id))
    let added = new.totalDuration - max(oldEndTime, .zero)
    var carried: [AdBreak] = []
    for adBreak in old.breaks where adBreak.open && !listed.contains(adBreak.id) {
      guard var record = state.open[adBreak.id],
        !changes.withdrawn.contains(where: { $0.id == adBreak.id })
      else { continue }
      if !first { record.elapsed = record.elapsed + added }
      reportNotClosed(adBreak, &record, emit)
      state.open[adBreak.id] = record
      var kept = adBreak
      kept.startedBeforeWindow = true
      carried.append(kept)
    }
    for dropped in carried.dropLast(options.maximumOpenBreaks) {
      state.open[dropped.id] = nil
    }
    state.carried = Array(carried.suffix(options.maximumOpenBreaks))
    state.timeline = changes.timeline
  }

  /// When a break starts: its DATERANGE's START-DATE, else its first segment's program
  /// date-time.
  /// Reports an open break past its declared duration (plus the tolerance), once per break.
  private func reportNotClosed(
    _ adBreak: AdBreak, _ record: inout OpenBreak, _ emit: (LiveEvent.Kind) -> Void
  ) {
    guard let planned = record.planned, record.elapsed > planned + options.tolerance,
      record.reported.insert(.breakNotClosed).inserted
    else { return }
    emit(
      .problem(
        rule: .breakNotClosed,
        message: "ad break \(adBreak.id) is still open after \(record.elapsed) s, declared "
          + "\(planned) s (tolerance \(options.tolerance) s)",
        mediaSequence: adBreak.mediaSequence))
  }

  private static func startDate(_ adBreak: AdBreak) -> DateTime? {
    adBreak.signals.lazy.filter { $0.dialect == .dateRange }
      .compactMap { $0.opening?.attribute("START-DATE").flatMap(DateTime.init) }.first
      ?? adBreak.programDateTime
  }

  /// The key of a cross-variant problem about break `id`, the same from either variant.
  private static func pair(_ rule: LiveRule, _ id: String, _ a: String, _ b: String) -> String {
    "\(rule.rawValue)|\(id)|\(min(a, b))|\(max(a, b))"
  }

  /// Breaks at another place in another variant or missing from it, and live edges apart.
  private mutating func compareVariants(_ variant: String, now: DateTime) -> [LiveEvent] {
    guard let state = variants[variant] else { return [] }
    var mine = state
    var events: [LiveEvent] = []
    let tolerance = options.tolerance
    for other in variants.keys.sorted() where other != variant {
      guard var them = variants[other] else { continue }
      for adBreak in state.timeline.breaks
      where !adBreak.startedBeforeWindow && state.sharesBreaks(with: them) {
        if let theirs = them.timeline.breaks.first(where: { $0.id == adBreak.id }) {
          guard !theirs.startedBeforeWindow else { continue }
          var apart: String? = nil
          if let a = Self.startDate(adBreak), let b = Self.startDate(theirs) {
            let seconds = a.seconds(since: b)
            if seconds.magnitude > tolerance {
              apart = "program date-time \(a) in \(variant), \(b) in \(other)"
            }
          } else if adBreak.mediaSequence != theirs.mediaSequence {
            apart =
              "media sequence \(adBreak.mediaSequence) in \(variant), "
              + "\(theirs.mediaSequence) in \(other)"
          }
          if let apart,
            reportedPairs.insert(Self.pair(.variantBreakMisaligned, adBreak.id, variant, other))
              .inserted
          {
            events.append(
              LiveEvent(
                time: now, variant: variant,
                kind: .problem(
                  rule: .variantBreakMisaligned,
                  message: "ad break \(adBreak.id) starts at \(apart)",
                  mediaSequence: adBreak.mediaSequence)))
          }
        } else if them.playlist.firstListedMediaSequence <= adBreak.mediaSequence,
          them.nextMediaSequence > adBreak.mediaSequence,
          them.nextMediaSequence - adBreak.mediaSequence > 1,
          !them.timeline.breaks.contains(where: { $0.mediaSequence == adBreak.mediaSequence }),
          reportedPairs.insert(Self.pair(.variantBreakMissing, adBreak.id, variant, other)).inserted
        {
          events.append(
            LiveEvent(
              time: now, variant: other,
              kind: .problem(
                rule: .variantBreakMissing,
                message: "ad break \(adBreak.id) of \(variant) (at \(adBreak.mediaSequence)) is "
                  + "not in \(other)",
                mediaSequence: adBreak.mediaSequence)))
        }
      }
      // Live edges: one segment apart, plus the segments the later fetch had time to see.
      let target = max(state.playlist.targetDuration ?? 1, 1)
      let gap = now.seconds(since: them.fetchedAt).magnitude
      let allowed = 1 + Int(gap.integerPart) / target
      let (mineNext, theirNext) = (state.nextMediaSequence, them.nextMediaSequence)
      let drift = mineNext > theirNext ? mineNext - theirNext : theirNext - mineNext
      if drift > UInt64(allowed) && state.sharesEdge(with: them) {
        if mine.drifting.insert(other).inserted && !them.drifting.contains(variant) {
          events.append(
            LiveEvent(
              time: now, variant: variant,
              kind: .problem(
                rule: .variantDrift,
                message: "the live edge of \(variant) (next segment \(state.nextMediaSequence)) "
                  + "is \(drift) segments from \(other)'s (\(them.nextMediaSequence))",
                mediaSequence: nil)))
        }
      } else {
        mine.drifting.remove(other)
        them.drifting.remove(variant)
        variants[other] = them
      }
    }
    variants[variant] = mine
    let listed = Set(variants.values.flatMap { $0.timeline.breaks.map(\.id) })
    reportedPairs = reportedPairs.filter { key in
      key.split(separator: "|").dropFirst().first.map { listed.contains(String($0)) } ?? false
    }
    return events
  }
}
