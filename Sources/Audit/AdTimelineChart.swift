import AdInsertion
import HLS
import ManifestCore

/// The ad-break timeline of one or more media playlists as SVG, one row each on one time axis
/// (the variants of a multivariant playlist stacked, so a misaligned break shows): the
/// playlist's span, a tick per segment, discontinuities as taller red lines, each break as a
/// band from its start to its measured end with its declared duration as a dashed outline and
/// its dialects below it, beacons as dots at their offsets, and findings as triangles at their
/// media time. Every mark has a `<title>` (hover text). The drawing is 1000 units wide in its
/// `viewBox` and scales to its container.
public struct AdTimelineChart: Sendable {
  /// The rows, top to bottom.
  public var tracks: [TimelineTrack]

  /// Creates a chart.
  public init(tracks: [TimelineTrack]) { self.tracks = tracks }

  /// The chart's style sheet (also part of the HTML report's). A standalone chart (the root of
  /// its document) keeps 640 px and scrolls sideways in a narrower window, as in the report,
  /// instead of shrinking its text below reading size.
  static let style: StaticString = """
    .mk-chart:root{min-width:640px}\
    .mk-chart{font-family:system-ui,sans-serif;font-size:13px}\
    .mk-chart .name{font-weight:600;fill:#222}\
    .mk-chart .span{fill:#e8edf3;stroke:#9aa7b4}\
    .mk-chart .tick{stroke:#7b8794;stroke-width:1}\
    .mk-chart .disc{stroke:#c62828;stroke-width:2.5}\
    .mk-chart .break{fill:#f9a825;fill-opacity:.55;stroke:#e65100}\
    .mk-chart .planned{fill:none;stroke:#4a148c;stroke-width:1.5;stroke-dasharray:5 3}\
    .mk-chart .dialects{font-size:11px;fill:#4e342e}\
    .mk-chart .beacon{fill:#1565c0;stroke:#fff;stroke-width:1}\
    .mk-chart .error{fill:#c62828}.mk-chart .warning{fill:#ef6c00}.mk-chart .info{fill:#546e7a}\
    .mk-chart .axis{stroke:#444}.mk-chart .time{font-size:11px;fill:#444}
    """

  private static let width = 1000.0
  private static let margin = 12.0
  private static let rowHeight = 92.0

