import AdInsertion
import HLS
import ManifestCore
import VAST

extension StitchPlan {
  /// The plan of `m3u8-tool stitch --vast` (docs/stitching.md, "From VAST and VMAP"): VAST gives
  /// ads, not times, so the pod fills every marked break of `content` in replace mode (as a
  /// `markers` break does), or, when the content has none, plays as a pre-roll inserted at 0.
  /// An empty pod gives a plan without breaks.
  public static func from(pod: VASTPod, content: MediaPlaylist) -> (
    plan: StitchPlan, diagnostics: [StitchDiagnostic]
  ) {
    var mapper = VASTPlanMapper()
    let ads = pod.ads.map { mapper.ad($0) }
    guard !ads.isEmpty else { return (StitchPlan(breaks: []), mapper.diagnostics) }
    let origin = PlanOrigin(file: pod.ads[0].file, path: "VAST", location: .start)
    let marked = !AdTimeline(content).breaks.isEmpty
    let adBreak = Break(
      position: marked ? .markers : .time(.zero), mode: marked ? .replace : .insert, ads: ads,
      origin: origin)
    return (StitchPlan(breaks: [adBreak]), mapper.diagnostics)
  }

  /// The plan of `m3u8-tool stitch --vmap` (VMAP 1.0.1 §2.3.1 `timeOffset`): `start` inserts
  /// at 0, `end` at the end of `content` (a post-roll), a time at that many seconds, `n%` at
  /// that share of the content's duration, all in insert mode; `#n` fills the content's n-th
  /// marked break (`markers`, replace mode), so `#n` breaks come in order from `#1`. Only
  /// linear breaks are taken (a `breakType` without `linear` is skipped with a warning);
  /// breaks without ads are left out (VAST already reported why). A break's `breakStart`
  /// tracking goes on its first ad at 0, `breakEnd` on its last ad at its end.
  public static func from(schedule: VMAPSchedule, content: MediaPlaylist) -> (
    plan: StitchPlan, diagnostics: [StitchDiagnostic]
  ) {
    var mapper = VASTPlanMapper()
    let total = content.totalDuration
    let marked = AdTimeline(content).breaks.count
    var positions = 0
    var breaks: [Break] = []
    for (i, scheduled) in schedule.breaks.enumerated() {
      let name =
        scheduled.id.map { "AdBreak '\($0)'" }
        ?? "AdBreak #\(i + 1)"
      let origin = PlanOrigin(file: scheduled.file, path: name, location: scheduled.location)
      if let type = scheduled.breakType,
        !type.split(separator: ",").contains(where: { Self.isLinear($0) })
      {
        mapper.report(
          .warning,
          "\(name): breakType '\(type)' is not linear: "
            + "skipped", code: .vmapBreakType, origin)
        continue
      }
      var ads = scheduled.ads.map { mapper.ad($0) }
      guard !ads.isEmpty else { continue }
      for tracking in scheduled.tracking {
        switch tracking.event {
        case "breakStart":
          ads[0].tracking.append(
            TrackingEvent(event: tracking.event, url: tracking.url, offset: .seconds(.zero)))
        case "breakEnd":
          ads[ads.count - 1].tracking.append(
            TrackingEvent(
              event: tracking.event, url: tracking.url, offset: .percent(ExactDecimal(100))))
        default: continue
        }
      }
      var position: Position
      var mode = Mode.insert
      switch scheduled.offset {
      case .start: position = .time(.zero)
      case .end: position = .time(total)
      case .time(let seconds): position = .time(seconds)
      case .percent(let p):
        guard
          let t = try? total.multiplied(
            by: ExactDecimal(significand: p.significand, scale: p.scale + 2))
        else {
          mapper.report(
            .error, "\(name): \(p)% of \(total) s is not exact", code: .vmapPosition, origin)
          continue
        }
        position = .time(t.normalized)
      case .position(let n):
        guard n == positions + 1, n <= marked else {
          mapper.report(
            .error,
            "\(name): #\(n) names the content's marked break \(n); "
              + (n > marked
                ? "the content has \(marked)"
                : "#n breaks fill the marked breaks in order, and #\(positions + 1) comes next"),
            code: .vmapPosition, origin)
          continue
        }
        positions = n
        position = .markers
        mode = .replace
      }
      breaks.append(Break(position: position, mode: mode, ads: ads, origin: origin))
    }
    return (StitchPlan(breaks: breaks), mapper.diagnostics)
  }
}

extension StitchPlan {
  /// True for `linear` (any case, blanks around it ignored): one item of a VMAP `breakType`
  /// list.
  fileprivate static func isLinear(_ item: Substring) -> Bool {
    item.utf8.filter { $0 != 0x20 && $0 != 0x09 }.map { $0 | 0x20 }.elementsEqual("linear".utf8)
  }
}

/// Turns scheduled VAST ads into plan ads, collecting what cannot go into the stream.
private struct VASTPlanMapper {
  var diagnostics: [StitchDiagnostic] = []

  /// The events the beacon tags time by their name alone.
  static let timedByName: Set<String> = [
    "impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
  ]

  mutating func report(
    _ severity: Severity, _ message: String, code: StitchDiagnosticCode, _ origin: PlanOrigin
  ) {
    diagnostics.append(
      StitchDiagnostic(severity, message, code: code, file: origin.file, at: origin.location))
  }

  /// The plan ad: the media URI resolved against the file holding the inline ad, the
  /// tracking that has a time in the stream (the rest reported once per ad, not written).
  mutating func ad(_ ad: ScheduledAd) -> StitchPlan.Ad {
    let name = "ad '\(ad.id)'"
    let origin = PlanOrigin(file: ad.file, path: name, location: ad.location)
    var tracking: [StitchPlan.TrackingEvent] = []
    var untimed: [String] = []
    for event in ad.tracking {
      if let offset = event.offset {
        tracking.append(
          StitchPlan.TrackingEvent(event: event.event, url: event.url, offset: .seconds(offset)))
      } else if Self.timedByName.contains(event.event) {
        tracking.append(StitchPlan.TrackingEvent(event: event.event, url: event.url))
      } else if !untimed.contains(event.event) {
        untimed.append(event.event)
      }
    }
    if !untimed.isEmpty {
      report(
        .warning,
        "\(name): tracking without a time in the stream not written: "
          + untimed.joined(separator: ", "),
        code: .eventUntimed, origin)
    }
    return StitchPlan.Ad(
      id: ad.id, playlist: URIResolver.resolve(ad.mediaURI, against: ad.file),
      duration: ad.duration, impressions: ad.impressions, tracking: tracking,
      clickThrough: ad.clickThrough, origin: origin)
  }
}
