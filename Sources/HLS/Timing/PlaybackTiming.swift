import ManifestCore

/// The timing questions a player answers from a media playlist: the seekable window, where
/// playback starts and the live edge (RFC 8216bis §6.3.3, §4.4.2.2, §4.4.3.8). Times are
/// seconds from the start of the first listed segment; the playlist's end includes the partial
/// segments listed after the last segment (LL-HLS).
public struct PlaybackTiming: Sendable, Hashable {
  /// Why playback starts where it does.
  public enum StartRule: String, Sendable, Hashable {
    /// EXT-X-START's TIME-OFFSET (§4.4.2.2).
    case startTag = "start-tag"
    /// The EXT-X-START of the multivariant playlist naming the media playlist (§4.4.2: a tag of
    /// the multivariant playlist applies to its media playlists, and wins over theirs).
    case multivariantStartTag = "multivariant-start-tag"
    /// HOLD-BACK of EXT-X-SERVER-CONTROL from the end of a live playlist (§4.4.3.8).
    case holdBack = "hold-back"
    /// PART-HOLD-BACK from the end of a live LL-HLS playlist (§4.4.3.8, low-latency mode).
    case partHoldBack = "part-hold-back"
    /// Three target durations from the end of a live playlist without HOLD-BACK (§6.3.3).
    case threeTargetDurations = "three-target-durations"
    /// The start of an ended playlist without EXT-X-START.
    case playlistStart = "playlist-start"
  }

  /// The range a player can seek in, in seconds and, where the playlist carries
  /// EXT-X-PROGRAM-DATE-TIME, as dates.
  public struct Window: Sendable, Hashable {
    /// 0: the start of the first listed segment.
    public var start: ExactDecimal
    /// The end of the last listed segment or partial segment.
    public var end: ExactDecimal
    /// The first segment's program date-time.
    public var startDate: DateTime?
    /// `startDate`'s clock at `end` (the last dated segment's date plus the time after it).
    public var endDate: DateTime?
  }

  /// True without EXT-X-ENDLIST: the playlist is still growing.
  public var live: Bool
  /// The seekable window: `[0, duration]` for an ended playlist, the listed segments for live.
  public var window: Window
  /// The rule that chose the start.
  public var startRule: StartRule
  /// The point the rule names: TIME-OFFSET resolved against the playlist (negative from the
  /// end, clamped to the window), or the end minus the hold-back, or 0.
  public var startTarget: ExactDecimal
  /// Where playback begins: `startTarget` itself with EXT-X-START PRECISE=YES; for
  /// PART-HOLD-BACK the start of the last INDEPENDENT=YES partial segment of the segment
  /// holding it at or before it (else the segment's start); otherwise the start of the segment
  /// holding it.
  public var startPosition: ExactDecimal
  /// EXT-X-START PRECISE=YES.
  public var precise: Bool
  /// The distance from the end a live client keeps (HOLD-BACK, PART-HOLD-BACK or three target
  /// durations), or `nil` for an ended playlist or one started by EXT-X-START.
  public var holdBack: ExactDecimal?
  /// The segment (and part) at `startPosition`, or `nil` for a playlist without segments.
  public var start: MediaLocation?
  /// The live edge: the end of the playlist, for live playlists only.
  public var liveEdge: ExactDecimal?

  /// The timing of `playlist`; `multivariantStart` is the EXT-X-START of the multivariant
  /// playlist that names it, which applies in place of the playlist's own (RFC 8216bis §4.4.2:
  /// clients ignore a media playlist's value that differs).
  public init(_ playlist: MediaPlaylist, multivariantStart: StartPoint? = nil) {
    let end = playlist.playlistEnd
    let segments = playlist.segments
    live = !playlist.endList
    var window = Window(
      start: .zero, end: end, startDate: segments.first?.programDateTime, endDate: nil)
    if let last = segments.last?.programDateTime {
      window.endDate = last.adding(seconds: end - segments.startTime(at: segments.count - 1))
    }
    self.window = window
    liveEdge = live ? end : nil
    precise = false
    holdBack = nil
    var partAligned = false
    if let tag = multivariantStart ?? playlist.start {
      startRule = multivariantStart == nil ? .startTag : .multivariantStartTag
      precise = tag.precise
      let target = tag.timeOffset.isNegative ? end + tag.timeOffset : tag.timeOffset
      startTarget = min(max(target, .zero), end)
    } else if live {
      let distance: ExactDecimal
      if playlist.isLowLatency, let part = playlist.serverControl?.partHoldBack {
        (startRule, distance, partAligned) = (.partHoldBack, part, true)
      } else if let hold = playlist.serverControl?.holdBack {
        (startRule, distance) = (.holdBack, hold)
      } else {
        startRule = .threeTargetDurations
        distance = ExactDecimal(3 * (playlist.targetDuration ?? 0))
      }
      holdBack = distance
      startTarget = max(end - distance, .zero)
    } else {
      startRule = .playlistStart
      startTarget = .zero
    }
    let target = playlist.location(atTime: startTarget)
    if precise {
      startPosition = startTarget
    } else if let target {
      startPosition = target.segmentStart
      if partAligned, let part = target.part {
        let parts =
          target.segmentIndex.map { playlist.segments[$0].parts } ?? playlist.pendingParts
        var partStart = part.start
        for index in stride(from: part.index, through: 0, by: -1) {
          if parts[index].independent {
            startPosition = partStart
            break
          }
          if index > 0 { partStart = partStart - parts[index - 1].duration }
        }
      }
    } else {
      startPosition = startTarget
    }
    start = playlist.location(atTime: startPosition)
  }
}

