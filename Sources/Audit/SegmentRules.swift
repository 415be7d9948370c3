import HLS
import ManifestCore

/// Rules on a media playlist's segments and timing: the target duration, segment durations,
/// repeated segments, EXT-X-START.
enum SegmentRules {
  static let targetDurationInvalid = AuditRule(
    id: "spec.target-duration-invalid", severity: .error, scope: .media,
    summary: "EXT-X-TARGETDURATION is missing or below 1.",
    rationale: "It is REQUIRED and at least 1; players size their buffers and reload timers "
      + "from it.",
    reference: "RFC 8216bis §4.4.3.1")
  static let segmentExceedsTargetDuration = AuditRule(
    id: "spec.segment-exceeds-target-duration", severity: .error, scope: .media,
    summary: "An EXTINF duration, rounded to the nearest integer, is above "
      + "EXT-X-TARGETDURATION (in an image playlist, a tile sheet's EXT-X-TILES DURATION).",
    rationale: "The target duration MUST bound every segment; longer segments stall players "
      + "that schedule reloads and buffers from it.",
    reference: "RFC 8216bis §4.4.3.1; Image Media Playlist v0.4 (EXT-X-TILES)")
  static let duplicateSegment = AuditRule(
    id: "spec.duplicate-segment", severity: .warning, scope: .media,
    summary: "Two segments have the same URI (and the same byte range, if any).",
    rationale: "A segment listed twice is usually a packager or stitching bug; players fetch and "
      + "play the same media twice.",
    reference: "RFC 8216bis §4.4.4")
  static let startOffsetOutOfRange = AuditRule(
    id: "spec.start-offset-out-of-range", severity: .warning, scope: .media,
    summary: "EXT-X-START TIME-OFFSET is beyond the playlist's duration, or in a live playlist "
      + "within three target durations of its end.",
    rationale: "Such an offset SHOULD NOT be used; players clamp it to the start or end, or "
      + "start too close to the live edge and stall.",
    reference: "RFC 8216bis §4.4.2.2")

  static let rules = [
    targetDurationInvalid, segmentExceedsTargetDuration, duplicateSegment, startOffsetOutOfRange,
  ]

  static func check(_ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext) {
    checkTargetDuration(media, survey, &context)
    if context.isOn(duplicateSegment) { checkDuplicates(media, survey, &context) }
    checkStart(media, survey, &context)
  }

  private static func checkTargetDuration(
    _ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext
  ) {
    guard let target = media.targetDuration else {
      // A tag whose value did not parse is a syntax finding already.
      if survey.first(.targetDuration) == nil {
        context.report(
          targetDurationInvalid, "there is no EXT-X-TARGETDURATION; a media playlist needs one",
          line: 0)
      }
      return
    }
    if target < 1 {
      context.report(
        targetDurationInvalid, "EXT-X-TARGETDURATION is \(target); it must be at least 1",
        line: survey.first(.targetDuration) ?? 0)
    }
    guard context.isOn(segmentExceedsTargetDuration) else { return }
    let segments = media.segments
    let limit = Int64(target)
    for i in segments.indices where segments.duration(at: i).roundedToInteger > limit {
      let segment = segments[i]
      if media.imagesOnly, let tiles = segment.tiles, let tile = tiles.duration {
        if tile.roundedToInteger > limit {
          context.report(
            segmentExceedsTargetDuration,
            "EXT-X-TILES DURATION \(tile) rounds to \(tile.roundedToInteger), above "
              + "EXT-X-TARGETDURATION \(target) (segment \(segment.mediaSequence))",
            line: tiles.line)
        }
        continue
      }
      let duration = segments.duration(at: i)
      context.report(
        segmentExceedsTargetDuration,
        "EXTINF \(duration) rounds to \(duration.roundedToInteger), above "
          + "EXT-X-TARGETDURATION \(target) (segment \(segment.mediaSequence))",
        line: segment.infLine ?? segment.uriLine)
    }
  }

  /// Finds URI lines with the same bytes (and the same byte range when the playlist has
  /// EXT-X-BYTERANGE tags) without making a `String` per segment.
  private static func checkDuplicates(
    _ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext
  ) {
    let source = context.source
    let segments = media.segments
    let uriLines = survey.uriLines
    guard uriLines.count == segments.count else { return }
    let withRanges = survey.byteRangeCount > 0
    let first = media.firstListedMediaSequence
    // Open addressing over segment numbers (+ 1; 0 is an empty slot), at most half full: the
    // first segment of each distinct URI. Four bytes a slot, where a `[Int: Int]` took about
    // 32 per segment (0.36× the input of a 24 h DVR playlist at scale 100, issue 18 item 4).
    var capacity = 16
    while capacity < 2 * segments.count { capacity <<= 1 }
    let mask = capacity - 1
    var slots = [Int32](repeating: 0, count: capacity)
    source.bytes.withUnsafeBufferPointer { bytes in
      func uri(_ i: Int) -> Range<Int> {
        ASCII.trimmed(source.bytes, source.lines[Int(uriLines[i])].range)
      }
      for i in segments.indices {
        let range = uri(i)
        let byteRange = withRanges ? segments[i].byteRange : nil
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
        hasher.combine(byteRange)
        var slot = hasher.finalize() & mask
        while slots[slot] != 0 {
          let j = Int(slots[slot]) - 1
          let other = uri(j)
          if other.count == range.count, bytes[other].elementsEqual(bytes[range]),
            !withRanges || segments[j].byteRange == byteRange
          {
            break
          }
          slot = (slot + 1) & mask
        }
        guard slots[slot] != 0 else {
          slots[slot] = Int32(i + 1)
          continue
        }
        let earlier = Int(slots[slot]) - 1
        context.report(
          duplicateSegment,
          "segment \(first &+ UInt64(i)) repeats '\(ASCII.string(source.bytes, range))' of "
            + "segment \(first &+ UInt64(earlier)) (line \(context.number(Int(uriLines[earlier]))))",
          line: Int(uriLines[i]))
      }
    }
  }

  private static func checkStart(
    _ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext
  ) {
    guard let start = media.start, let line = survey.first(.start) else { return }
    let offset = start.timeOffset
    let total = media.totalDuration
    if offset.magnitude > total {
      context.report(
        startOffsetOutOfRange,
        "EXT-X-START TIME-OFFSET \(offset) is beyond the playlist's duration \(total)",
        line: line, column: context.column(of: "TIME-OFFSET", line: line))
      return
    }
    guard !media.endList, media.playlistType != .vod, let target = media.targetDuration else {
      return
    }
    let fromEnd = offset.isNegative ? offset.magnitude : total - offset
    let minimum = ExactDecimal.times(3, target)
    if fromEnd < minimum {
      context.report(
        startOffsetOutOfRange,
        "EXT-X-START TIME-OFFSET \(offset) is \(fromEnd) s from the live edge, less than three "
          + "target durations (\(minimum) s)",
        line: line, column: context.column(of: "TIME-OFFSET", line: line))
    }
  }
}
