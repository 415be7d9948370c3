import Audit
import HLS
import Testing

/// Inputs fuzzing found trapping the audit, minimized; each must now give exactly these
/// findings.
@Suite struct FuzzFindingsTests {
  /// 85 % of PART-TARGET overflowed for a PART-TARGET with 18 digits, and comparing it with
  /// the 0.5 s parts wrapped (a part of 0.5 s was "above" it).
  @Test func hugePartTargetIsAuditedWithoutOverflow() throws {
    let findings = try audit(
      """
      #EXTM3U
      #EXT-X-VERSION:9
      #EXT-X-TARGETDURATION:4
      #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3
      #EXT-X-PART-INF:PART-TARGET=999999999999999999
      #EXT-X-MEDIA-SEQUENCE:1
      #EXT-X-PART:DURATION=0.5,URI="p1.0.mp4",INDEPENDENT=YES
      #EXT-X-PART:DURATION=0.5,URI="p1.1.mp4"
      #EXT-X-PART:DURATION=3,URI="p1.2.mp4"
      #EXTINF:4,
      s1.mp4

      """)
    #expect(
      summary(findings) == [
        "4: ll-hls.part-hold-back-too-small: PART-HOLD-BACK 3 is below twice PART-TARGET "
          + "999999999999999999 (1999999999999999998)",
        "8: ll-hls.part-too-short: EXT-X-PART 'p1.1.mp4' DURATION 0.5 is below 85% of "
          + "PART-TARGET 999999999999999999 (849999999999999915)",
      ])
  }
}
