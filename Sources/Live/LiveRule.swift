/// The problems a `LiveReloadTracker` reports, by stable id (docs/live.md lists them). Each is
/// something a client following the stream would trip on, or an ad break that does not behave
/// across reloads the way its markers said it would.
public enum LiveRule: String, Sendable, Hashable, CaseIterable {
  /// EXT-X-MEDIA-SEQUENCE went back (RFC 8216bis §6.2.2).
  case mediaSequenceBack = "live.media-sequence-back"
  /// A segment listed in both reloads changed URI, duration or program date-time (§6.2.1).
  case segmentChanged = "live.segment-changed"
  /// A listed segment's discontinuity sequence changed: EXT-X-DISCONTINUITY-SEQUENCE was not
  /// incremented when a discontinuity slid out (§6.2.2).
  case discontinuitySequence = "live.discontinuity-sequence"
  /// EXT-X-ENDLIST disappeared, or the target duration or playlist type changed (§6.2.1).
  case playlistChanged = "live.playlist-changed"
  /// The playlist did not change for longer than 1.5 × its target duration (§6.2.1: a server
  /// makes each new version available within that; mediastreamvalidator's check).
  case stalePlaylist = "live.stale-playlist"
  /// A blocking reload was not answered within 3 × the part target duration (§6.2.5.2), or
  /// 3 × the target duration for a playlist without parts.
  case slowBlockingReload = "live.slow-blocking-reload"
  /// A break has another variant's id at another media sequence number or program date-time
  /// (beyond the tolerance) (§6.2.4: variants are aligned).
  case variantBreakMisaligned = "live.variant-break-misaligned"
  /// A break of one variant is missing from another that lists its segments.
  case variantBreakMissing = "live.variant-break-missing"
  /// Two variants' live edges are more than one segment apart (§6.2.4).
  case variantDrift = "live.variant-drift"
  /// A continuation's elapsed time (CUE-OUT-CONT ElapsedTime, `elapsed/duration`) does not grow
  /// with wall-clock time between reloads (beyond the tolerance plus one target duration).
  case breakElapsedDrift = "live.break-elapsed-drift"
  /// A break ended further than the tolerance from its declared duration.
  case breakDuration = "live.break-duration"
  /// A break is still open after its declared duration plus the tolerance.
  case breakNotClosed = "live.break-not-closed"
  /// A date range changed an attribute's value between reloads (§4.4.5.1).
  case dateRangeChanged = "live.daterange-changed"

  /// What the rule checks, in one sentence.
  public var summary: String {
    switch self {
    case .mediaSequenceBack: "EXT-X-MEDIA-SEQUENCE never goes back."
    case .segmentChanged: "A listed segment keeps its URI, duration and program date-time."
    case .discontinuitySequence:
      "EXT-X-DISCONTINUITY-SEQUENCE grows by one for each discontinuity that slides out."
    case .playlistChanged:
      "EXT-X-ENDLIST stays, and the target duration and playlist type do not change."
    case .stalePlaylist: "The playlist changes within 1.5 × its target duration."
    case .slowBlockingReload:
      "A blocking reload is answered within 3 × the part target (target) duration."
    case .variantBreakMisaligned:
      "A break starts at the same media sequence number and program date-time in every variant."
    case .variantBreakMissing: "A break of one variant is in every variant listing its segments."
    case .variantDrift: "The variants' live edges stay within one segment of each other."
    case .breakElapsedDrift: "A break's elapsed time grows with wall-clock time."
    case .breakDuration: "A break ends within the tolerance of its declared duration."
    case .breakNotClosed: "A break closes by its declared duration plus the tolerance."
    case .dateRangeChanged: "A date range keeps the values of its attributes."
    }
  }
}
