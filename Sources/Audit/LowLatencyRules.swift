import HLS
import ManifestCore

/// Low-Latency HLS rules (RFC 8216bis §4.4.3.7, §4.4.3.8, §4.4.4.9, §4.4.5.2–§4.4.5.4, §6.2.2).
enum LowLatencyRules {
  static let partInfMissing = AuditRule(
    id: "ll-hls.part-inf-missing", severity: .error, scope: .media,
    summary: "A playlist with EXT-X-PART tags has no EXT-X-PART-INF.",
    rationale: "EXT-X-PART-INF is REQUIRED with partial segments; without a part target "
      + "clients cannot plan blocking reloads.",
    reference: "RFC 8216bis §4.4.3.7")
  static let partExceedsTarget = AuditRule(
    id: "ll-hls.part-exceeds-part-target", severity: .error, scope: .media,
    summary: "A partial segment's DURATION is above PART-TARGET.",
    rationale: "A part MUST NOT be longer than the part target (the spec allows no tolerance "
      + "above it); clients time their requests by it.",
    reference: "RFC 8216bis §4.4.4.9")
  static let partTooShort = AuditRule(
    id: "ll-hls.part-too-short", severity: .error, scope: .media,
    summary: "A partial segment shorter than 85% of PART-TARGET that is not INDEPENDENT, not a "
      + "GAP, not followed by a GAP part and not the last part of its segment.",
    rationale: "Parts MUST be at least 85% of the part target apart from those exceptions (the "
      + "spec's tolerance for parts); short parts multiply requests.",
    reference: "RFC 8216bis §4.4.4.9")
  static let partHoldBackMissing = AuditRule(
    id: "ll-hls.part-hold-back-missing", severity: .error, scope: .media,
    summary: "A playlist with EXT-X-PART-INF has no PART-HOLD-BACK in EXT-X-SERVER-CONTROL.",
    rationale: "PART-HOLD-BACK is REQUIRED with EXT-X-PART-INF; clients need it to start in "
      + "low-latency mode.",
    reference: "RFC 8216bis §4.4.3.8")
  static let partHoldBackTooSmall = AuditRule(
    id: "ll-hls.part-hold-back-too-small", severity: .error, scope: .media,
    summary: "PART-HOLD-BACK is below twice PART-TARGET.",
    rationale: "PART-HOLD-BACK MUST be at least twice the part target, or clients play parts "
      + "that do not exist yet.",
    reference: "RFC 8216bis §4.4.3.8")
  static let partHoldBackBelowRecommended = AuditRule(
    id: "ll-hls.part-hold-back-below-recommended", severity: .warning, scope: .media,
    summary: "PART-HOLD-BACK is at least twice but below three times PART-TARGET.",
    rationale: "It SHOULD be at least three part targets; less leaves no margin for a late "
      + "part.",
    reference: "RFC 8216bis §4.4.3.8")
  static let holdBackTooSmall = AuditRule(
    id: "ll-hls.hold-back-too-small", severity: .error, scope: .media,
    summary: "HOLD-BACK is below three times EXT-X-TARGETDURATION.",
    rationale: "HOLD-BACK MUST be at least three target durations; less starts playback too "
      + "close to the live edge.",
    reference: "RFC 8216bis §4.4.3.8")
  static let canSkipUntilTooSmall = AuditRule(
    id: "ll-hls.can-skip-until-too-small", severity: .error, scope: .media,
    summary: "CAN-SKIP-UNTIL is below six times EXT-X-TARGETDURATION.",
    rationale: "The skip boundary MUST be at least six target durations, so delta updates keep "
      + "enough segments for clients to resynchronise.",
    reference: "RFC 8216bis §4.4.3.8")
  static let skipDateRangesWithoutSkipUntil = AuditRule(
    id: "ll-hls.can-skip-dateranges-without-can-skip-until", severity: .error, scope: .media,
    summary: "CAN-SKIP-DATERANGES=YES without CAN-SKIP-UNTIL.",
    rationale: "CAN-SKIP-DATERANGES REQUIRES CAN-SKIP-UNTIL; the server cannot skip date ranges "
      + "without skipping segments.",
    reference: "RFC 8216bis §4.4.3.8")
  static let skipWithoutSkipUntil = AuditRule(
    id: "ll-hls.skip-without-can-skip-until", severity: .error, scope: .media,
    summary: "A delta update (EXT-X-SKIP) whose EXT-X-SERVER-CONTROL has no CAN-SKIP-UNTIL.",
    rationale: "Servers produce delta updates only when they advertise CAN-SKIP-UNTIL; clients "
      + "that did not ask for one cannot merge it.",
    reference: "RFC 8216bis §4.4.3.8, §4.4.5.2")
  static let firstPartNotIndependent = AuditRule(
    id: "ll-hls.first-part-not-independent", severity: .warning, scope: .media,
    summary: "In a playlist with EXT-X-INDEPENDENT-SEGMENTS, the first part of a segment is not "
      + "INDEPENDENT=YES.",
    rationale: "Each segment starts with an independent frame, so its first part SHOULD say so; "
      + "clients join and switch only at INDEPENDENT parts.",
    reference: "RFC 8216bis §4.4.2.1, §4.4.4.9")
  static let staleParts = AuditRule(
    id: "ll-hls.stale-parts", severity: .warning, scope: .media,
    summary: "EXT-X-PART tags on a segment that ends more than three target durations before the "
      + "end of the playlist.",
    rationale: "Parts SHOULD be removed once they are three target durations from the end; old "
      + "parts only make every reload bigger.",
    reference: "RFC 8216bis §6.2.2")
  static let segmentTagAfterPart = AuditRule(
    id: "ll-hls.segment-tag-after-part", severity: .error, scope: .media,
    summary: "EXT-X-DISCONTINUITY, EXT-X-KEY, EXT-X-MAP or EXT-X-PROGRAM-DATE-TIME after the "
      + "first EXT-X-PART of its segment.",
    rationale: "These tags apply to the segment's first part too, so they MUST come before it.",
    reference: "RFC 8216bis §4.4.4.9")
  static let preloadHintWithEndList = AuditRule(
    id: "ll-hls.preload-hint-with-endlist", severity: .error, scope: .media,
    summary: "A playlist with EXT-X-ENDLIST has an EXT-X-PRELOAD-HINT.",
    rationale: "A finished playlist MUST NOT hint at a resource that will never come.",
    reference: "RFC 8216bis §4.4.5.3")
  static let preloadHintInvalid = AuditRule(
    id: "ll-hls.preload-hint-invalid", severity: .error, scope: .media,
    summary: "Two EXT-X-PRELOAD-HINT tags of one TYPE, or a hint for a part already listed.",
    rationale: "A hint names the one next resource of its type; a hint for a listed part makes "
      + "clients request it twice.",
    reference: "RFC 8216bis §4.4.5.3")
  static let renditionReportInvalid = AuditRule(
    id: "ll-hls.rendition-report-invalid", severity: .error, scope: .media,
    summary: "An EXT-X-RENDITION-REPORT with an absolute URI, or two reports for one URI.",
    rationale: "The URI MUST be relative to the playlist; a repeated report leaves clients "
      + "with two answers.",
    reference: "RFC 8216bis §4.4.5.4")

