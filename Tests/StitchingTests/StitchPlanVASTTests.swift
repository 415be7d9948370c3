import HLS
import ManifestCore
import Stitching
import Testing

@testable import VAST

/// `StitchPlan.from(pod:content:)` and `from(schedule:content:)`: VAST and VMAP decisions as
/// plans (docs/stitching.md, "From VAST and VMAP"). `@testable`: VASTPod and VMAPSchedule
/// have no public initializer (they come from VASTAdDecision).
@Suite struct StitchPlanVASTTests {
  // A 24 s TS VOD as AWS MediaPackage writes it, without and with a CUE-OUT break.
  static func content(marked: Bool) throws -> MediaPlaylist {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    for n in 1...4 {
      if marked && n == 2 { text += "#EXT-X-CUE-OUT:6.000\n" }
      if marked && n == 3 { text += "#EXT-X-CUE-IN\n" }
      text += "#EXTINF:6.000,\nindex_\(n).ts\n"
    }
    return try #require(try Playlist.parse(Array((text + "#EXT-X-ENDLIST\n").utf8)).media)
  }

  // A scheduled ad as VASTAdDecision gives it for a Google Ad Manager inline ad.
  static let ad = ScheduledAd(
    id: "697200496", mediaURI: "../ads/sale.m3u8", duration: ExactDecimal(6),
    impressions: ["https://securepubads.g.doubleclick.net/pcs/view?xai=A"],
    tracking: [
      ScheduledTracking(event: "start", url: "https://t.example/start"),
      ScheduledTracking(event: "pause", url: "https://t.example/pause"),
      ScheduledTracking(event: "progress", url: "https://t.example/p5", offset: ExactDecimal(5)),
      ScheduledTracking(event: "mute", url: "https://t.example/mute"),
      ScheduledTracking(event: "pause", url: "https://t.example/pause2"),
    ],
    clickThrough: "https://shop.example/spring", clickTracking: ["https://t.example/click"],
    errorURLs: ["https://t.example/error?c=[ERRORCODE]"], file: "vast/gam.xml",
    location: SourceLocation(line: 5, column: 3, offset: 90))

  static let planAd = StitchPlan.Ad(
    id: "697200496", playlist: "ads/sale.m3u8", duration: ExactDecimal(6),
    impressions: ["https://securepubads.g.doubleclick.net/pcs/view?xai=A"],
    tracking: [
      StitchPlan.TrackingEvent(event: "start", url: "https://t.example/start"),
      StitchPlan.TrackingEvent(
        event: "progress", url: "https://t.example/p5", offset: .seconds(ExactDecimal(5))),
    ],
    clickThrough: "https://shop.example/spring",
    origin: PlanOrigin(
      file: "vast/gam.xml", path: "ad '697200496'",
      location: SourceLocation(line: 5, column: 3, offset: 90)))

  static let untimed = StitchDiagnostic(
    .warning, "ad '697200496': tracking without a time in the stream not written: pause, mute",
    code: .eventUntimed, file: "vast/gam.xml",
    at: SourceLocation(line: 5, column: 3, offset: 90))

  @Test func aPodFillsTheMarkedBreaksOrIsAPreRoll() throws {
    let pod = VASTPod(ads: [Self.ad], diagnostics: [])
    let origin = PlanOrigin(file: "vast/gam.xml", path: "VAST")
    let marked = StitchPlan.from(pod: pod, content: try Self.content(marked: true))
    #expect(
      marked.plan
        == StitchPlan(breaks: [
          .init(position: .markers, mode: .replace, ads: [Self.planAd], origin: origin)
        ]))
    #expect(marked.diagnostics == [Self.untimed])
    let plain = StitchPlan.from(pod: pod, content: try Self.content(marked: false))
    #expect(
      plain.plan
        == StitchPlan(breaks: [
          .init(position: .time(.zero), mode: .insert, ads: [Self.planAd], origin: origin)
        ]))
    let empty = StitchPlan.from(
      pod: VASTPod(ads: [], diagnostics: []), content: try Self.content(marked: true))
    #expect(empty.plan == StitchPlan(breaks: []))
    #expect(empty.diagnostics == [])
  }

  @Test func vmapOffsetsBecomeTimesOfTheContent() throws {
    let at = SourceLocation(line: 3, column: 3, offset: 40)
    func scheduled(_ offset: VMAPTimeOffset, _ id: String, type: String? = "linear")
      -> ScheduledBreak
    {
      ScheduledBreak(
        id: id, offset: offset, breakType: type, ads: [Self.ad],
        tracking: [
          ScheduledTracking(event: "breakStart", url: "https://t.example/bs"),
          ScheduledTracking(event: "breakEnd", url: "https://t.example/be"),
          ScheduledTracking(event: "error", url: "https://t.example/be-error"),
        ], file: "vmap.xml", location: at)
    }
    let schedule = VMAPSchedule(
      breaks: [
        scheduled(.start, "pre"),
        scheduled(.percent(ExactDecimal(12.5)!), "q", type: "Linear, nonlinear"),
        scheduled(.time(ExactDecimal(18)), "mid"), scheduled(.position(1), "cue"),
        scheduled(.end, "post"), scheduled(.percent(ExactDecimal(50)), "banner", type: "display"),
        scheduled(.position(3), "far"),
      ], diagnostics: [])
    let (plan, diagnostics) = StitchPlan.from(
      schedule: schedule, content: try Self.content(marked: true))
    var ad = Self.planAd
    ad.tracking = [
      StitchPlan.TrackingEvent(event: "start", url: "https://t.example/start"),
      StitchPlan.TrackingEvent(
        event: "progress", url: "https://t.example/p5", offset: .seconds(ExactDecimal(5))),
      StitchPlan.TrackingEvent(
        event: "breakStart", url: "https://t.example/bs", offset: .seconds(.zero)),
      StitchPlan.TrackingEvent(
        event: "breakEnd", url: "https://t.example/be", offset: .percent(ExactDecimal(100))),
    ]
    func planned(_ position: StitchPlan.Position, _ id: String, _ mode: StitchPlan.Mode = .insert)
      -> StitchPlan.Break
    {
      StitchPlan.Break(
        position: position, mode: mode, ads: [ad],
        origin: PlanOrigin(file: "vmap.xml", path: "AdBreak '\(id)'", location: at))
    }
    #expect(
      plan
        == StitchPlan(breaks: [
          planned(.time(.zero), "pre"), planned(.time(ExactDecimal(3)), "q"),
          planned(.time(ExactDecimal(18)), "mid"), planned(.markers, "cue", .replace),
          planned(.time(ExactDecimal(24)), "post"),
        ]))
    #expect(
      diagnostics.map(\.description) == Array(repeating: Self.untimed.description, count: 5) + [
        "vmap.xml:3:3: warning: AdBreak 'banner': breakType 'display' is not linear: skipped "
          + "[stitch.vmap.break-type]",
        Self.untimed.description,
        "vmap.xml:3:3: error: AdBreak 'far': #3 names the content's marked break 3; the "
          + "content has 1 [stitch.vmap.position]",
      ])
  }
}
