import ManifestCore
import SCTE35

/// The SCTE-35 cues of a stitched break (SCTE 35 §9.7.3 splice_insert): an OUT with the
/// break's duration (auto return) and an IN, immediate, for `EXT-X-SCTE35` and
/// `EXT-X-DATERANGE SCTE35-OUT`.
struct SpliceCue {
  let base64: String
  let hex: String

  /// The OUT cue of event `eventID` lasting `seconds`.
  static func out(eventID: UInt32, seconds: ExactDecimal) -> SpliceCue? {
    let ticks = PTSTicks.of(seconds)
    return make(
      SpliceInsert(
        spliceEventId: eventID, outOfNetworkIndicator: true, spliceImmediateFlag: true,
        breakDuration: BreakDuration(autoReturn: true, duration: ticks)))
  }

  /// The IN cue of event `eventID`.
  static func `in`(eventID: UInt32) -> SpliceCue? {
    make(SpliceInsert(spliceEventId: eventID, spliceImmediateFlag: true))
  }

  private static func make(_ insert: SpliceInsert) -> SpliceCue? {
    let section = SpliceInfoSection(command: .spliceInsert(insert))
    guard let base64 = try? section.base64Encoded(), let hex = try? section.hexEncoded() else {
      return nil
    }
    return SpliceCue(base64: base64, hex: hex)
  }
}

/// 90 kHz clock ticks (SCTE 35 §9.7.3 break_duration).
enum PTSTicks {
  /// `seconds` in ticks, rounded down; within 33 bits.
  static func of(_ seconds: ExactDecimal) -> UInt64 {
    let n = seconds.normalized
    guard !n.isNegative else { return 0 }
    let (product, overflow) = n.significand.multipliedReportingOverflow(by: 90_000)
    let ticks =
      overflow ? Int64(seconds.doubleValue * 90_000) : product / ExactDecimal.powerOfTen(n.scale)
    return UInt64(ticks) & 0x1_FFFF_FFFF
  }
}