  /// The chart as a standalone SVG document (`ads --format svg`).
  public var svgDocument: String {
    var markup = Markup()
    markup.constant("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    draw(into: &markup, standalone: true)
    return markup.output
  }

  /// The end of the time axis: the longest playlist, break or declared duration; 1 s when all
  /// are empty.
  var axisEnd: ExactDecimal {
    var end = ExactDecimal.zero
    for track in tracks {
      end = max(end, track.timeline.duration)
      for adBreak in track.timeline.breaks {
        end = max(end, adBreak.end)
        if let planned = adBreak.plannedDuration { end = max(end, adBreak.start + planned) }
      }
    }
    return end.isZero || end.isNegative ? ExactDecimal(1) : end
  }

  /// Draws the chart: a standalone document's `<svg>` has its namespace and style sheet, one
  /// inside HTML takes the page's.
  func draw(into markup: inout Markup, standalone: Bool) {
    let end = axisEnd
    let height = 8 + Self.rowHeight * Double(tracks.count) + 34
    let label =
      "Ad-break timeline of " + tracks.map(\.name).joined(separator: ", ") + ", 0 s to "
      + "\(end.normalized) s"
    var attributes: [(StaticString, String)] = [
      ("class", "mk-chart"), ("viewBox", "0 0 \(Self.width.formatted) \(height.formatted)"),
      ("role", "img"), ("aria-label", label),
    ]
    if standalone {
      attributes.insert(("xmlns", "http://www.w3.org/2000/svg"), at: 0)
      attributes.append(("width", "100%"))
    }
    markup.open("svg", attributes)
    markup.element("title", text: label)
    if standalone { markup.element("style", text: Self.style.description) }
    for (row, track) in tracks.enumerated() {
      drawTrack(track, top: 8 + Self.rowHeight * Double(row), end: end, into: &markup)
    }
    drawAxis(top: 8 + Self.rowHeight * Double(tracks.count), end: end, into: &markup)
    markup.close()
  }

  private func x(_ time: ExactDecimal, _ end: ExactDecimal) -> Double {
    let fraction = min(max(time.doubleValue / end.doubleValue, 0), 1)
    return Self.margin + fraction * (Self.width - 2 * Self.margin)
  }

  private func drawTrack(
    _ track: TimelineTrack, top: Double, end: ExactDecimal, into markup: inout Markup
  ) {
    let timeline = track.timeline
    let segments = track.media.segments
    let breaks = timeline.breaks.count == 1 ? "1 ad break" : "\(timeline.breaks.count) ad breaks"
    let count = segments.count == 1 ? "1 segment" : "\(segments.count) segments"
    markup.open("g", [("class", "track")])
    markup.element(
      "text", [("class", "name"), ("x", Self.margin.formatted), ("y", (top + 13).formatted)],
      text: "\(track.name): \(count), \(timeline.duration.normalized) s, \(breaks)")
    let barTop = top + 20
    markup.titled(
      "rect",
      [
        ("class", "span"), ("x", x(.zero, end).formatted), ("y", barTop.formatted),
        ("width", (x(timeline.duration, end) - x(.zero, end)).formatted), ("height", "30"),
      ], title: "\(track.name): 0 s to \(timeline.duration.normalized) s")
    for adBreak in timeline.breaks { drawBreak(adBreak, barTop: barTop, end: end, &markup) }
    for segment in segments {
      let at = x(segment.startTime, end).formatted
      markup.titled(
        "line",
        [
          ("class", segment.discontinuity ? "disc" : "tick"), ("x1", at), ("x2", at),
          ("y1", (segment.discontinuity ? barTop - 4 : barTop).formatted),
          ("y2", (segment.discontinuity ? barTop + 34 : barTop + 30).formatted),
        ],
        title: (segment.discontinuity ? "discontinuity, then segment " : "segment ")
          + "\(segment.index) at \(segment.startTime.normalized) s "
          + "(\(segment.duration.normalized) s, line \(segment.uriLine + 1)): \(segment.uri)")
    }
    for adBreak in timeline.breaks {
      for beacon in adBreak.beacons {
        markup.titled(
          "circle",
          [
            ("class", "beacon"), ("cx", x(adBreak.start + beacon.offset, end).formatted),
            ("cy", barTop.formatted), ("r", "4.5"),
          ],
          title: "beacon \(beacon.event ?? "(no EVENT)") at +\(beacon.offset.normalized) s "
            + "in \(adBreak.periodId), line \(beacon.line): \(beacon.url ?? "(no URL)")")
      }
    }
    for finding in track.findings {
      let at = x(track.mediaTime(ofLine: finding.location.line), end)
      let y = top + 72
      markup.titled(
        "path",
        [
          ("class", finding.severity.rawValue),
          (
            "d",
            "M\((at - 5).formatted) \((y + 10).formatted)H\((at + 5).formatted)"
              + "L\(at.formatted) \(y.formatted)Z"
          ),
        ],
        title: "line \(finding.location.line): \(finding.severity.rawValue): "
          + "\(finding.message) [\(finding.rule)]")
    }
    markup.close()
  }

  private func drawBreak(
    _ adBreak: AdBreak, barTop: Double, end: ExactDecimal, _ markup: inout Markup
  ) {
    let dialects = adBreak.signals.map(\.dialect.rawValue)
    let from = x(adBreak.start, end)
    var title =
      "\(adBreak.id): \(adBreak.start.normalized) s to \(adBreak.end.normalized) s, "
      + "\(adBreak.duration.normalized) s measured"
    if let planned = adBreak.plannedDuration { title += ", \(planned.normalized) s declared" }
    if adBreak.open { title += ", still open" }
    title += "; " + dialects.joined(separator: ", ") + "; line \(adBreak.line)"
    markup.titled(
      "rect",
      [
        ("class", "break"), ("x", from.formatted), ("y", barTop.formatted),
        ("width", max(x(adBreak.end, end) - from, 1).formatted), ("height", "30"),
      ], title: title)
    if let planned = adBreak.plannedDuration {
      markup.titled(
        "rect",
        [
          ("class", "planned"), ("x", from.formatted), ("y", (barTop - 3).formatted),
          ("width", max(x(adBreak.start + planned, end) - from, 1).formatted),
          ("height", "36"),
        ], title: "\(adBreak.periodId) declared: \(planned.normalized) s")
    }
    markup.element(
      "text", [("class", "dialects"), ("x", from.formatted), ("y", (barTop + 47).formatted)],
      text: "\(adBreak.periodId) " + dialects.joined(separator: "+"))
  }

  private func drawAxis(top: Double, end: ExactDecimal, into markup: inout Markup) {
    let y = top + 6
    markup.empty(
      "line",
      [
        ("class", "axis"), ("x1", Self.margin.formatted),
        ("x2", (Self.width - Self.margin).formatted), ("y1", y.formatted), ("y2", y.formatted),
      ])
    let step = Self.axisStep(end)
    var t = 0
    while ExactDecimal(t) <= end {
      let at = x(ExactDecimal(t), end).formatted
      markup.empty(
        "line",
        [("class", "axis"), ("x1", at), ("x2", at), ("y1", y.formatted), ("y2", (y + 5).formatted)])
      markup.element(
        "text",
        [
          ("class", "time"), ("x", at), ("y", (y + 18).formatted),
          ("text-anchor", t == 0 ? "start" : ExactDecimal(t) == end ? "end" : "middle"),
        ], text: Self.clock(t))
      let (next, overflow) = t.addingReportingOverflow(step)
      if overflow { break }
      t = next
    }
  }

  /// Seconds between axis labels: the smallest of 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15,
  /// 30 min, 1, 2, 6, 12, 24 h that leaves at most 10 intervals.
  static func axisStep(_ end: ExactDecimal) -> Int {
    let steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200]
    for step in steps where end <= ExactDecimal(step * 10) { return step }
    return 86400 * max(1, Int(end.integerPart / 864000) + 1)
  }

  /// `45 s` below a minute, else `m:ss` or `h:mm:ss`.
  static func clock(_ seconds: Int) -> String {
    guard seconds >= 60 else { return "\(seconds) s" }
    let two: (Int) -> String = { $0 < 10 ? "0\($0)" : "\($0)" }
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
  }
}

extension Double {
  /// The number with at most one decimal, `.0` dropped (`12`, `12.5`): SVG coordinates that do
  /// not depend on the platform's floating-point printing.
  fileprivate var formatted: String {
    let tenths = Int((self * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let magnitude = abs(tenths)
    return magnitude % 10 == 0
      ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }
}