  static let rules = [
    partInfMissing, partExceedsTarget, partTooShort, partHoldBackMissing, partHoldBackTooSmall,
    partHoldBackBelowRecommended, holdBackTooSmall, canSkipUntilTooSmall,
    skipDateRangesWithoutSkipUntil, skipWithoutSkipUntil, firstPartNotIndependent, staleParts,
    segmentTagAfterPart, preloadHintWithEndList, preloadHintInvalid, renditionReportInvalid,
  ]

  static func check(_ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext) {
    guard context.anyOn(rules) else { return }
    checkServerControl(media, survey, &context)
    let hasParts = survey.first(.part) != nil
    if hasParts && media.partInformation == nil, let line = survey.first(.part) {
      context.report(
        partInfMissing, "EXT-X-PART is used but there is no EXT-X-PART-INF", line: line)
    }
    if hasParts { checkParts(media, survey, &context) }
    checkHints(media, survey, &context)
    var reported: [String: RenditionReport] = [:]
    for report in media.renditionReports {
      if URIResolver.hasScheme(report.uri) {
        context.report(
          renditionReportInvalid,
          "EXT-X-RENDITION-REPORT URI \(report.uri) is absolute; it must be relative to this "
            + "playlist", line: report.line, column: context.column(of: "URI", line: report.line))
      } else if let first = reported[report.uri] {
        context.report(
          renditionReportInvalid,
          "EXT-X-RENDITION-REPORT for \(report.uri) repeats line \(context.number(first.line))",
          line: report.line)
      } else {
        reported[report.uri] = report
      }
    }
  }

