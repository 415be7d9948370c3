import HLS
import ManifestCore

/// What the dialect readers see of a media playlist: its bytes, the ad-marker and
/// discontinuity lines in order, each segment's start time (exact, summed once), and
/// program date-times on demand.
struct TimelineInput {
  /// The playlist.
  let playlist: MediaPlaylist
  /// The playlist's bytes.
  let bytes: [UInt8]
  /// Ad-marker and DISCONTINUITY lines, in source order.
  let lines: [PlaylistLine]
  /// The media segments (their start times were summed, exactly, by the parser).
  let segments: SegmentList
  /// The number of media segments.
  let segmentCount: Int
  /// True when the playlist may still grow (no EXT-X-ENDLIST, not PLAYLIST-TYPE VOD).
  let isLive: Bool
  /// True when some segment has a program date-time.
  let hasProgramDateTime: Bool

  init(_ playlist: MediaPlaylist) {
    self.playlist = playlist
    bytes = playlist.source.bytes
    segments = playlist.segments
    segmentCount = segments.count
    isLive = !playlist.endList && playlist.playlistType != .vod
    var lines = [PlaylistLine]()
    var pdt = false
    for line in playlist.source.lines where line.kind == .tag {
      let tag = line.tag
      if tag.isAdMarker || tag == .discontinuity {
        lines.append(line)
      } else if tag == .programDateTime {
        pdt = true
      }
    }
    self.lines = lines
    hasProgramDateTime = pdt
  }

  /// The start of segment `index` in seconds from the first segment (the playlist's duration
  /// for `index >= segmentCount`).
  func start(_ index: Int) -> ExactDecimal {
    index < segmentCount ? segments.startTime(at: max(index, 0)) : playlist.totalDuration
  }

  /// The summed duration of segments `first...last`; zero when `last` is `nil`.
  func duration(_ first: Int, _ last: Int?) -> ExactDecimal {
    guard let last, last >= first else { return .zero }
    return start(last + 1) - start(first)
  }

  /// The program date-time of segment `index`, or `nil`.
  func programDateTime(_ index: Int) -> DateTime? {
    guard index >= 0 && index < segmentCount else { return nil }
    return segments.programDateTime(at: index)
  }

  /// The last segment at or after `first` that starts before `seconds` from `first`'s start
  /// (so the segments `first...result` hold that many seconds), or `nil` when `seconds` is
  /// not positive.
  func lastSegment(from first: Int, within seconds: ExactDecimal) -> Int? {
    guard seconds > .zero, first < segmentCount else { return nil }
    let limit = start(first) + seconds
    var low = first
    var high = segmentCount - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if segments.startTime(at: mid) < limit { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The segment whose program date-time range holds `date` (within `slack` of its end, the
  /// next one): 0 with `before` set when `date` is earlier than the first segment, the segment
  /// count when it is after the last. `nil` when no segment has a program date-time.
  func segment(at date: DateTime) -> (index: Int, before: Bool)? {
    guard hasProgramDateTime, segmentCount > 0, let first = programDateTime(0) else { return nil }
    let slack = ExactDecimal(significand: 50, scale: 3)
    if date < first.adding(seconds: -slack) { return (0, true) }
    let limit = date.adding(seconds: slack)
    var low = 0
    var high = segmentCount
    // First segment whose end is after `date` (+ slack).
    while low < high {
      let mid = (low + high) / 2
      guard let pdt = programDateTime(mid) else { return nil }
      let end = pdt.adding(seconds: start(mid + 1) - start(mid))
      if end > limit { high = mid } else { low = mid + 1 }
    }
    return (low, false)
  }

  /// The line's text as written.
  func text(_ line: PlaylistLine) -> String { playlist.source.text(of: line) }

  /// The tag name of a tag line without `#`.
  func tagName(_ line: PlaylistLine) -> String { playlist.source.tagName(of: line) ?? "" }

  /// The value after `:` with blanks trimmed (empty when the tag has none).
  func value(_ line: PlaylistLine) -> Range<Int> {
    guard let range = playlist.source.valueRange(of: line) else {
      return line.range.upperBound..<line.range.upperBound
    }
    return ASCII.trimmed(bytes, range)
  }
}

extension TimelineInput {
  /// The first segment whose program date-time is at or after `date` (within 50 ms), or the
  /// segment count when none is; 0 when no segment has a program date-time.
  func firstSegment(atOrAfter date: DateTime) -> Int {
    let limit = date.adding(seconds: ExactDecimal(significand: -50, scale: 3))
    var low = 0
    var high = segmentCount
    while low < high {
      let mid = (low + high) / 2
      guard let pdt = programDateTime(mid) else { return 0 }
      if pdt >= limit { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
