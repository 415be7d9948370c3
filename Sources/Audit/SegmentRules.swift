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
    // The first segment of each hash, and the rare others whose hash collides with it.
    var seen: [Int: Int] = [:]
    seen.reserveCapacity(segments.count)
    var collisions: [Int: [Int]] = [:]
    source.bytes.withUnsafeBufferPointer { bytes in
      func uri(_ i: Int) -> Range<Int> {
        ASCII.trimmed(source.bytes, source.lines[uriLines[i]].range)
      }
      for i in segments.indices {
        let range = uri(i)
        let byteRange = withRanges ? segments[i].byteRange : nil
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
        hasher.combine(byteRange)
        let key = hasher.finalize()
        func same(_ j: Int) -> Bool {
          bytes[uri(j)].elementsEqual(bytes[range])
            && (!withRanges || segments[j].byteRange == byteRange)
        }
        guard let firstWithKey = seen[key] else {
          seen[key] = i
          continue
        }
        let earlier = same(firstWithKey) ? firstWithKey : collisions[key]?.first(where: same)
        if let earlier {
          context.report(
            duplicateSegment,
            "segment \(first &+ UInt64(i)) repeats '\(ASCII.string(source.bytes, range))' of "
              + "segment \(first &+ UInt64(earlier)) (line \(context.number(uriLines[earlier])))",
            line: uriLines[i])
        } else {
          collisions[key, default: []].append(i)
        }
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
