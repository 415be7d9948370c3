import AdInsertion
import HLS
import ManifestCore

/// Ad-marker rules on how tags open, continue and close breaks, in every dialect. The ad
/// timeline (AdInsertion) finds these while reading; each of its issue kinds is one rule here.
enum AdPairingRules {
  static let cueOutWithoutCueIn = AuditRule(
    id: "ads.cue-out-without-cue-in", severity: .error, scope: .media,
    summary: "A break that nothing closes: no CUE-IN (SCTE35-IN, SpliceIn, …) before "
      + "EXT-X-ENDLIST in a finished playlist, or, live, none after its declared duration has "
      + "run (plus the tolerance).",
    rationale: "Players and ad servers stay in the break: content is replaced by slate or ads "
      + "to the end.",
    reference: "docs/ad-audit-rules.md AM001; Google DAI CUE-IN requirement")
  static let cueInWithoutCueOut = AuditRule(
    id: "ads.cue-in-without-cue-out", severity: .error, scope: .media,
    summary: "A closing tag (CUE-IN, SpliceIn, CUE-IN=YES, an IN cue) with no open break; "
      + "allowed at the start of a live window, where the break began before it.",
    rationale: "An orphan IN means the OUT was lost or mistyped; the break is not inserted.",
    reference: "docs/ad-audit-rules.md AM002")
  static let contWithoutCueOut = AuditRule(
    id: "ads.cue-out-cont-without-cue-out", severity: .error, scope: .media,
    summary: "A continuation tag (CUE-OUT-CONT, EXT-X-CUE-CONT, CUE-OUT=CONT) with no open "
      + "break, other than on the first segment of a live window.",
    rationale: "Continuations outside a break make ad servers start a break mid-way or ignore "
      + "it.",
    reference: "docs/ad-audit-rules.md AM004")
  static let cueOutWhileOpen = AuditRule(
    id: "ads.cue-out-while-open", severity: .error, scope: .media,
    summary: "An opening tag while a break of the same dialect is still open (nested or "
      + "overlapping breaks).",
    rationale: "Ad servers accept an OUT only outside a break; the first break is cut short.",
    reference: "docs/ad-audit-rules.md AM003")
  static let dialectsDisagree = AuditRule(
    id: "ads.dialects-disagree", severity: .warning, scope: .media,
    summary: "Several dialects mark one break (CUE-OUT, DATERANGE, EXT-X-SCTE35, …) but "
      + "disagree on where it starts or ends or how long it is.",
    rationale: "Different consumers read different dialects; they insert different breaks.",
    reference: "docs/ad-audit-rules.md AM005")
  static let durationSyntax = AuditRule(
    id: "ads.duration-syntax", severity: .error, scope: .media,
    summary: "A declared duration, elapsed time or AD_LENGTH that is not a non-negative "
      + "decimal number of seconds (`PT30S`, `30s`, empty).",
    rationale: "Ad servers read seconds; an ISO 8601 or unit-suffixed value is read as no "
      + "duration at all.",
    reference: "docs/ad-audit-rules.md AM010; MediaTailor troubleshooting")
  static let malformedMarker = AuditRule(
    id: "ads.malformed-marker", severity: .error, scope: .media,
    summary: "An ad-marker tag that cannot be read: no payload where one is required, an "
      + "EXT-X-CUE without a known TYPE, an EXT-X-BEACON without EVENT or URL, a SCTE35-OUT "
      + "DATERANGE without START-DATE.",
    rationale: "The marker is dropped by every consumer.",
    reference: "docs/ad-audit-rules.md AM010, AM030, AM061")
  static let scte35Undecodable = AuditRule(
    id: "ads.scte35-undecodable", severity: .error, scope: .media,
    summary: "A SCTE-35 payload that does not decode: bad base64 or hex, table_id not 0xFC, "
      + "section_length or a command running past the data.",
    rationale: "Consumers that act on the cue (not the tag) drop the break.",
    reference: "SCTE 35 §9.2; docs/ad-audit-rules.md AM020")
  static let scte35WithoutBreak = AuditRule(
    id: "ads.scte35-without-break", severity: .info, scope: .media,
    summary: "A SCTE-35 cue that neither opens nor closes an ad break (a program or chapter "
      + "boundary, a time_signal without an ad segmentation type).",
    rationale: "Worth knowing: such cues are kept as metadata, not turned into breaks.",
    reference: "SCTE 35 §10.3.3.1 Table 23")
  static let beaconOutsideBreak = AuditRule(
    id: "ads.beacon-outside-break", severity: .error, scope: .media,
    summary: "An EXT-X-BEACON EVENT outside every AD_LENGTH block.",
    rationale: "A tracking beacon outside an ad is never fired (or fired for content).",
    reference: "docs/ad-audit-rules.md AM060 (beacon syntax unverified)")
  static let dateRangeIDMismatch = AuditRule(
    id: "ads.daterange-out-in-id-mismatch", severity: .error, scope: .media,
    summary: "An EXT-X-DATERANGE with SCTE35-IN whose ID no DATERANGE with SCTE35-OUT has.",
    rationale: "The OUT and IN of one splice MUST share an ID; consumers cannot pair them.",
    reference: "RFC 8216bis §4.4.5.1.1; docs/ad-audit-rules.md AM035")

