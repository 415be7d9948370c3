import AdInsertion
import HLS
import ManifestCore
import Testing

@testable import Audit

/// `AdTimelineChart`: the SVG ad-break timeline of `ads --format svg` and the HTML report.
@Suite struct AdTimelineChartTests {
  func chart() throws -> (AdTimelineChart, AuditReport) {
    let (report, audited) = try ReportFixture.audited(ReportFixture.cueOutVOD, name: "vod.m3u8")
    return (report.timelineCharts([[audited]])[0], report)
  }

  func attributes(_ events: [MarkupCheck.Event], _ name: String, class className: String)
    -> [[String: String]]
  {
    events.compactMap {
      if case .start(let n, let a) = $0, n == name, a["class"] == className { return a }
      return nil
    }
  }

  @Test func theSVGDocumentIsTheGolden() throws {
    try ReportFixture.expectGolden(try chart().0.svgDocument, "cue-out-vod.svg")
  }

  /// 22 s over 976 units from x = 12: a time t is at 12 + t × 976 / 22.
  @Test func marksSitAtTheirMediaTimes() throws {
    let events = try MarkupCheck.parse(try chart().0.svgDocument)
    #expect(
      attributes(events, "rect", class: "break").map { [$0["x"], $0["width"]] } == [
        ["278.2", "443.6"]
      ])
    // Declared 12 s: 6 s to 18 s.
    #expect(
      attributes(events, "rect", class: "planned").map { [$0["x"], $0["width"]] } == [
        ["278.2", "532.4"]
      ])
    #expect(attributes(events, "line", class: "disc").map { $0["x1"] } == ["278.2", "721.8"])
    #expect(attributes(events, "line", class: "tick").map { $0["x1"] } == ["12", "544.4"])
    // The duration-mismatch warning is about line 8, the CUE-OUT before segment 1 (6 s).
    #expect(
      attributes(events, "path", class: "warning").map { $0["d"] } == ["M273.2 90H283.2L278.2 80Z"])
    #expect(
      MarkupCheck.texts(of: "text", in: events).filter { $0.hasPrefix("MSN-") } == [
        "MSN-1 cue-out"
      ])
    let titles = MarkupCheck.texts(of: "title", in: events)
    #expect(titles.contains("MSN-1: 6 s to 16 s, 10 s measured, 12 s declared; cue-out; line 8"))
    #expect(
      titles.contains {
        $0.hasPrefix("line 8: warning: EXT-X-CUE-OUT on line 8 declares 12 s")
          && $0.hasSuffix("[ads.duration-mismatch]")
      })
  }

  @Test func variantsShareOneTimeAxis() throws {
    // Two renditions as a packager writes them, the second 4 s longer: both rows are drawn
    // against the longer one's 26 s.
    let longer = ReportFixture.cueOutVOD.replacing(
      "#EXT-X-ENDLIST", with: "#EXTINF:4.000,\ncontent_00002.ts\n#EXT-X-ENDLIST")
    let a = try ReportFixture.audited(ReportFixture.cueOutVOD, name: "v1.m3u8")
    let b = try ReportFixture.audited(longer, name: "v2.m3u8")
    let report = AuditReport(entries: a.0.entries + b.0.entries)
    let charts = report.timelineCharts([[a.1, b.1]])
    #expect(charts.count == 1)
    #expect(charts[0].tracks.map(\.name) == ["v1.m3u8", "v2.m3u8"])
    let events = try MarkupCheck.parse(charts[0].svgDocument)
    // 6 s at 12 + 6 × 976 / 26.
    #expect(attributes(events, "rect", class: "break").map { $0["x"] } == ["237.2", "237.2"])
    #expect(attributes(events, "rect", class: "span").map { $0["width"] } == ["825.8", "976"])
    let root = events.first { if case .start("svg", _) = $0 { true } else { false } }
    #expect(
      root
        == .start(
          "svg",
          [
            "xmlns": "http://www.w3.org/2000/svg", "class": "mk-chart", "viewBox": "0 0 1000 226",
            "role": "img", "width": "100%",
            "aria-label": "Ad-break timeline of v1.m3u8, v2.m3u8, 0 s to 26 s",
          ]))
  }

  @Test func beaconsSitAtTheirOffsets() throws {
    // EXT-X-BEACON blocks (AD_LENGTH, then the events) as in samples/ads/beacons-vod.m3u8.
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:6.000,
      content0.ts
      #EXT-X-DISCONTINUITY
      #EXT-X-BEACON:AD_LENGTH=12
      #EXT-X-BEACON:EVENT=impression,URL=https://t.example.com/imp?ad=1&x=<1>
      #EXTINF:6.000,
      ad0.ts
      #EXT-X-BEACON:EVENT=midpoint,URL=https://t.example.com/mid?ad=1
      #EXTINF:6.000,
      ad1.ts
      #EXT-X-DISCONTINUITY
      #EXTINF:6.000,
      content1.ts
      #EXT-X-ENDLIST

      """
    let media = try #require(try Playlist.parse(Array(text.utf8)).media)
    let svg = AdTimelineChart(tracks: [TimelineTrack(name: "b.m3u8", media: media)]).svgDocument
    let events = try MarkupCheck.parse(svg)
    // 24 s: 6 s is at 256, 12 s at 500.
    #expect(attributes(events, "circle", class: "beacon").map { $0["cx"] } == ["256", "500"])
    #expect(
      MarkupCheck.texts(of: "title", in: events).contains(
        "beacon impression at +0 s in MSN-1, line 8: https://t.example.com/imp?ad=1&x=<1>"))
  }

  @Test func axisStepsLeaveAtMostTenIntervals() {
    #expect(AdTimelineChart.axisStep(ExactDecimal(22)) == 5)
    #expect(AdTimelineChart.axisStep(ExactDecimal(10)) == 1)
    #expect(AdTimelineChart.axisStep(ExactDecimal(3601)) == 600)
    #expect(AdTimelineChart.clock(45) == "45 s")
    #expect(AdTimelineChart.clock(125) == "2:05")
    #expect(AdTimelineChart.clock(3725) == "1:02:05")
  }
}
