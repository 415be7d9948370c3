import AdInsertion
import HLS
import ManifestCore

/// Ad-marker rules on declared and measured durations: CUE-OUT durations against the segments,
/// CONT elapsed times and durations, overruns, zero-length and post-roll breaks, and dialects
/// that disagree on a break's length.
enum AdDurationRules {
  static let cueOutWithoutDuration = AuditRule(
    id: "ads.cue-out-without-duration", severity: .warning, scope: .media,
    summary: "A bare #EXT-X-CUE-OUT that declares no duration.",
    rationale: "Without a duration an ad server cannot fill the break until the CUE-IN arrives "
      + "(Google DAI requires one).",
    reference: "docs/ad-audit-rules.md AM011")
  static let durationMismatch = AuditRule(
    id: "ads.duration-mismatch", severity: .warning, scope: .media,
    summary: "A closed break whose declared duration differs from the sum of its segments' "
      + "EXTINF by more than the tolerance.",
    rationale: "Ads are sized to the declared length; a shorter or longer break cuts them or "
      + "leaves slate.",
    reference: "docs/ad-audit-rules.md AM012")
  static let contElapsedMismatch = AuditRule(
    id: "ads.cont-elapsed-mismatch", severity: .error, scope: .media,
    summary: "A continuation's elapsed time (ElapsedTime, a in a/b, ELAPSED, AVAIL-DUR-ELAPSED) "
      + "differs from the EXTINF summed since the break began by more than the tolerance.",
    rationale: "Clients joining mid-break position the ad by it; a wrong value plays the wrong "
      + "part of the ad.",
    reference: "docs/ad-audit-rules.md AM013")
  static let contElapsedNotIncreasing = AuditRule(
    id: "ads.cont-elapsed-not-increasing", severity: .error, scope: .media,
    summary: "A continuation's elapsed time is not greater than the previous one's.",
    rationale: "Elapsed time running backwards or standing still breaks every consumer that "
      + "tracks the break's progress.",
    reference: "docs/ad-audit-rules.md AM013")
  static let contDurationMismatch = AuditRule(
    id: "ads.cont-duration-mismatch", severity: .error, scope: .media,
    summary: "A continuation's declared duration (Duration, b in a/b) differs from the break's "
      + "by more than the tolerance.",
    rationale: "The break's length must not change while it runs; consumers disagree on its "
      + "end.",
    reference: "docs/ad-audit-rules.md AM014")
  static let breakOverrun = AuditRule(
    id: "ads.break-overrun", severity: .warning, scope: .media,
    summary: "A continuation's elapsed time is beyond the break's declared duration (plus the "
      + "tolerance).",
    rationale: "The break has run past its end without a CUE-IN.",
    reference: "docs/ad-audit-rules.md AM015")
  static let zeroLengthBreak = AuditRule(
    id: "ads.zero-length-break", severity: .warning, scope: .media,
    summary: "A break closed before any segment (CUE-OUT then CUE-IN on the same segment), "
      + "unless it declares 0 s (the MediaTailor VOD insertion point CUE-OUT:0).",
    rationale: "An empty break inserts nothing, or an ad over no content.",
    reference: "docs/ad-audit-rules.md AM016")
  static let postRollPlacement = AuditRule(
    id: "ads.post-roll-placement", severity: .warning, scope: .media,
    summary: "In a VOD playlist, a break opened after the last segment (a post-roll).",
    rationale: "MediaTailor only sees markers before the last segment; put the post-roll there.",
    reference: "docs/ad-audit-rules.md AM017; AWS MediaTailor VOD ad markers", isOptIn: true)

  static let rules = [
    cueOutWithoutDuration, durationMismatch, contElapsedMismatch, contElapsedNotIncreasing,
    contDurationMismatch, breakOverrun, zeroLengthBreak, postRollPlacement,
  ]

  static func check(_ input: AdInput, _ context: inout AuditContext) {
    let tolerance = context.options.tolerance
    for adBreak in input.timeline.breaks {
      for signal in adBreak.signals {
        checkSignal(signal, input, tolerance, &context)
        checkContinuations(signal, input, tolerance, &context)
      }
      checkDialects(adBreak, input, tolerance, &context)
    }
  }