  static let rules = [
    cueOutWithoutCueIn, cueInWithoutCueOut, contWithoutCueOut, cueOutWhileOpen,
    dialectsDisagree, durationSyntax, malformedMarker, scte35Undecodable, scte35WithoutBreak,
    beaconOutsideBreak, dateRangeIDMismatch,
  ]

  /// The rule that reports an issue of `kind`, or `nil` for issues a spec rule reports
  /// (a conflicting or PDT-less DATERANGE is a date-range problem, not an ad one).
  static func rule(for kind: AdMarkerIssue.Kind) -> AuditRule? {
    switch kind {
    case .malformedDuration: durationSyntax
    case .malformedTag: malformedMarker
    case .undecodablePayload: scte35Undecodable
    case .payloadWithoutBreak: scte35WithoutBreak
    case .nestedOut: cueOutWhileOpen
    case .orphanIn: cueInWithoutCueOut
    case .orphanCont: contWithoutCueOut
    case .unterminatedBreak: cueOutWithoutCueIn
    case .beaconOutsideBreak: beaconOutsideBreak
    case .unpairedDateRange: dateRangeIDMismatch
    case .overlappingBreaks: dialectsDisagree
    case .conflictingDateRange, .dateRangeWithoutProgramDateTime: nil
    }
  }

  /// Dialects whose breaks end only at a closing tag.
  static let closedByTag: Set<AdMarkerDialect> = [.cueOut, .oatcls, .scte35Tag, .splicePoint]

  static func check(_ input: AdInput, _ context: inout AuditContext) {
    let issues = input.timeline.issues
    let pods =
      issues.contains { $0.kind == .overlappingBreaks }
      ? podsInsideBreaks(input.timeline.breaks) : []
    for issue in issues {
      guard let rule = rule(for: issue.kind) else { continue }
      if issue.kind == .overlappingBreaks && pods.contains(issue.location) { continue }
      context.report(rule, issue.message, at: issue.location)
    }
    guard input.timeline.isLive else { return }
    let tolerance = context.options.tolerance
    for signal in input.signals where signal.open && closedByTag.contains(signal.dialect) {
      guard let opening = signal.opening, let declared = opening.declaredSeconds,
        declared > .zero
      else { continue }
      let ran = input.start(input.segmentCount) - input.start(signal.startSegment)
      if ran > declared + tolerance {
        context.report(
          cueOutWithoutCueIn,
          "\(opening.tag) on line \(opening.line) declares \(declared) s, but \(ran) s of "
            + "segments have passed with no closing tag (tolerance \(tolerance) s)",
          at: opening.location)
      }
    }
  }

  /// Where the overlaps are (the location of the later break's first tag) that are an
  /// AD_LENGTH block (one ad of a pod) starting inside an earlier break of another dialect: the
  /// pod's ads are meant to be inside it. One pass over the breaks, keeping the furthest end of
  /// the other dialects' breaks so far; searching the breaks per overlap was quadratic.
  private static func podsInsideBreaks(_ breaks: [AdBreak]) -> Set<SourceLocation> {
    var pods = Set<SourceLocation>()
    var seen = Set<SourceLocation>()
    var furthestEnd = -1
    for adBreak in breaks {
      guard let first = adBreak.signals.first?.firstMarker?.location else { continue }
      // The first break with this tag decides, as a search from the start would.
      if seen.insert(first).inserted, adBreak.dialect == .beacon,
        furthestEnd >= adBreak.startSegment
      {
        pods.insert(first)
      }
      if adBreak.dialect != .beacon { furthestEnd = max(furthestEnd, adBreak.endSegment ?? -1) }
    }
    return pods
  }
}
