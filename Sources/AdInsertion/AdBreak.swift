import ManifestCore

/// One ad break on a media playlist's timeline, whatever dialect marked it (the `ads` JSON
/// shape, docs/cli-contract.md). When several dialects mark the same break (they open it on the
/// same segment), it holds one `AdSignal` per dialect; the first in the playlist is the
/// primary one and gives the dialect, id, end and duration.
///
/// For audits every tag stays reachable: `signals[i].opening`, `.continuations`, `.closing`
/// and `.extras` are `AdMarker`s with their line, their text and the values they declared as
/// written (CONT elapsed values, `PT30S`-style durations, SCTE-35 payload text and its decode).
public struct AdBreak: Sendable, Equatable {
  /// The break's stable identity: the same break has the same id in every reload of a live
  /// playlist, whatever its position in the window (docs/ad-breaks.md, "Break ids"). From its
  /// signal: the DATERANGE ID as written, else another dialect's own ID as written (CUE-OUT or
  /// CUE-SPAN `ID=`, EXT-X-CUE `ID=`, EXT-X-SCTE35 `ID=`), else `SCTE35-<event id>`
  /// (splice_event_id, else segmentation_event_id); without one, `MSN-<n>` from the media
  /// sequence number of its first segment. A later break with an id already taken gets `<id>.MSN-<n>` (then
  /// `.2`, `.3`, …), so ids are unique within a timeline.
  public var id: String
  /// The DASH Period id: `id`, so the Period of a break keeps its id across MPD updates
  /// (ISO/IEC 23009-1 §5.3.2.1: Period@id stays the same in every update of a dynamic MPD).
  public var periodId: String
  /// The primary dialect.
  public var dialect: AdMarkerDialect
  /// Seconds from the start of the playlist's first segment to the start of the break, exact.
  public var start: ExactDecimal
  /// The measured duration: the sum of the break's EXTINF durations, or for a DATERANGE its
  /// DURATION or END-DATE − START-DATE; exact.
  public var duration: ExactDecimal
  /// The declared duration (CUE-OUT value, `DURATION=`, PLANNED-DURATION, AD_LENGTH), else the
  /// SCTE-35 break_duration or segmentation_duration, else `nil`.
  public var plannedDuration: ExactDecimal?
  /// The 0-based position of the first segment of the break.
  public var startSegment: Int
  /// The media sequence number of the break's first segment (the next one the playlist will
  /// list, for a break that starts after its last segment); the window's first for a break
  /// that started before the window.
  public var mediaSequence: UInt64
  /// The 0-based position of its last segment, inclusive; `nil` for a break without segments.
  public var endSegment: Int?
  /// True when the break is still open at the end of the playlist.
  public var open: Bool
  /// True when the break began before the playlist's first segment (a live window starting
  /// mid-break); `start` is then 0.
  public var startedBeforeWindow: Bool
  /// The program date-time of the break's first segment, or `nil`.
  public var programDateTime: DateTime?
  /// The SCTE-35 cue that opened the break, or `nil`.
  public var scte35: MarkerCue?
  /// The tracking beacons, by offset.
  public var beacons: [Beacon]
  /// Each dialect's account of the break, in playlist order (the primary first).
  public var signals: [AdSignal]
  /// What the HLS Interstitial that marked the break declared, or `nil` when none did.
  public var interstitial: Interstitial?

  /// Creates a break.
  public init(
    id: String, periodId: String, dialect: AdMarkerDialect, start: ExactDecimal,
    duration: ExactDecimal, plannedDuration: ExactDecimal? = nil, startSegment: Int,
    mediaSequence: UInt64? = nil, endSegment: Int?, open: Bool = false,
    startedBeforeWindow: Bool = false,
    programDateTime: DateTime? = nil, scte35: MarkerCue? = nil, beacons: [Beacon] = [],
    signals: [AdSignal] = [], interstitial: Interstitial? = nil
  ) {
    self.id = id
    self.periodId = periodId
    self.dialect = dialect
    self.start = start
    self.duration = duration
    self.plannedDuration = plannedDuration
    self.startSegment = startSegment
    self.mediaSequence = mediaSequence ?? UInt64(clamping: startSegment)
    self.endSegment = endSegment
    self.open = open
    self.startedBeforeWindow = startedBeforeWindow
    self.programDateTime = programDateTime
    self.scte35 = scte35
    self.beacons = beacons
    self.signals = signals
    self.interstitial = interstitial
  }

  /// The line of the tag that opened the break (the primary signal's first tag).
  public var line: Int { signals.first?.line ?? 0 }

  /// The media sequence number of the break's last segment, or `nil` for a break without
  /// segments (past 2^64 − 1 it wraps, as the segments' own numbers do).
  public var lastMediaSequence: UInt64? {
    endSegment.map { mediaSequence &+ UInt64(bitPattern: Int64($0 - startSegment)) }
  }

  /// Seconds from the start of the playlist to the end of the break.
  public var end: ExactDecimal { start + duration }

  /// True for a break that plays between two moments of the content and replaces none of it
  /// (an HLS Interstitial with X-RESUME-OFFSET=0, or a post-roll one).
  public var isInserted: Bool {
    guard let interstitial else { return false }
    return interstitial.isInserted || (interstitial.isPostRoll && endSegment == nil)
  }
}
