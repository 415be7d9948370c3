import AdInsertion
import HLS
import ManifestCore

extension Stitcher {
  /// Stitches one window of a live media playlist, continuing the output of the windows before
  /// it (`state`; pass `LiveStitchState()` for the first): every marked break gets its plan
  /// break once, in order, and is laid out the same way in every window (a break whose start
  /// slid out is laid out from its start again and the part before the window left out; one
  /// whose end is not in the window yet goes as far as it does); media sequence numbers follow
  /// on, and EXT-X-DISCONTINUITY-SEQUENCE counts the discontinuities that slid out. Returns the
  /// result and the state for the next window (the given one after an error).
  public func stitchLive(
    content: String, state: LiveStitchState, output: String? = nil,
    planLocation: String? = nil, loader: some PlaylistLoader
  ) -> (result: StitchResult, state: LiveStitchState) {
    var reader = PlaylistReader(loader: loader)
    guard let loaded = reader.read(content, relativeTo: nil, role: "the content") else {
      return (StitchResult(playlists: [], diagnostics: reader.diagnostics), state)
    }
    guard let media = loaded.playlist.media else {
      let error = StitchDiagnostic(
        .error, "live stitching takes a media playlist", code: .liveMediaNeeded, file: loaded.name)
      return (StitchResult(playlists: [], diagnostics: [error]), state)
    }
    var window = LiveWindow(media: media, state: state, plan: plan)
    if let problem = window.problem {
      let error = StitchDiagnostic(.error, problem, code: .liveWindow, file: loaded.name)
      return (StitchResult(playlists: [], diagnostics: [error]), state)
    }
    var session = StitchSession(
      plan: StitchPlan(breaks: window.planBreaks), options: options, planLocation: planLocation,
      reader: reader)
    session.kinds = window.kinds
    session.openBreaks = window.openBreaks
    let virtual = window.virtualContent()
    let rebaser = URIRebaser(output: output ?? loaded.location, base: options.base)
    let targetDuration = window.targetDuration(&session, plan: plan)
    var first: ExactDecimal = .zero
    let bytes = session.stitch(
      virtual, at: loaded, rebaser: rebaser, role: .main(nil), reports: false
    ) { builder in
      first = window.trim(&builder, markers: options.markers)
      builder.targetDuration = targetDuration
    }
    guard let bytes, !session.failed, let out = try? Playlist.parse(bytes).media else {
      return (StitchResult(playlists: [], diagnostics: session.diagnostics), state)
    }
    var next = window.state
    next.outputs = out.segments.map {
      LiveStitchState.Output(
        start: first + $0.startTime, mediaSequence: $0.mediaSequence,
        discontinuitySequence: $0.discontinuitySequence)
    }
    let result = StitchResult(
      playlists: [StitchedPlaylist(name: output ?? loaded.location, bytes: bytes)],
      diagnostics: session.diagnostics)
    return (result, next)
  }
}

/// One live window as the stitch sees it: the content clock at its start, the breaks with
/// their plan breaks, and the part of a break that began before it.
struct LiveWindow {
  let media: MediaPlaylist
  var state: LiveStitchState
  /// The window's first media sequence number.
  let first: UInt64
  /// Why the window cannot be stitched, or `nil`.
  var problem: String? = nil
  /// The clock at the window's first segment.
  var clock = ExactDecimal.zero
  /// The plan break of each break stitched, in order, with where it goes.
  var planBreaks: [StitchPlan.Break] = []
  var kinds: [SplicePoint.Kind] = []
  var openBreaks: Set<Int> = []
  /// The durations of the break that began before the window, up to it.
  var prefix: [ExactDecimal] = []

  static func sum(_ values: ArraySlice<ExactDecimal>) -> ExactDecimal {
    values.reduce(ExactDecimal.zero, +)
  }

  init(media: MediaPlaylist, state: LiveStitchState, plan: StitchPlan) {
    self.media = media
    self.state = state
    first = media.firstListedMediaSequence
    let durations = media.segments.map(\.duration)
    if let last = state.windowMediaSequence {
      guard let moved = last.distance(checkedTo: first), moved >= 0,
        moved <= state.windowDurations.count
      else {
        problem =
          "this window (media sequence \(first)) does not follow the last one (media sequence "
          + "\(last), \(state.windowDurations.count) segments)"
        return
      }
      clock = state.windowClock + Self.sum(state.windowDurations[..<moved])
    }
    for adBreak in AdTimeline(media).breaks {
      guard let end = adBreak.endSegment, !plan.breaks.isEmpty else { continue }
      let index: Int
      if adBreak.startedBeforeWindow {
        // Laid out again from the start the state saw; a break never seen from its start is
        // left as it is.
        guard
          let i = self.state.breaks.lastIndex(where: {
            $0.key < first && first - $0.key <= UInt64($0.durations.count)
          })
        else { continue }
        index = i
        let seen = Int(first - self.state.breaks[i].key)  // at most its durations' count
        prefix = Array(self.state.breaks[i].durations[..<seen])
      } else {
        let key = first &+ UInt64(adBreak.startSegment)
        if let i = self.state.breaks.firstIndex(where: { $0.key == key }) {
          index = i
        } else {
          self.state.breaks.append(
            LiveStitchState.Break(
              key: key, planIndex: min(self.state.nextPlanBreak, plan.breaks.count - 1)))
          self.state.nextPlanBreak += 1
          index = self.state.breaks.count - 1
        }
      }
      let key = self.state.breaks[index].key
      for segment in adBreak.startSegment...end {
        // At most the break's length: the key is at or before this segment's number (the
        // numbers wrap past 2^64 − 1 as the parser reported).
        let k = Int(truncatingIfNeeded: first &+ UInt64(segment) &- key)
        if k < self.state.breaks[index].durations.count {
          self.state.breaks[index].durations[k] = durations[segment]
        } else {
          self.state.breaks[index].durations.append(durations[segment])
        }
      }
      var planBreak = plan.breaks[self.state.breaks[index].planIndex]
      planBreak.position = .markers
      planBreak.mode = .replace
      let offset = Self.sum(prefix[...])
      let start = adBreak.startedBeforeWindow ? .zero : offset + adBreak.start
      if adBreak.open { openBreaks.insert(kinds.count) }
      kinds.append(
        .replace(
          start: start, duration: Self.sum(self.state.breaks[index].durations[...])))
      planBreaks.append(planBreak)
    }
    self.state.breaks.removeAll { $0.key < first && first - $0.key > UInt64($0.durations.count) }
    self.state.windowMediaSequence = first
    self.state.windowClock = clock
    self.state.windowDurations = durations
  }