  /// How far below three part targets PART-HOLD-BACK may be and still count as three: part
  /// targets are written rounded (RFC 8216bis's own examples pair PART-TARGET=0.33334 with
  /// PART-HOLD-BACK=1.0), so a difference under a millisecond is rounding, not a short margin.
  private static let roundingAllowance = ExactDecimal(significand: 1, scale: 3)

  private static func checkServerControl(
    _ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext
  ) {
    let control = media.serverControl
    let line = survey.first(.serverControl) ?? 0
    if let part = media.partInformation {
      let target = part.partTarget
      if let holdBack = control?.partHoldBack {
        let twice = target + target
        let thrice = twice + target
        if holdBack < twice {
          context.report(
            partHoldBackTooSmall,
            "PART-HOLD-BACK \(holdBack) is below twice PART-TARGET \(target) (\(twice))",
            line: line, column: context.column(of: "PART-HOLD-BACK", line: line))
        } else if holdBack + roundingAllowance < thrice {
          context.report(
            partHoldBackBelowRecommended,
            "PART-HOLD-BACK \(holdBack) is below three times PART-TARGET \(target) (\(thrice))",
            line: line, column: context.column(of: "PART-HOLD-BACK", line: line))
        }
      } else {
        context.report(
          partHoldBackMissing,
          "EXT-X-PART-INF is present but EXT-X-SERVER-CONTROL has no PART-HOLD-BACK",
          line: survey.first(.serverControl) ?? survey.first(.partInf) ?? 0)
      }
    }
    if let target = media.targetDuration {
      let threeTargets = ExactDecimal.times(3, target)
      let sixTargets = ExactDecimal.times(6, target)
      if let holdBack = control?.holdBack, holdBack < threeTargets {
        context.report(
          holdBackTooSmall,
          "HOLD-BACK \(holdBack) is below three times EXT-X-TARGETDURATION \(target) "
            + "(\(threeTargets))", line: line,
          column: context.column(of: "HOLD-BACK", line: line))
      }
      if let until = control?.canSkipUntil, until < sixTargets {
        context.report(
          canSkipUntilTooSmall,
          "CAN-SKIP-UNTIL \(until) is below six times EXT-X-TARGETDURATION \(target) "
            + "(\(sixTargets))", line: line,
          column: context.column(of: "CAN-SKIP-UNTIL", line: line))
      }
    }
    if let control, control.canSkipDateRanges, control.canSkipUntil == nil {
      context.report(
        skipDateRangesWithoutSkipUntil, "CAN-SKIP-DATERANGES=YES without CAN-SKIP-UNTIL",
        line: line, column: context.column(of: "CAN-SKIP-DATERANGES", line: line))
    }
    if let skip = media.skip, control?.canSkipUntil == nil {
      context.report(
        skipWithoutSkipUntil,
        "EXT-X-SKIP (a delta update) but EXT-X-SERVER-CONTROL has no CAN-SKIP-UNTIL",
        line: skip.line)
    }
  }

