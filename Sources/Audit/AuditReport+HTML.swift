import HLS
import ManifestCore

extension AuditReport {
  /// The HTML report's style sheet: one column up to 1240 px, a timeline that scrolls sideways
  /// below 640 px instead of shrinking its text.
  static let htmlStyle: StaticString = """
    body{margin:0;font:15px/1.45 system-ui,sans-serif;color:#222;background:#f6f7f9}\
    main{max-width:1240px;margin:0 auto;padding:16px}\
    h1{font-size:1.5em;margin:.2em 0 .6em}h2{font-size:1.2em;margin:1.2em 0 .5em}\
    h3{font-size:1em;margin:0 0 .3em}p{margin:.25em 0}\
    code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em;overflow-wrap:anywhere}\
    table{border-collapse:collapse;background:#fff}\
    th,td{border:1px solid #ccd;padding:4px 10px;text-align:left}\
    td.n{text-align:right}\
    .files{padding-left:1.2em}\
    figure{margin:0 0 16px;background:#fff;border:1px solid #ccd;padding:8px;overflow-x:auto}\
    figure svg{display:block;width:100%;min-width:640px;height:auto}\
    figcaption{font-weight:600;margin-bottom:4px;overflow-wrap:anywhere}\
    .legend{font-size:.85em;color:#555}\
    .rule{background:#fff;border:1px solid #ccd;border-left:5px solid #546e7a;\
    padding:8px 12px;margin:0 0 12px}\
    .rule.error{border-left-color:#c62828}.rule.warning{border-left-color:#ef6c00}\
    .findings{padding-left:1.2em;margin:.4em 0 0}\
    @media (max-width:600px){body{font-size:14px}main{padding:8px}th,td{padding:3px 6px}}
    """