  /// The window with the part of a break that began before it put back as stand-in segments
  /// (never written: `trim` drops what they become), its CUE-OUT before them.
  func virtualContent() -> MediaPlaylist {
    guard !prefix.isEmpty else { return media }
    var builder = MediaPlaylistBuilder(media)
    let p = prefix.count
    var date = media.segments.first?.programDateTime?.adding(
      seconds: -Self.sum(prefix[...]))
    var stand: [Segment] = []
    for (i, d) in prefix.enumerated() {
      stand.append(
        Segment(
          uri: "before-window-\(first &- UInt64(p - i))", duration: d, programDateTime: date))
      date = date?.adding(seconds: d)
    }
    builder.segments = stand + builder.segments
    for i in builder.customTags.indices { builder.customTags[i].segmentIndex += p }
    for i in builder.dateRanges.indices { builder.dateRanges[i].segmentIndex += p }
    builder.customTags.insert(CustomTag(name: "EXT-X-CUE-OUT", segmentIndex: 0), at: 0)
    builder.mediaSequence -= min(builder.mediaSequence, UInt64(p))
    guard let bytes = try? PlaylistWriter.write(builder),
      let virtual = try? Playlist.parse(bytes).media
    else { return media }
    return virtual
  }

  /// The longest segment of the content and the plan's ads, rounded: the same in every window.
  func targetDuration(_ session: inout StitchSession, plan: StitchPlan) -> Int {
    var longest = media.targetDuration ?? 1
    for adBreak in plan.breaks {
      for ad in adBreak.ads {
        guard let (adMedia, _) = session.adMedia(ad, label: "", role: .main(nil)) else { continue }
        for segment in adMedia.segments {
          longest = max(longest, Int(segment.duration.roundedToInteger))
        }
      }
    }
    return longest
  }

  /// Drops the output segments that start before the window (what the stand-ins became), with
  /// their tags; numbers the rest after the last output; restates an open break with
  /// EXT-X-CUE-OUT-CONT and drops beacons whose AD_LENGTH slid out. Returns the content clock
  /// at the first segment kept.
  mutating func trim(_ builder: inout MediaPlaylistBuilder, markers: StitchMarkers)
    -> ExactDecimal
  {
    let before = Self.sum(prefix[...])
    var drop = 0
    var t = ExactDecimal.zero
    while drop < builder.segments.count, t < before {
      t += builder.segments[drop].duration
      drop += 1
    }
    let removed = builder.customTags.filter { $0.segmentIndex < drop }
    builder.segments.removeFirst(drop)
    builder.customTags = builder.customTags.compactMap { tag in
      guard tag.segmentIndex >= drop else { return nil }
      var shifted = tag
      shifted.segmentIndex -= drop
      return shifted
    }
    builder.dateRanges = builder.dateRanges.compactMap { range in
      guard range.segmentIndex >= drop else { return nil }
      var shifted = range
      shifted.segmentIndex -= drop
      return shifted
    }
    if drop > 0 {
      if builder.segments.indices.contains(0), builder.segments[0].programDateTime != nil {
        builder.segments[0].hasOwnProgramDateTime = true
      }
      if markers == .cueOut, let out = removed.first(where: { $0.name == "EXT-X-CUE-OUT" }),
        let length = out.value.flatMap({ ExactDecimal($0) }), t < length,
        !builder.customTags.contains(where: { $0.name == "EXT-X-CUE-OUT" && $0.segmentIndex == 0 })
      {
        builder.customTags.insert(
          CustomTag(name: "EXT-X-CUE-OUT-CONT", value: "\(t)/\(length)"), at: 0)
      }
      // Beacons of an ad whose AD_LENGTH slid out belong to no ad now.
      let firstAd = builder.customTags.firstIndex {
        $0.name == "EXT-X-BEACON" && $0.value?.hasPrefix("AD_LENGTH=") == true
      }
      builder.customTags = builder.customTags.enumerated().filter { i, tag in
        !(tag.name == "EXT-X-BEACON" && tag.value?.hasPrefix("EVENT=") == true
          && i < (firstAd ?? builder.customTags.count))
      }.map(\.element)
    }
    let start = clock + t - before
    var msn = first
    var dsn =
      builder.segments.first.map { _ in media.segments.first?.discontinuitySequence }
      ?? nil
    if let record = state.outputs.first(where: { $0.start == start }) {
      msn = record.mediaSequence
      dsn = record.discontinuitySequence
    } else if let last = state.outputs.last {
      msn = last.mediaSequence &+ 1
      dsn = last.discontinuitySequence
    }
    builder.mediaSequence = msn
    let base = dsn ?? media.discontinuitySequence
    let opensWithDiscontinuity = builder.segments.first?.discontinuity == true
    builder.discontinuitySequence = opensWithDiscontinuity ? base - min(base, 1) : base
    return start
  }
}