  /// Part durations, independence, staleness and the tags that must precede the first part.
  private static func checkParts(
    _ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext
  ) {
    let target = media.partInformation?.partTarget
    // 85 % of PART-TARGET; one too large to scale exactly is scaled a little low.
    let floor = target.map { target in
      let (scaled, overflow) = target.significand.multipliedReportingOverflow(by: 85)
      return overflow
        ? ExactDecimal(significand: target.significand / 100 * 85, scale: target.scale)
        : ExactDecimal(significand: scaled, scale: target.scale + 2).normalized
    }
    let total = media.totalDuration
    let staleLimit = media.targetDuration.map { ExactDecimal.times(3, $0) }
    let segments = media.segments
    var groups: [(parts: [PartialSegment], segment: Segment?)] = []
    for i in survey.segmentsWithParts where i < segments.count {
      let segment = segments[i]
      if !segment.parts.isEmpty { groups.append((segment.parts, segment)) }
    }
    if !media.pendingParts.isEmpty { groups.append((media.pendingParts, nil)) }
    for (parts, segment) in groups {
      checkPartDurations(parts, target, floor, &context)
      if media.independentSegments, let first = parts.first, !first.independent {
        context.report(
          firstPartNotIndependent,
          "the first part '\(first.uri)' of a segment is not INDEPENDENT=YES, but the playlist "
            + "has EXT-X-INDEPENDENT-SEGMENTS", line: first.line)
      }
      if let segment, let staleLimit, let first = parts.first {
        let fromEnd = total - (segment.startTime + segment.duration)
        if fromEnd > staleLimit {
          context.report(
            staleParts,
            "segment \(segment.mediaSequence) still lists its parts \(fromEnd) s before the end "
              + "of the playlist (more than three target durations, \(staleLimit) s)",
            line: first.line)
        }
      }
      checkTagsAfterFirstPart(parts, segment, &context)
    }
  }

  private static func checkPartDurations(
    _ parts: [PartialSegment], _ target: ExactDecimal?, _ floor: ExactDecimal?,
    _ context: inout AuditContext
  ) {
    guard let target, let floor else { return }
    for (k, part) in parts.enumerated() {
      if part.duration > target {
        context.report(
          partExceedsTarget,
          "EXT-X-PART '\(part.uri)' DURATION \(part.duration) is above PART-TARGET \(target)",
          line: part.line, column: context.column(of: "DURATION", line: part.line))
        continue
      }
      let isLast = k == parts.count - 1
      let nextIsGap = !isLast && parts[k + 1].gap
      // The last listed part of the segment still being produced may not be its final part,
      // but it is the newest: it is exempt like a final part until the next one appears.
      if part.duration < floor && !part.independent && !part.gap && !nextIsGap && !isLast {
        context.report(
          partTooShort,
          "EXT-X-PART '\(part.uri)' DURATION \(part.duration) is below 85% of PART-TARGET "
            + "\(target) (\(floor))",
          line: part.line, column: context.column(of: "DURATION", line: part.line))
      }
    }
  }

  private static func checkTagsAfterFirstPart(
    _ parts: [PartialSegment], _ segment: Segment?, _ context: inout AuditContext
  ) {
    guard let first = parts.first else { return }
    let lines = context.source.lines
    let end = segment?.uriLine ?? lines.count
    var index = first.line + 1
    while index < end {
      switch lines[index].tag {
      case .discontinuity, .key, .map, .programDateTime:
        context.report(
          segmentTagAfterPart,
          "\(lines[index].tag.spelling) comes after the segment's first EXT-X-PART (line "
            + "\(context.number(first.line))); it must come before it", line: index)
      default: break
      }
      index += 1
    }
  }

  private static func checkHints(
    _ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext
  ) {
    let hints = media.preloadHints
    guard !hints.isEmpty else { return }
    if media.endList {
      context.report(
        preloadHintWithEndList,
        "EXT-X-PRELOAD-HINT in a playlist with EXT-X-ENDLIST (line "
          + "\(context.number(survey.first(.endList) ?? 0)))", line: hints[0].line)
    }
    var byType: [String: PreloadHint] = [:]
    let listed = Set(media.pendingParts.map(\.uri))
    for hint in hints {
      if let first = byType[hint.type] {
        context.report(
          preloadHintInvalid,
          "a second EXT-X-PRELOAD-HINT of TYPE=\(hint.type) (first on line "
            + "\(context.number(first.line)))", line: hint.line)
      } else if hint.type == "PART" && hint.byteRangeStart == nil && listed.contains(hint.uri) {
        context.report(
          preloadHintInvalid,
          "EXT-X-PRELOAD-HINT names '\(hint.uri)', a part already listed", line: hint.line,
          column: context.column(of: "URI", line: hint.line))
      }
      byType[hint.type] = byType[hint.type] ?? hint
    }
  }
}
