import Audit
import HLS
import Testing

@Suite struct RuleCaseTests {
  static let all =
    RuleCase.spec + RuleCase.dateRanges + RuleCase.variants + RuleCase.tracks + RuleCase.keys
    + RuleCase.lowLatency + RuleCase.adPairing + RuleCase.adCues + RuleCase.interstitials

  @Test(arguments: all)
  func playlistTripsTheRuleExactlyOnce(_ rule: RuleCase) throws {
    let findings = try audit(rule.trips, naming: rule.rule).filter { $0.rule == rule.rule }
    #expect(summary(findings) == ["\(rule.line): \(rule.rule): \(rule.message)"])
  }

  @Test(arguments: all)
  func nearMissGivesNoFindingAtAll(_ rule: RuleCase) throws {
    let findings = try audit(rule.nearMiss, naming: rule.rule)
    #expect(summary(findings) == [])
  }

  @Test func everySingleFileRuleHasACase() {
    let covered = Set(Self.all.map(\.rule))
    // ads.discontinuity-policy needs options: PlacementTests. The live rules need reloads:
    // LiveTests and AuditLiveCommandTests.
    let single = Audit.rules.filter {
      $0.scope != .variants && $0.scope != .live && $0.id != "ads.discontinuity-policy"
    }.map(\.id)
    #expect(single.filter { !covered.contains($0) } == [])
  }
}