extension MediaPlaylist {
  /// The playlist's playback timing: seekable window, start position and live edge.
  public var playbackTiming: PlaybackTiming { PlaybackTiming(self) }

  /// The end of the playlist: the total duration plus the partial segments listed after the
  /// last segment.
  var playlistEnd: ExactDecimal {
    pendingParts.reduce(totalDuration) { $0 + $1.duration }
  }

  /// The segment (and part) holding `time` seconds from the start of the first listed segment,
  /// or `nil` outside `[0, end]`. A time on a boundary is in the segment that starts there; the
  /// end itself is in the last segment, at its full duration.
  public func location(atTime time: ExactDecimal) -> MediaLocation? {
    guard !time.isNegative, time <= playlistEnd else { return nil }
    if !pendingParts.isEmpty && time >= totalDuration { return pendingLocation(time) }
    guard !segments.isEmpty else { return nil }
    // The last segment starting at or before `time`.
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if segments.startTime(at: middle) <= time { low = middle } else { high = middle - 1 }
    }
    return segmentLocation(low, offset: time - segments.startTime(at: low))
  }

  /// The segment (and part) holding the program date-time `date`: the segment whose dated
  /// span `[date, date + duration)` holds it (the end of the last one included), or `nil`.
  public func location(atDate date: DateTime) -> MediaLocation? {
    for index in segments.indices.reversed() {
      let segment = segments[index]
      guard let start = segment.programDateTime, start <= date else { continue }
      let offset = date.seconds(since: start)
      guard index == segments.count - 1 else {
        return offset < segment.duration ? segmentLocation(index, offset: offset) : nil
      }
      if !pendingParts.isEmpty && offset >= segment.duration {
        let time = segment.startTime + offset
        return time <= playlistEnd ? pendingLocation(time) : nil
      }
      return offset <= segment.duration ? segmentLocation(index, offset: offset) : nil
    }
    return nil
  }

  private func segmentLocation(_ index: Int, offset: ExactDecimal) -> MediaLocation {
    let segment = segments[index]
    let time = segment.startTime + offset
    return MediaLocation(
      time: time, programDateTime: segment.programDateTime?.adding(seconds: offset),
      mediaSequence: segment.mediaSequence, segmentIndex: index, segmentURI: segment.uri,
      segmentStart: segment.startTime, segmentDuration: segment.duration, offset: offset,
      part: Self.part(in: segment.parts, from: segment.startTime, at: offset))
  }

  /// A time in the parts of the segment still being produced.
  private func pendingLocation(_ time: ExactDecimal) -> MediaLocation {
    let offset = time - totalDuration
    let duration = playlistEnd - totalDuration
    var date: DateTime? = nil
    if let last = segments.last, let lastDate = last.programDateTime {
      date = lastDate.adding(seconds: time - last.startTime)
    }
    return MediaLocation(
      time: time, programDateTime: date, mediaSequence: nextMediaSequence, segmentIndex: nil,
      segmentURI: nil, segmentStart: totalDuration, segmentDuration: duration, offset: offset,
      part: Self.part(in: pendingParts, from: totalDuration, at: offset))
  }

  /// The part holding `offset` seconds into a segment starting at `start` (the last part at
  /// or past the end of the parts), or `nil` without parts.
  private static func part(
    in parts: [PartialSegment], from start: ExactDecimal, at offset: ExactDecimal
  ) -> MediaLocation.Part? {
    var partStart = ExactDecimal.zero
    for (index, part) in parts.enumerated() {
      let next = partStart + part.duration
      if offset < next || index == parts.count - 1 {
        return MediaLocation.Part(
          index: index, uri: part.uri, start: start + partStart, duration: part.duration,
          offset: offset - partStart)
      }
      partStart = next
    }
    return nil
  }
}
