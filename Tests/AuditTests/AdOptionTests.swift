import Audit
import HLS
import ManifestCore
import Testing

/// Ad rules that depend on options and profiles: the discontinuity policy, the tolerance, the
/// MediaTailor and Google DAI profiles.
@Suite struct AdOptionTests {
  /// A break over b.ts (EXTINF on line 9) with a discontinuity before it but none after it (d.ts,
  /// EXTINF on line 12).
  static let halfStitched = RuleCase.ads(
    "#EXT-X-CUE-OUT:6\n#EXT-X-DISCONTINUITY\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nd.ts")

  func findings(
    _ text: String, options: AuditOptions = AuditOptions(), profile: AuditProfile = .standard
  ) throws -> [String] {
    summary(Audit.run(try Playlist.parse(text), profile: profile, options: options))
  }

  @Test func theDiscontinuityPolicyChecksBothBoundaries() throws {
    #expect(try findings(Self.halfStitched) == [])
    let required = try findings(Self.halfStitched, options: AuditOptions(discontinuities: .require))
    #expect(
      required == [
        "12: ads.discontinuity-policy: the segment after the break opened on line 7 (segment 2) "
          + "has no EXT-X-DISCONTINUITY; the policy is require"
      ])
    let forbidden = try findings(Self.halfStitched, options: AuditOptions(discontinuities: .forbid))
    #expect(
      forbidden == [
        "9: ads.discontinuity-policy: the first segment of the break opened on line 7 (segment "
          + "1) has an EXT-X-DISCONTINUITY; the policy is forbid"
      ])
  }

  @Test func theToleranceWidensEveryTimingComparison() throws {
    let text = RuleCase.ads(
      "#EXT-X-CUE-OUT:7\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts")
    #expect(
      try findings(text) == [
        "7: ads.duration-mismatch: EXT-X-CUE-OUT on line 7 declares 7 s, but its EXTINF "
          + "durations add up to 6 s (segment 1; tolerance 0.5 s)"
      ])
    #expect(try findings(text, options: AuditOptions(tolerance: ExactDecimal(1))) == [])
  }

  @Test func googleDAIMakesABareCueOutAnError() throws {
    let text = RuleCase.ads("#EXT-X-CUE-OUT\n#EXTINF:6.0,\nb.ts\n#EXT-X-CUE-IN\n#EXTINF:6.0,\nc.ts")
    let run = Audit.run(try Playlist.parse(text), profile: .googleDAI)
    #expect(run.map(\.rule) == ["ads.cue-out-without-duration"])
    #expect(run.map(\.severity) == [.error])
    #expect(Audit.run(try Playlist.parse(text)).map(\.severity) == [.warning])
  }

  @Test func mediaTailorChecksSplicePointsAndAllowsEmptyBreaks() throws {
    let splicePoint = RuleCase.ads(
      "#EXT-X-SPLICEPOINT-SCTE35:\(Cue.out12)\n\(RuleCase.twoSegments)\n"
        + "#EXT-X-SPLICEPOINT-SCTE35:\(Cue.placementEnd)\n#EXTINF:6.0,\nd.ts")
    #expect(try findings(splicePoint) == [])
    #expect(
      try findings(splicePoint, profile: .mediaTailor).map { $0.prefix(27) } == [
        "7: ads.splicepoint-type: EX"
      ])
    let empty = RuleCase.ads("#EXT-X-CUE-OUT:6\n#EXT-X-CUE-IN\n\(RuleCase.twoSegments)")
    #expect(try findings(empty).count == 1)
    #expect(try findings(empty, profile: .mediaTailor) == [])
  }
}
