import Live
import ManifestCore

/// The `live` family: what `LiveReloadTracker` checks across reloads of a live stream
/// (`audit --live`, docs/live.md). The ids and summaries are `LiveRule`'s; the findings come
/// from its problem events (`LiveAudit`), never from one playlist alone.
enum LiveRules {
  static let rules: [AuditRule] = LiveRule.allCases.map { rule in
    let (severity, rationale, reference) = details(rule)
    return AuditRule(
      id: rule.rawValue, severity: severity, scope: .live, summary: rule.summary,
      rationale: rationale, reference: reference)
  }

  /// The catalogue entry of `rule`.
  static func rule(_ rule: LiveRule) -> AuditRule? { rules.first { $0.id == rule.rawValue } }

  private static func details(_ rule: LiveRule) -> (Severity, String, String) {
    switch rule {
    case .mediaSequenceBack:
      (
        .error, "A client that saw the higher number skips or replays segments.",
        "RFC 8216bis §6.2.2"
      )
    case .segmentChanged:
      (
        .error, "A client already holds the old segment; the timeline forks between clients.",
        "RFC 8216bis §6.2.1"
      )
    case .discontinuitySequence:
      (
        .error,
        "Clients joining at different times number the discontinuities differently "
          + "and lose sync across variants.", "RFC 8216bis §6.2.2"
      )
    case .playlistChanged:
      (
        .error,
        "A client stops reloading at EXT-X-ENDLIST and times its reloads by the "
          + "target duration.", "RFC 8216bis §6.2.1"
      )
    case .stalePlaylist:
      (
        .error, "Clients run out of segments and stall; mediastreamvalidator reports it.",
        "RFC 8216bis §6.2.1"
      )
    case .slowBlockingReload:
      (
        .warning, "A low-latency client falls behind the live edge it promised to hold.",
        "RFC 8216bis §6.2.5.2"
      )
    case .variantBreakMisaligned:
      (
        .error, "Switching variants mid-break enters or leaves the ad at another moment.",
        "RFC 8216bis §6.2.4"
      )
    case .variantBreakMissing:
      (
        .error, "A client on the other variant plays content where this one plays the ad.",
        "RFC 8216bis §6.2.4"
      )
    case .variantDrift:
      (
        .warning, "Switching variants jumps forward or back in the stream.",
        "RFC 8216bis §6.2.4"
      )
    case .breakElapsedDrift:
      (
        .warning,
        "Players and ad servers that read CUE-OUT-CONT place the break's remaining "
          + "time wrongly.", "docs/live.md; docs/ad-audit-rules.md AM013"
      )
    case .breakDuration:
      (
        .warning,
        "Ad decisioning fills the declared duration; a shorter or longer break cuts "
          + "an ad or leaves slate.", "docs/live.md; docs/ad-audit-rules.md AM012"
      )
    case .breakNotClosed:
      (
        .error,
        "Without a CUE-IN, clients and stitchers stay in the break and replace "
          + "content.", "docs/live.md; docs/ad-audit-rules.md AM001"
      )
    case .dateRangeChanged:
      (
        .error, "Clients keep the attributes of the first EXT-X-DATERANGE with an ID.",
        "RFC 8216bis §4.4.5.1"
      )
    }
  }
}
