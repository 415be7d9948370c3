import AdInsertion
import HLS
import ManifestCore

/// `ads.variant-breaks-mismatch`: every variant and audio or video rendition of a presentation
/// carries the same ad breaks.
enum CrossVariantAdRules {
  static let breaksMismatch = AuditRule(
    id: "ads.variant-breaks-mismatch", severity: .error, scope: .variants,
    summary: "A variant or audio/video rendition whose ad breaks differ from the first "
      + "variant's: another count, or a break starting or lasting differently (beyond the "
      + "tolerance) or with another ID.",
    rationale: "Switching variants mid-stream then enters or leaves a break; ad servers "
      + "personalise each rendition from its own markers.",
    reference: "RFC 8216bis §6.2.4; docs/ad-audit-rules.md AM050")

  static let rules = [breaksMismatch]

  /// A followed playlist's breaks, and the window they were seen in.
  struct Breaks {
    var followed: FollowedPlaylist
    var media: MediaPlaylist
    var role: PlaylistRole
    var breaks: [AdBreak]
  }

  static func check(
    _ media: [(FollowedPlaylist, MediaPlaylist, PlaylistRole)], _ context: inout AuditContext
  ) {
    guard context.isOn(breaksMismatch) else { return }
    let compared = media.filter { [.variant, .audio, .video].contains($0.2) }.map {
      Breaks(followed: $0.0, media: $0.1, role: $0.2, breaks: AdTimeline($0.1).breaks)
    }
    guard let reference = compared.first(where: { $0.role == .variant }) ?? compared.first else {
      return
    }
    for other in compared where other.followed.uri != reference.followed.uri {
      compare(other, with: reference, &context)
    }
  }

  private static func compare(
    _ other: Breaks, with reference: Breaks, _ context: inout AuditContext
  ) {
    let tolerance = context.options.tolerance
    let name = reference.followed.uri
    let aligned =
      (reference.media.endList && other.media.endList)
      || reference.media.firstListedMediaSequence == other.media.firstListedMediaSequence
    guard aligned else { return comparePlacedByDate(other, with: reference, &context) }
    guard other.breaks.count == reference.breaks.count else {
      let at = other.breaks.dropFirst(reference.breaks.count).first
      context.report(
        breaksMismatch,
        "\(count(other.breaks)), but \(name) (the first variant) has "
          + "\(count(reference.breaks))", at: at.map { location($0, other) } ?? .start,
        file: other.followed.name)
      return
    }
    for (mine, theirs) in zip(other.breaks, reference.breaks) {
      var differences: [String] = []
      if mine.start.differs(from: theirs.start, by: tolerance) {
        differences.append("starts at \(mine.start) s, not \(theirs.start) s")
      }
      differences += lengthAndID(mine, theirs, tolerance)
      report(differences, mine, other, name, tolerance, &context)
    }
  }

  /// Live windows that do not start together: breaks are matched by program date-time.
  private static func comparePlacedByDate(
    _ other: Breaks, with reference: Breaks, _ context: inout AuditContext
  ) {
    let tolerance = context.options.tolerance
    guard let window = overlap(other, reference) else { return }
    func inWindow(_ b: AdBreak) -> Bool {
      guard let date = b.programDateTime, !b.startedBeforeWindow else { return false }
      return date >= window.lowerBound && date <= window.upperBound
    }
    let mine = other.breaks.filter(inWindow)
    var theirs = reference.breaks.filter(inWindow)
    for adBreak in mine {
      guard let date = adBreak.programDateTime else { continue }
      guard
        let index = theirs.firstIndex(where: {
          ($0.programDateTime.map { $0.seconds(since: date).magnitude } ?? tolerance + tolerance)
            <= tolerance
        })
      else {
        context.report(
          breaksMismatch,
          "the ad break opened on line \(adBreak.line) starts at \(date), where "
            + "\(reference.followed.uri) (the first variant) has none (tolerance \(tolerance) s)",
          at: location(adBreak, other), file: other.followed.name)
        continue
      }
      report(
        lengthAndID(adBreak, theirs[index], tolerance), adBreak, other, reference.followed.uri,
        tolerance, &context)
      theirs.remove(at: index)
    }
    for missing in theirs {
      context.report(
        breaksMismatch,
        "no ad break at \(missing.programDateTime.map { "\($0)" } ?? "?"), where "
          + "\(reference.followed.uri) (the first variant) has one", at: .start,
        file: other.followed.name)
    }
  }

  private static func lengthAndID(_ mine: AdBreak, _ theirs: AdBreak, _ tolerance: ExactDecimal)
    -> [String]
  {
    var differences: [String] = []
    if !mine.open && !theirs.open && mine.duration.differs(from: theirs.duration, by: tolerance) {
      differences.append("lasts \(mine.duration) s, not \(theirs.duration) s")
    }
    if hasOwnID(mine) && hasOwnID(theirs) && mine.id != theirs.id {
      differences.append("has ID \"\(mine.id)\", not \"\(theirs.id)\"")
    }
    return differences
  }

  private static func report(
    _ differences: [String], _ adBreak: AdBreak, _ other: Breaks, _ name: String,
    _ tolerance: ExactDecimal, _ context: inout AuditContext
  ) {
    guard !differences.isEmpty else { return }
    context.report(
      breaksMismatch,
      "the ad break opened on line \(adBreak.line) "
        + differences.joined(separator: " and ")
        + " as in \(name) (the first variant; tolerance \(tolerance) s)",
      at: location(adBreak, other), file: other.followed.name)
  }

  /// `1 ad break`, `3 ad breaks`.
  private static func count(_ breaks: [AdBreak]) -> String {
    breaks.count == 1 ? "1 ad break" : "\(breaks.count) ad breaks"
  }

  /// True when a dialect gave the break an identifier (not the Period id).
  private static func hasOwnID(_ adBreak: AdBreak) -> Bool {
    adBreak.signals.contains { $0.id != nil }
  }

  /// The location of the break's opening line in its playlist.
  private static func location(_ adBreak: AdBreak, _ breaks: Breaks) -> SourceLocation {
    // Every line is listed, so line n is at index n - 1.
    let lines = breaks.media.source.lines
    let index = adBreak.line - 1
    return lines.indices.contains(index) && lines[index].number == adBreak.line
      ? lines[index].location : .start
  }

  /// The program date-times both windows cover.
  private static func overlap(_ a: Breaks, _ b: Breaks) -> ClosedRange<DateTime>? {
    func range(_ x: Breaks) -> ClosedRange<DateTime>? {
      let segments = x.media.segments
      guard let first = segments.first?.programDateTime, let last = segments.last,
        let lastDate = last.programDateTime
      else { return nil }
      return first...lastDate.adding(seconds: last.duration)
    }
    guard let ra = range(a), let rb = range(b) else { return nil }
    let lower = max(ra.lowerBound, rb.lowerBound)
    let upper = min(ra.upperBound, rb.upperBound)
    return lower <= upper ? lower...upper : nil
  }
}
