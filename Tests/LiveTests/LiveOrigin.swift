import HLS
import Live
import ManifestCore

/// Windows of a live media playlist as AWS Elemental MediaLive writes them (2-second segments,
/// EXT-X-TARGETDURATION:2, the window sliding by whole segments): each segment's tags are set
/// by media sequence number, so a test scripts an origin reload by reload.
struct LiveOrigin {
  /// The SCTE-35 splice_insert (splice_event_id 4300, 6 s) MediaLive repeats on continuations.
  static let cue = "/DAlAAAAAAAAAP/wFAUAABDMf+/+DQ+xgP4ACD1gAAEAAAAAoWNfUA=="

  /// Tags written before a segment, by media sequence number.
  var tags: [Int: [String]] = [:]
  /// A segment's URI, by media sequence number (`live_<msn>.ts` otherwise).
  var uris: [Int: String] = [:]
  /// EXT-X-DISCONTINUITY-SEQUENCE, by the window's first segment (0 otherwise).
  var discontinuitySequence: (Int) -> Int = { _ in 0 }
  /// The first segment's program date-time, or `nil` for none: `start` + 2 s per segment.
  var programDateTime: DateTime? = nil
  /// Header lines after EXT-X-MEDIA-SEQUENCE (EXT-X-SERVER-CONTROL, EXT-X-PART-INF, …).
  var header: [String] = []
  /// The URI prefix of the variant's segments.
  var prefix = "live_"

  /// A 6-second break on segments `start..<start+3`, ELEMENTAL_SCTE35 style when `cue`
  /// (EXT-OATCLS-SCTE35 and `ElapsedTime=…,SCTE35=…` continuations), else `2.000/6.000` ones;
  /// closed by EXT-X-CUE-IN after `length` segments (never with `nil`).
  mutating func addBreak(at start: Int, length: Int? = 3, cue: Bool) {
    tags[start, default: []] +=
      (cue ? ["#EXT-OATCLS-SCTE35:\(Self.cue)"] : []) + [
        "#EXT-X-CUE-OUT:6.000"
      ]
    for n in 1..<(length ?? 8) {
      let elapsed = "\(n * 2).000"
      tags[start + n, default: []].append(
        cue
          ? "#EXT-X-CUE-OUT-CONT:ElapsedTime=\(elapsed),Duration=6.000,SCTE35=\(Self.cue)"
          : "#EXT-X-CUE-OUT-CONT:\(elapsed)/6.000")
    }
    if let length { tags[start + length, default: []].append("#EXT-X-CUE-IN") }
  }

  /// The playlist listing segments `first..<first+count`.
  func text(first: Int, count: Int = 6, endList: Bool = false) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n"
    text += "#EXT-X-MEDIA-SEQUENCE:\(first)\n"
    let sequence = discontinuitySequence(first)
    if sequence > 0 { text += "#EXT-X-DISCONTINUITY-SEQUENCE:\(sequence)\n" }
    for line in header { text += line + "\n" }
    for msn in first..<(first + count) {
      for tag in tags[msn] ?? [] { text += tag + "\n" }
      if let start = programDateTime, msn == first || tags[msn]?.isEmpty == false {
        text += "#EXT-X-PROGRAM-DATE-TIME:\(start.adding(seconds: ExactDecimal(2 * msn)))\n"
      }
      text += "#EXTINF:2.000,\n\(uris[msn] ?? "\(prefix)\(msn).ts")\n"
    }
    if endList { text += "#EXT-X-ENDLIST\n" }
    return text
  }

  /// The window as a snapshot of `variant` fetched `seconds` after the test's epoch.
  func snapshot(
    _ variant: String, first: Int, count: Int = 6, at seconds: String, endList: Bool = false
  ) throws -> LiveSnapshot {
    try LiveSnapshot(
      variant: variant, bytes: Array(text(first: first, count: count, endList: endList).utf8),
      fetchedAt: Self.clock(seconds))
  }

  /// The test's wall clock: 2026-12-02T10:00:00Z plus `seconds`.
  static func clock(_ seconds: String) -> DateTime {
    let epoch = DateTime(epochNanoseconds: 1_796_205_600_000_000_000)
    return epoch.adding(seconds: ExactDecimal(seconds) ?? .zero)
  }
}

extension LiveReloadTracker {
  /// The events of `snapshot`, as text lines without the time stamp.
  mutating func lines(_ snapshot: LiveSnapshot) -> [String] {
    ingest(snapshot).map { event in
      String(event.text.drop { $0 != " " }.dropFirst(2))
    }
  }
}
