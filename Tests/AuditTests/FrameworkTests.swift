import Audit
import Foundation
import HLS
import ManifestCore
import Testing

/// The rule catalogue, selections, profiles and severities.
@Suite struct FrameworkTests {
  static let mixed = """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXTINF:6.5,
    a.ts
    #EXTINF:6,
    a.ts

    """

  @Test func ruleIDsAreUniqueDottedAndInAKnownFamily() {
    let ids = Audit.rules.map(\.id)
    #expect(Set(ids).count == ids.count)
    for rule in Audit.rules {
      #expect(rule.family != nil, "\(rule.id)")
      #expect(
        rule.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "." || $0 == "-" }, "\(rule.id)"
      )
      #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty && !rule.reference.isEmpty)
    }
  }

  @Test func everyRuleIsInTheDocsTableWithItsSeverity() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/audit-rules.md").standardized
    let text = try String(contentsOf: docs, encoding: .utf8)
    #expect(text.contains(Audit.ruleTable()))
  }

  @Test func theStandardProfileReportsEachRuleWithItsOwnSeverity() throws {
    let findings = try audit(Self.mixed)
    #expect(
      summary(findings) == [
        "1: spec.version-too-low: there is no EXT-X-VERSION (version 1), but a floating-point "
          + "EXTINF duration on line 3 needs version 3: declare EXT-X-VERSION:3",
        "3: spec.segment-exceeds-target-duration: EXTINF 6.5 rounds to 7, above "
          + "EXT-X-TARGETDURATION 6 (segment 0)",
        "6: spec.duplicate-segment: segment 1 repeats 'a.ts' of segment 0 (line 4)",
      ])
    #expect(findings.map(\.severity) == [.error, .error, .warning])
  }

  @Test func theStrictProfileMakesWarningsErrors() throws {
    let findings = try audit(Self.mixed, profile: .strict)
    #expect(findings.map(\.severity) == [.error, .error, .error])
  }

  @Test func rulesSelectsFamiliesAndIDsAndDisableRemovesThem() throws {
    let playlist = try Playlist.parse(Self.mixed)
    func ids(_ rules: [String], _ disable: [String] = []) -> [String] {
      Audit.run(playlist, rules: RuleSelection(rules: rules, disable: disable)).map(\.rule)
    }
    #expect(ids(["spec.duplicate-segment"]) == ["spec.duplicate-segment"])
    #expect(ids(["keys, ll-hls"]) == [])
    #expect(
      ids(["spec"], ["spec.version-too-low,spec.duplicate-segment"])
        == ["spec.segment-exceeds-target-duration"])
    #expect(ids([], ["spec"]) == [])
  }

  @Test func unknownNamesAreListedInOrder() {
    let selection = RuleSelection(rules: ["spec,ads.nope"], disable: ["spac"])
    #expect(selection.unknownNames(in: Audit.rules) == ["ads.nope", "spac"])
  }

  @Test func optInRulesRunOnlyWhenAProfileOrTheUserNamesThem() {
    let rule = AuditRule(
      id: "ads.example", severity: .warning, scope: .media, summary: "s", rationale: "r",
      reference: "x", isOptIn: true)
    #expect(AuditProfile.standard.severity(of: rule) == nil)
    #expect(AuditProfile.standard.severity(of: rule, named: true) == .warning)
    let profile = AuditProfile(name: "p", summary: "", enabled: ["ads.example"])
    #expect(profile.severity(of: rule) == .warning)
    #expect(AuditProfile.strict.severity(of: rule, named: true) == .error)
  }

  @Test func profilesNameOnlyRulesThatExist() {
    let ids = Set(Audit.rules.map(\.id))
    for profile in AuditProfile.all {
      let named = Set(profile.severities.keys).union(profile.enabled).union(profile.disabled)
      #expect(named.subtracting(ids) == [], "\(profile.name)")
    }
    #expect(AuditProfile.named("google-dai") == .googleDAI)
    #expect(AuditProfile.named("dash") == nil)
  }

  @Test func activeRulesFollowTheScopeAndTheProfile() {
    let media = Audit.activeRules(for: .media).map(\.id)
    let multivariant = Audit.activeRules(for: .multivariant).map(\.id)
    let variants = Audit.activeRules(for: .variants).map(\.id)
    #expect(media.contains("spec.segment-exceeds-target-duration"))
    #expect(!media.contains("spec.variant-missing-codecs"))
    #expect(multivariant.contains("spec.variant-missing-codecs"))
    #expect(media.contains("spec.version-too-low") && multivariant.contains("spec.version-too-low"))
    #expect(
      variants == [
        "spec.variant-target-duration-mismatch", "spec.variant-playlist-type-mismatch",
        "spec.variant-playlist-kind", "keys.session-key-mismatch", "ads.variant-breaks-mismatch",
      ])
    let strict = Audit.activeRules(for: .media, profile: .strict)
    #expect(strict.first { $0.id == "spec.duplicate-segment" }?.severity == .error)
  }

  @Test func toleranceDefaultsToHalfASecond() {
    #expect(AuditOptions().tolerance == ExactDecimal(significand: 5, scale: 1))
  }
}
