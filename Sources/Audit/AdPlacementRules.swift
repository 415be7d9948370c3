import AdInsertion
import HLS
import ManifestCore

/// Where ad breaks sit: SCTE-35 DATERANGE values and start dates, and EXT-X-DISCONTINUITY at
/// break boundaries.
enum AdPlacementRules {
  static let dateRangeNotHex = AuditRule(
    id: "ads.daterange-scte35-not-hex", severity: .warning, scope: .media,
    summary: "An EXT-X-DATERANGE SCTE35-CMD, SCTE35-OUT or SCTE35-IN that is not a 0x "
      + "hexadecimal sequence (base64 placed there, say).",
    rationale: "The attributes are hexadecimal-sequences; consumers that expect hex drop the cue.",
    reference: "RFC 8216bis §4.4.5.1.1; docs/ad-audit-rules.md AM036")
  static let dateRangeStartOffBoundary = AuditRule(
    id: "ads.daterange-start-off-boundary", severity: .warning, scope: .media,
    summary: "A SCTE35-OUT DATERANGE whose START-DATE falls inside a segment (by "
      + "EXT-X-PROGRAM-DATE-TIME) rather than at a segment's start, beyond the tolerance.",
    rationale: "Splices are cut at segment boundaries; players that place the break by "
      + "START-DATE (hls.js) start it mid-segment.",
    reference: "RFC 8216bis §4.4.5.1.1; docs/ad-audit-rules.md AM037, AM040 (see notes)")
  static let discontinuityPolicy = AuditRule(
    id: "ads.discontinuity-policy", severity: .warning, scope: .media,
    summary: "With a discontinuity policy (`--discontinuities require|forbid`): a break "
      + "boundary (its first segment, the segment after it) without, or with, "
      + "EXT-X-DISCONTINUITY.",
    rationale: "Stitchers differ: MediaTailor output has a discontinuity at every boundary, "
      + "some packagers must not; the policy says which the pipeline expects.",
    reference: "docs/ad-audit-rules.md AM041")

  static let rules = [dateRangeNotHex, dateRangeStartOffBoundary, discontinuityPolicy]

  static func check(_ input: AdInput, _ context: inout AuditContext) {
    checkHex(input.media, &context)
    checkStartDates(input, &context)
    if let policy = context.options.discontinuities {
      checkDiscontinuities(input, policy, &context)
    }
  }

  private static func checkHex(_ media: MediaPlaylist, _ context: inout AuditContext) {
    for range in media.dateRanges {
      let values = [
        ("SCTE35-CMD", range.scte35Command), ("SCTE35-OUT", range.scte35Out),
        ("SCTE35-IN", range.scte35In),
      ]
      for case (let name, let value?) in values where !isHexSequence(value) {
        let start = value.prefix(12)
        context.report(
          dateRangeNotHex,
          "EXT-X-DATERANGE \"\(range.id)\" \(name) is not a 0x hexadecimal sequence ('\(start)"
            + "\(value.count > 12 ? "…" : "")')", line: range.line,
          column: context.column(of: name, line: range.line))
      }
    }
  }

  /// `0x` then hexadecimal digits (RFC 8216bis §4.2 hexadecimal-sequence).
  static func isHexSequence(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return ASCII.isHexadecimalSequence(bytes, 0..<bytes.count)
  }

  private static func checkStartDates(_ input: AdInput, _ context: inout AuditContext) {
    let tolerance = context.options.tolerance
    let segments = input.media.segments
    for signal in input.signals where signal.dialect == .dateRange {
      guard let opening = signal.opening, opening.role == .out,
        let text = opening.attribute("START-DATE"), let date = DateTime(text),
        signal.startSegment < segments.count, !signal.startedBeforeWindow
      else { continue }
      let segment = segments[signal.startSegment]
      guard let pdt = segment.programDateTime else { continue }
      let offset = date.seconds(since: pdt)
      let fromEnd = segment.duration - offset
      if offset.magnitude > tolerance && fromEnd.magnitude > tolerance {
        context.report(
          dateRangeStartOffBoundary,
          "EXT-X-DATERANGE \"\(signal.id ?? "")\" START-DATE \(text) is \(offset) s into segment "
            + "\(segment.mediaSequence) (which starts at \(pdt)), not on a segment boundary "
            + "(tolerance \(tolerance) s)", at: opening.location)
      }
    }
  }

  private static func checkDiscontinuities(
    _ input: AdInput, _ policy: AuditOptions.DiscontinuityPolicy, _ context: inout AuditContext
  ) {
    let segments = input.media.segments
    for adBreak in input.timeline.breaks where !adBreak.startedBeforeWindow {
      var boundaries = [adBreak.startSegment]
      if let end = adBreak.endSegment, !adBreak.open { boundaries.append(end + 1) }
      for index in boundaries where index < segments.count && index > 0 {
        let segment = segments[index]
        let which = index == adBreak.startSegment ? "first segment of" : "segment after"
        if segment.discontinuity != (policy == .require) {
          context.report(
            discontinuityPolicy,
            "the \(which) the break opened on line \(adBreak.line) (segment "
              + "\(segment.mediaSequence)) \(policy == .require ? "has no" : "has an") "
              + "EXT-X-DISCONTINUITY; the policy is \(policy.rawValue)",
            line: segment.infLine ?? segment.uriLine)
        }
      }
    }
  }
}