  private static func checkSignal(
    _ signal: AdSignal, _ input: AdInput, _ tolerance: ExactDecimal,
    _ context: inout AuditContext
  ) {
    guard let opening = signal.opening else { return }
    if opening.tag == "EXT-X-CUE-OUT" && opening.declaredDuration == nil {
      context.report(
        cueOutWithoutDuration, "EXT-X-CUE-OUT on line \(opening.line) declares no duration",
        at: opening.location)
    }
    // An interstitial post-roll (CUE=POST) belongs after the last segment.
    if !input.timeline.isLive && signal.startSegment >= input.segmentCount
      && signal.dialect != .interstitial
    {
      context.report(
        postRollPlacement,
        "\(opening.tag) on line \(opening.line) opens a break after the last segment; put a "
          + "post-roll before it", at: opening.location)
    }
    guard let closing = signal.closing else { return }
    let declared = opening.declaredSeconds ?? signal.declaredSeconds
    if signal.endSegment == nil {
      if declared != .zero {
        context.report(
          zeroLengthBreak,
          "\(opening.tag) on line \(opening.line) is closed by \(closing.tag) on line "
            + "\(closing.line) with no segment in between", at: opening.location)
      }
      return
    }
    guard let declared, declared > .zero, signal.dialect != .dateRange else { return }
    let measured = input.measured(signal)
    if declared.differs(from: measured, by: tolerance) {
      context.report(
        durationMismatch,
        "\(opening.tag) on line \(opening.line) declares \(declared) s, but its EXTINF "
          + "durations add up to \(measured) s (\(input.segments(signal)); tolerance "
          + "\(tolerance) s)",
        at: opening.location)
    }
  }

  private static func checkContinuations(
    _ signal: AdSignal, _ input: AdInput, _ tolerance: ExactDecimal,
    _ context: inout AuditContext
  ) {
    let declared =
      signal.opening?.declaredSeconds
      ?? signal.continuations.lazy
      .compactMap(\.declaredSeconds).first
    // Elapsed times are measured from the opening tag's segment, or, for a break that began
    // before the window, from the first continuation's own value.
    var reference: (segment: Int, elapsed: ExactDecimal, line: Int)? = nil
    if let opening = signal.opening {
      reference = (signal.startSegment, .zero, opening.line)
    }
    var previous: AdMarker? = nil
    for marker in signal.continuations {
      if let declared, let own = marker.declaredSeconds, own.differs(from: declared, by: tolerance)
      {
        context.report(
          contDurationMismatch,
          "\(marker.tag) declares a \(own) s break, but the break declares \(declared) s "
            + "(tolerance \(tolerance) s)", at: marker.location)
      }
      guard let elapsed = marker.elapsedSeconds else { continue }
      if let before = previous?.elapsedSeconds, let previous, elapsed <= before {
        context.report(
          contElapsedNotIncreasing,
          "\(marker.tag) elapsed \(elapsed) s is not after the \(before) s on line "
            + "\(previous.line)", at: marker.location)
      }
      if let reference {
        let expected =
          reference.elapsed + input.start(marker.segmentIndex) - input.start(reference.segment)
        if elapsed.differs(from: expected, by: tolerance) {
          context.report(
            contElapsedMismatch,
            "\(marker.tag) elapsed \(elapsed) s differs from the \(expected) s of segments since "
              + "the break began (line \(reference.line); tolerance \(tolerance) s)",
            at: marker.location)
        }
      } else {
        reference = (marker.segmentIndex, elapsed, marker.line)
      }
      if let declared, elapsed > declared + tolerance {
        context.report(
          breakOverrun,
          "\(marker.tag) elapsed \(elapsed) s is beyond the break's declared \(declared) s",
          at: marker.location)
      }
      previous = marker
    }
  }

  /// Dialects marking the same break must agree on its length and its last segment.
  private static func checkDialects(
    _ adBreak: AdBreak, _ input: AdInput, _ tolerance: ExactDecimal,
    _ context: inout AuditContext
  ) {
    // An AD_LENGTH block is one ad of a pod inside the break, not another account of it.
    let accounts = adBreak.signals.filter { $0.dialect != .beacon }
    guard accounts.count > 1, let first = accounts.first else { return }
    let firstDeclared = first.declaredSeconds
    for signal in accounts.dropFirst() {
      let location = (signal.opening ?? signal.firstMarker)?.location ?? .start
      if let a = firstDeclared, let b = signal.declaredSeconds, a.differs(from: b, by: tolerance) {
        context.report(
          dialectsDisagree,
          "the \(signal.dialect.rawValue) marker on line \(signal.line) declares \(b) s, the "
            + "\(first.dialect.rawValue) marker on line \(first.line) \(a) s", at: location)
      } else if !first.open && !signal.open && signal.endSegment != first.endSegment {
        context.report(
          dialectsDisagree,
          "the \(signal.dialect.rawValue) break on line \(signal.line) covers "
            + "\(input.segments(signal)), the \(first.dialect.rawValue) break on line "
            + "\(first.line) \(input.segments(first))", at: location)
      }
    }
  }

  private static var dialectsDisagree: AuditRule { AdPairingRules.dialectsDisagree }
}
