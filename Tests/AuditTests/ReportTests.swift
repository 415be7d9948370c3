import Audit
import ManifestCore
import Testing

/// The CI formats of `AuditReport`.
@Suite struct ReportTests {
  static let report = AuditReport(entries: [
    AuditReport.Entry(
      file: "live/index.m3u8",
      rules: [
        Audit.rule("spec.segment-exceeds-target-duration"), Audit.rule("spec.duplicate-segment"),
        Audit.rule("spec.version-too-low"),
      ].compactMap { $0 },
      findings: [
        Finding(
          rule: "spec.segment-exceeds-target-duration", severity: .error,
          message: "EXTINF 6.5 rounds to 7, above EXT-X-TARGETDURATION 6 (segment 0)",
          location: SourceLocation(line: 3, column: 1, offset: 40)),
        Finding(
          rule: "spec.duplicate-segment", severity: .warning,
          message: "segment 1 repeats 'a,b:c%.ts' of segment 0 (line 4)",
          location: SourceLocation(line: 6, column: 1, offset: 60)),
      ]),
    AuditReport.Entry(file: "missing.m3u8", failure: "cannot read: No such file or directory"),
  ])

  @Test func textIsOneFindingPerLineWithItsRule() {
    #expect(
      Self.report.text == """
        live/index.m3u8:3:1: error: EXTINF 6.5 rounds to 7, above EXT-X-TARGETDURATION 6 \
        (segment 0) [spec.segment-exceeds-target-duration]
        live/index.m3u8:6:1: warning: segment 1 repeats 'a,b:c%.ts' of segment 0 (line 4) \
        [spec.duplicate-segment]

        """)
  }

  @Test func jsonHasTheContractShape() {
    #expect(
      Self.report.jsonValue.jsonString() == #"""
        {"findings":[{"rule":"spec.segment-exceeds-target-duration","severity":"error","file":"live/index.m3u8","line":3,"column":1,"message":"EXTINF 6.5 rounds to 7, above EXT-X-TARGETDURATION 6 (segment 0)","code":"spec.segment-exceeds-target-duration"},{"rule":"spec.duplicate-segment","severity":"warning","file":"live/index.m3u8","line":6,"column":1,"message":"segment 1 repeats 'a,b:c%.ts' of segment 0 (line 4)","code":"spec.duplicate-segment"}],"summary":{"errors":1,"warnings":1,"infos":0}}
        """#)
  }

  @Test func githubAnnotationsEscapeTheirProperties() {
    #expect(
      Self.report.githubAnnotations == """
        ::error file=live/index.m3u8,line=3,col=1,title=spec.segment-exceeds-target-duration::\
        EXTINF 6.5 rounds to 7, above EXT-X-TARGETDURATION 6 (segment 0)
        ::warning file=live/index.m3u8,line=6,col=1,title=spec.duplicate-segment::segment 1 \
        repeats 'a,b:c%25.ts' of segment 0 (line 4)

        """)
    let odd = AuditReport(entries: [
      AuditReport.Entry(
        file: "a,b:c.m3u8",
        findings: [
          Finding(rule: "r", severity: .info, message: "x\ny", location: .start)
        ])
    ])
    #expect(odd.githubAnnotations == "::notice file=a%2Cb%3Ac.m3u8,line=1,col=1,title=r::x%0Ay\n")
  }

  @Test func junitHasACasePerRuleAndAFailureAtTheThreshold() {
    #expect(
      Self.report.junit() == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="m3u8-tool audit" tests="4" failures="1" errors="1">
          <testsuite name="live/index.m3u8" tests="3" failures="1" errors="0">
            <testcase classname="live/index.m3u8" name="spec.segment-exceeds-target-duration">
              <failure type="error" message="1 finding">live/index.m3u8:3:1: error: EXTINF 6.5 \
        rounds to 7, above EXT-X-TARGETDURATION 6 (segment 0) [spec.segment-exceeds-target-duration]\
        </failure>
            </testcase>
            <testcase classname="live/index.m3u8" name="spec.duplicate-segment">
              <system-out>live/index.m3u8:6:1: warning: segment 1 repeats 'a,b:c%.ts' of segment \
        0 (line 4) [spec.duplicate-segment]</system-out>
            </testcase>
            <testcase classname="live/index.m3u8" name="spec.version-too-low"/>
          </testsuite>
          <testsuite name="missing.m3u8" tests="1" failures="0" errors="1">
            <testcase classname="missing.m3u8" name="read">
              <error message="cannot read: No such file or directory">cannot read: No such file \
        or directory</error>
            </testcase>
          </testsuite>
        </testsuites>

        """)
    #expect(
      Self.report.junit(failOn: .warning).contains(
        #"<testsuites name="m3u8-tool audit" tests="4" failures="2" errors="1">"#))
  }

  @Test func thresholdsAndSummary() {
    #expect(Self.report.reaches(.error))
    #expect(Self.report.reaches(.warning))
    #expect(Self.report.summary == AuditReport.Summary(errors: 1, warnings: 1, infos: 0))
    #expect(!AuditReport(entries: [AuditReport.Entry(file: "a")]).reaches(.info))
  }
}
