/// The ids of an MPD's content Periods, derived from stable values so that the same content
/// has the same Period id in every reload of a live playlist (ISO/IEC 23009-1 §5.3.2.1):
/// `CONTENT_<media sequence>` of the Period's first segment, `CONTENT_D<discontinuity
/// sequence>` for the front of a live window (whose first segment changes as it slides). An id
/// already given gets `.2`, `.3`, … (a break without segments at a boundary), so ids stay
/// unique.
struct ContentPeriodIDs {
  private var next: String
  private var given: Set<String> = []

  /// The ids of `timeline`'s content Periods, the first at the front of its window.
  init(_ timeline: AdTimeline) {
    next =
      timeline.isLive
      ? "CONTENT_D\(timeline.discontinuitySequence)" : "CONTENT_\(timeline.mediaSequence)"
  }

  /// The content after `adBreak` begins with the segment after its last one (or, for a break
  /// without segments, the segment at its start). Past 2^64 − 1 the number wraps, as segment
  /// numbers do (the parser reports `hls.sequence.too-large`).
  mutating func follow(_ adBreak: AdBreak) {
    let first =
      adBreak.isInserted
      ? adBreak.mediaSequence
      : (adBreak.lastMediaSequence.map { $0 &+ 1 } ?? adBreak.mediaSequence)
    next = "CONTENT_\(first)"
  }

  /// The id of the content Period that begins now.
  mutating func take() -> String {
    var id = next
    var n = 1
    while !given.insert(id).inserted {
      n += 1
      id = "\(next).\(n)"
    }
    return id
  }
}
