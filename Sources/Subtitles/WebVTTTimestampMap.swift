import ManifestCore

/// The `X-TIMESTAMP-MAP=MPEGTS:<pts>,LOCAL:<cue time>` header of an HLS WebVTT segment
/// (RFC 8216bis §3.1.4): cue time `LOCAL` is shown at MPEG-2 presentation timestamp `MPEGTS`
/// (90 kHz). PTS values are 33 bits and wrap about every 26.5 hours.
public struct WebVTTTimestampMap: Sendable, Hashable {
  /// The MPEG-2 presentation timestamp (90 kHz ticks) as written; packagers may write values
  /// past 2^33, which `presentationTimestamp(for:)` wraps.
  public var mpegts: UInt64
  /// The cue time that `mpegts` corresponds to.
  public var local: SubtitleTime

  /// 2^33, the MPEG-2 PTS modulus.
  public static let ptsModulus: Int64 = 1 << 33

  /// Creates a map.
  public init(mpegts: UInt64, local: SubtitleTime) {
    self.mpegts = mpegts
    self.local = local
  }

  /// The 33-bit PTS (90 kHz, wrapped) at which a cue time is shown.
  public func presentationTimestamp(for cueTime: SubtitleTime) -> Int64 {
    let offset = (cueTime - local).rounded(toUnitsPerSecond: 90_000)
    let base = Int64(mpegts % UInt64(Self.ptsModulus))
    let value = (base + offset % Self.ptsModulus) % Self.ptsModulus
    return value < 0 ? value + Self.ptsModulus : value
  }

  /// The time on the MPEG-TS timeline (seconds, PTS / 90000) at which a cue time is shown. With
  /// `reference` (a PTS from the same stream, such as the first video frame of the segment) the
  /// result is unwrapped to the value nearest it, so a segment after a PTS rollover gets times
  /// past 2^33 / 90000 instead of small ones.
  public func mediaTime(for cueTime: SubtitleTime, nearPTS reference: Int64? = nil)
    -> SubtitleTime
  {
    var base = Int64(mpegts % UInt64(Self.ptsModulus))
    if let reference, let unwrapped = Self.unwrap(base, near: reference) { base = unwrapped }
    return SubtitleTime(uncheckedNumerator: base, denominator: 90_000) + (cueTime - local)
  }

  /// `pts` plus the whole number of 2^33 turns that brings it within 2^32 of `reference`, or
  /// `nil` when that is past the range of `Int64`.
  private static func unwrap(_ pts: Int64, near reference: Int64) -> Int64? {
    let half = ptsModulus / 2
    let (difference, overflow) = reference.subtractingReportingOverflow(pts)
    guard !overflow else { return nil }
    var turns = difference / ptsModulus
    let rest = difference % ptsModulus
    if rest > half { turns += 1 }
    if rest < -half { turns -= 1 }
    let (shift, shiftOverflow) = turns.multipliedReportingOverflow(by: ptsModulus)
    let (result, sumOverflow) = pts.addingReportingOverflow(shift)
    return shiftOverflow || sumOverflow ? nil : result
  }

  /// The header line: `X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000`.
  public var headerLine: String {
    "X-TIMESTAMP-MAP=MPEGTS:\(mpegts),LOCAL:\(WebVTTTimestamp.format(local))"
  }

  /// Parses the value after `X-TIMESTAMP-MAP=` (`MPEGTS` and `LOCAL` in either order).
  public init?(headerValue: String) {
    var mpegts: UInt64? = nil
    var local: SubtitleTime? = nil
    for part in headerValue.split(separator: ",") {
      let item = part.trimmingBlanks
      if item.hasPrefix("MPEGTS:") {
        mpegts = UInt64(item.dropFirst(7))
      } else if item.hasPrefix("LOCAL:") {
        local = WebVTTTimestamp.parse(String(item.dropFirst(6)))
      } else {
        return nil
      }
    }
    guard let mpegts, let local else { return nil }
    self.init(mpegts: mpegts, local: local)
  }
}