  /// The `audit --format html` report: one self-contained HTML file (no scripts, no external
  /// styles or fonts) with the summary (files, findings by severity), an ad-break timeline per
  /// chart (inline SVG, `AdTimelineChart`), and the findings grouped by rule with the rule's
  /// explanation from `rules`. Every value passes through one escaping function, so no text
  /// from a playlist can change the page's structure; the page is also well-formed XML.
  public func html(charts: [AdTimelineChart] = [], rules: [AuditRule] = Audit.rules) -> String {
    var markup = Markup()
    markup.constant("<!DOCTYPE html>\n")
    markup.open("html", [("lang", "en")])
    markup.open("head")
    markup.empty("meta", [("charset", "utf-8")])
    markup.empty(
      "meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
    markup.element("title", text: "m3u8-tool audit report")
    markup.open("style")
    markup.constant(Self.htmlStyle)
    markup.constant("\n")
    markup.constant(AdTimelineChart.style)
    markup.constant("\n")
    markup.close()
    markup.close()
    markup.open("body")
    markup.open("main")
    markup.element("h1", text: "m3u8-tool audit report")
    summarySection(&markup)
    if !charts.isEmpty { timelineSection(charts, &markup) }
    findingSection(rules, &markup)
    markup.close()
    markup.close()
    markup.close()
    return markup.output
  }

  /// One chart per group of playlists (a media playlist audited on its own; the media
  /// playlists a multivariant playlist names, with `--follow`), each media playlist a row with
  /// the findings of its report entry. Groups without a media playlist have no chart.
  public func timelineCharts(_ groups: [[AuditedPlaylist]]) -> [AdTimelineChart] {
    var findingsByFile: [String: [Finding]] = [:]
    for entry in entries where findingsByFile[entry.file] == nil {
      findingsByFile[entry.file] = entry.findings.filter { $0.file == nil }
    }
    return groups.compactMap { group in
      let tracks = group.compactMap { audited -> TimelineTrack? in
        guard let media = audited.playlist.media else { return nil }
        return TimelineTrack(
          name: audited.name, media: media, findings: findingsByFile[audited.name] ?? [])
      }
      return tracks.isEmpty ? nil : AdTimelineChart(tracks: tracks)
    }
  }

  private func summarySection(_ markup: inout Markup) {
    let summary = self.summary
    markup.open("section", [("class", "summary")])
    markup.element("h2", text: "Summary")
    markup.open("table")
    let rows = [
      ("Files", entries.count), ("Findings", summary.errors + summary.warnings + summary.infos),
      ("Errors", summary.errors), ("Warnings", summary.warnings), ("Infos", summary.infos),
    ]
    for (name, count) in rows {
      markup.open("tr")
      markup.element("th", text: name)
      markup.element("td", [("class", "n")], text: "\(count)")
      markup.close()
    }
    markup.close()
    markup.open("ul", [("class", "files")])
    for entry in entries {
      markup.open("li", inline: true)
      markup.element("code", text: entry.file)
      if let failure = entry.failure {
        markup.text(": could not be audited: " + failure)
      } else {
        markup.text(": " + Self.counted(entry.findings))
      }
      markup.close()
    }
    markup.close()
    markup.close()
  }

  private func timelineSection(_ charts: [AdTimelineChart], _ markup: inout Markup) {
    markup.open("section", [("class", "timelines")])
    markup.element("h2", text: "Ad-break timelines")
    markup.element(
      "p", [("class", "legend")],
      text: "Grey bar: the playlist; ticks: segments; red lines: discontinuities; orange band: "
        + "a break from its start to its measured end; dashed outline: its declared duration; "
        + "blue dots: beacons; triangles: findings (red error, orange warning, grey info). "
        + "Hover a mark for its details.")
    for chart in charts {
      markup.open("figure")
      markup.element("figcaption", text: chart.tracks.map(\.name).joined(separator: ", "))
      chart.draw(into: &markup, standalone: false)
      markup.close()
    }
    markup.close()
  }

  private func findingSection(_ rules: [AuditRule], _ markup: inout Markup) {
    markup.open("section", [("class", "by-rule")])
    markup.element("h2", text: "Findings by rule")
    let all = findings
    guard !all.isEmpty else {
      markup.element("p", text: "No findings.")
      markup.close()
      return
    }
    var byRule: [String: [Finding]] = [:]
    for finding in all { byRule[finding.rule, default: []].append(finding) }
    var ids = rules.map(\.id).filter { byRule[$0] != nil }
    for id in byRule.keys.sorted() where !ids.contains(id) { ids.append(id) }
    for id in ids {
      let group = byRule[id] ?? []
      let worst = group.map(\.severity).max() ?? .info
      markup.open("section", [("class", "rule \(worst.rawValue)"), ("id", "rule-" + id)])
      markup.open("h3", inline: true)
      markup.element("code", text: id)
      markup.text(" \(worst.rawValue): " + Self.counted(group))
      markup.close()
      if let rule = rules.first(where: { $0.id == id }) {
        markup.element("p", text: rule.summary)
        markup.element("p", text: "Why: " + rule.rationale)
        markup.element("p", text: "Reference: " + rule.reference)
      }
      markup.open("ul", [("class", "findings")])
      for finding in group {
        markup.open("li", inline: true)
        markup.element(
          "code",
          text: "\(finding.file ?? ""):\(finding.location.line):\(finding.location.column)")
        markup.text(" \(finding.severity.rawValue): " + finding.message)
        markup.close()
      }
      markup.close()
      markup.close()
    }
    markup.close()
  }

  /// `no findings`, `1 error`, `2 errors, 1 warning`.
  private static func counted(_ findings: [Finding]) -> String {
    guard !findings.isEmpty else { return "no findings" }
    var parts: [String] = []
    for severity in [Severity.error, .warning, .info] {
      let n = findings.filter { $0.severity == severity }.count
      guard n > 0 else { continue }
      parts.append(n == 1 ? "1 \(severity.rawValue)" : "\(n) \(severity.rawValue)s")
    }
    return parts.joined(separator: ", ")
  }
}
