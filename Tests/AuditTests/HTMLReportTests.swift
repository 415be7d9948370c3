import Audit
import HLS
import ManifestCore
import Testing

/// `AuditReport.html`: the `audit --format html` page.
@Suite struct HTMLReportTests {
  func page() throws -> String {
    let (report, audited) = try ReportFixture.audited(ReportFixture.cueOutVOD, name: "vod.m3u8")
    let failed = AuditReport.Entry(
      file: "gone.m3u8", failure: "cannot read: No such file or directory")
    let withFailure = AuditReport(entries: report.entries + [failed])
    return withFailure.html(charts: withFailure.timelineCharts([[audited]]))
  }

  @Test func thePageIsTheGolden() throws {
    try ReportFixture.expectGolden(try page(), "cue-out-vod.html")
  }

  @Test func thePageIsWellFormedAndSelfContained() throws {
    let events = try MarkupCheck.parse(try page())
    let elements = Set(MarkupCheck.structure(events).filter { $0.hasPrefix("<") })
    #expect(
      elements == [
        "<html", "<head", "<meta", "<title", "<style", "<body", "<main", "<h1", "<section",
        "<h2", "<table", "<tr", "<th", "<td", "<ul", "<li", "<code", "<p", "<figure",
        "<figcaption", "<svg", "<g", "<text", "<rect", "<line", "<path", "<h3",
      ])
    // Nothing is fetched: no element or attribute that loads a resource, no url() or @import.
    for event in events {
      guard case .start(_, let attributes) = event else { continue }
      #expect(attributes.keys.allSatisfy { !["src", "href", "srcset", "xlink:href"].contains($0) })
    }
    let style = MarkupCheck.texts(of: "style", in: events).joined()
    #expect(!style.contains("url(") && !style.contains("@import") && !style.isEmpty)
    // Readable at 400 px: the viewport is the device's and narrow screens get their own rules;
    // the chart scales by its viewBox (no fixed width) and scrolls below 640 px.
    #expect(
      events.contains(
        .start("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])))
    #expect(style.contains("@media (max-width:600px)"))
    #expect(style.contains("figure svg{display:block;width:100%;min-width:640px;height:auto}"))
  }

  @Test func theSummaryCountsFilesAndSeverities() throws {
    let events = try MarkupCheck.parse(try page())
    #expect(
      MarkupCheck.texts(of: "th", in: events) == [
        "Files", "Findings", "Errors", "Warnings", "Infos",
      ])
    #expect(MarkupCheck.texts(of: "td", in: events) == ["2", "1", "0", "1", "0"])
    #expect(
      MarkupCheck.texts(of: "li", in: events).prefix(2) == [
        "vod.m3u8: 1 warning",
        "gone.m3u8: could not be audited: cannot read: No such file or directory",
      ])
  }

  @Test func findingsAreGroupedByRuleWithTheExplanation() throws {
    let events = try MarkupCheck.parse(try page())
    let rule = try #require(Audit.rule("ads.duration-mismatch"))
    #expect(
      events.contains(
        .start("section", ["class": "rule warning", "id": "rule-ads.duration-mismatch"])))
    #expect(MarkupCheck.texts(of: "h3", in: events) == ["ads.duration-mismatch warning: 1 warning"])
    let paragraphs = MarkupCheck.texts(of: "p", in: events)
    #expect(paragraphs.contains(rule.summary))
    #expect(paragraphs.contains("Why: " + rule.rationale))
    #expect(paragraphs.contains("Reference: " + rule.reference))
    #expect(
      MarkupCheck.texts(of: "li", in: events).last?.hasPrefix(
        "vod.m3u8:8:1 warning: EXT-X-CUE-OUT on line 8 declares 12 s") == true)
  }

  @Test func aCleanRunSaysSo() throws {
    let events = try MarkupCheck.parse(
      AuditReport(entries: [AuditReport.Entry(file: "a.m3u8")]).html())
    #expect(MarkupCheck.texts(of: "p", in: events) == ["No findings."])
    #expect(!MarkupCheck.structure(events).contains("<svg"))
  }
}
