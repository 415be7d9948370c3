import ManifestCore

/// One segment of an HLS WebVTT subtitle rendition: the span of the media timeline it covers
/// and the cues shown during that span (RFC 8216bis §3.1.4).
public struct WebVTTSegment: Sendable, Equatable {
  /// Where the segment starts on the media timeline.
  public var start: SubtitleTime
  /// How long it is (its EXTINF duration).
  public var duration: SubtitleTime
  /// The cues shown at some time in `[start, start + duration)`, by start time; a cue that
  /// spans a boundary is in every segment it shows in.
  public var cues: [Cue]

  /// Creates a segment.
  public init(start: SubtitleTime, duration: SubtitleTime, cues: [Cue] = []) {
    self.start = start
    self.duration = duration
    self.cues = cues
  }

  /// The WebVTT file of the segment: `document`'s header (its WebVTT header text and lines,
  /// `STYLE` and `REGION` blocks when it was read from WebVTT), `map` as its
  /// `X-TIMESTAMP-MAP`, and the segment's cues with their times unchanged. Comments are left
  /// out (they belong to no segment).
  public func webVTT(header document: SubtitleDocument, map: WebVTTTimestampMap) -> [UInt8] {
    var segment = document
    segment.cues = cues
    segment.comments = []
    segment.timestampMap = map
    return WebVTTWriter.write(segment)
  }
}

/// Cuts cues into the segments of an HLS WebVTT subtitle rendition the way Apple's
/// `mediasubtitlesegmenter` and Shaka Packager do: segments of equal duration from 0 (the last
/// one shorter), cue times left on the media timeline (every segment carries the same
/// `X-TIMESTAMP-MAP`, RFC 8216bis §3.1.4), a cue that spans a segment boundary repeated in each
/// segment it shows in (clients drop the repeat: same times, same text), and segments with no
/// cue written too, so the playlist's duration is the presentation's (RFC 8216bis §3.1.4 allows
/// a WebVTT segment without cues). Image cues cannot be WebVTT and are left out.
public enum WebVTTSegmenter {
  /// How many segments of `duration` cover `[0, end)` (at least 1), or `nil` when `duration`
  /// is not positive or the count is beyond `Int64`.
  public static func segmentCount(end: SubtitleTime, duration: SubtitleTime) -> Int64? {
    guard duration > .zero else { return nil }
    guard end > .zero else { return 1 }
    return ceilingQuotient(end, duration).map { max($0, 1) }
  }

  /// The segments of `duration` covering `[0, end)` with the text cues of `cues`, stably
  /// ordered by start time (W3C WebVTT §4.1 wants cues in start-time order). A cue that starts
  /// before 0 counts from the first segment; cues starting at or after `end` are in none.
  /// `nil` when `duration` is not positive or the segments would be more than `maximumCount`.
  public static func segments(
    of cues: [Cue], duration: SubtitleTime, end: SubtitleTime, maximumCount: Int = 1_000_000
  ) -> [WebVTTSegment]? {
    guard let count64 = segmentCount(end: end, duration: duration), count64 <= maximumCount
    else { return nil }
    let count = Int(count64)
    var segments: [WebVTTSegment] = []
    segments.reserveCapacity(count)
    for index in 0..<count {
      let start = duration.scaled(by: Int64(index), over: 1)
      let length = index == count - 1 && end > start ? end - start : duration
      segments.append(WebVTTSegment(start: start, duration: length))
    }
    let ordered = cues.enumerated().filter { !$0.element.isImage }.sorted {
      ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }
    for (_, cue) in ordered {
      guard cue.start < end else { continue }
      let first = min(index(of: cue.start, duration), count - 1)
      var last = first
      if cue.end > cue.start {
        // The segment holding the cue's last instant (the end is exclusive).
        let after = ceilingQuotient(cue.end, duration).map { Int(clamping: $0) } ?? count
        last = min(max(first, after - 1), count - 1)
      }
      for segment in first...last { segments[segment].cues.append(cue) }
    }
    return segments
  }

  /// The segment holding time `time` (0 for times before 0).
  private static func index(of time: SubtitleTime, _ duration: SubtitleTime) -> Int {
    guard time > .zero else { return 0 }
    let quotient = time.scaled(by: duration.denominator, over: duration.numerator).reduced
    return Int(clamping: quotient.numerator / quotient.denominator)
  }

  /// ⌈a / b⌉ for positive `a` and `b`.
  private static func ceilingQuotient(_ a: SubtitleTime, _ b: SubtitleTime) -> Int64? {
    let quotient = a.scaled(by: b.denominator, over: b.numerator).reduced
    let (whole, rest) = quotient.numerator.quotientAndRemainder(dividingBy: quotient.denominator)
    if rest == 0 { return whole }
    let (up, overflow) = whole.addingReportingOverflow(1)
    return overflow ? nil : up
  }
}
