import HLS
import ManifestCore

extension MediaSplicer {
  /// The ad's beacon tags, each with the index (in `kept`; `kept.count` is after the last
  /// segment) of the segment it goes before: AD_LENGTH first, then the events by time
  /// (impression, creativeView and start at 0, quartiles at 25/50/75 % of the ad, complete
  /// after the last segment, others at their offset). Events past a cut are dropped.
  mutating func beaconTags(_ podAd: PodAd, kept: [Segment], full: ExactDecimal, _ span: Span)
    -> [(Int, CustomTag)]
  {
    let length = Self.duration(kept)
    var starts: [ExactDecimal] = []
    var t = ExactDecimal.zero
    for segment in kept {
      starts.append(t)
      t += segment.duration
    }
    var events: [(ExactDecimal, String, String)] = []
    for url in podAd.ad.impressions where checked(url, "impression", podAd, span) {
      events.append((.zero, "impression", url))
    }
    for event in podAd.ad.tracking where checked(event.url, event.event, podAd, span) {
      let time: ExactDecimal?
      switch event.offset {
      case .seconds(let s)?: time = s
      case .percent(let p)?: time = Self.percent(p, of: full)
      case nil:
        switch event.event {
        case "impression", "creativeView", "start": time = .zero
        case "firstQuartile": time = Self.percent(ExactDecimal(25), of: full)
        case "midpoint": time = Self.percent(ExactDecimal(50), of: full)
        case "thirdQuartile": time = Self.percent(ExactDecimal(75), of: full)
        case "complete": time = full
        default: time = nil
        }
      }
      guard let time else {
        warn(
          "\(span.point.label): ad '\(podAd.ad.id)' event '\(event.event)' has no time in the "
            + "stream (no offset): not marked", code: .eventUntimed)
        continue
      }
      guard time <= length else {
        warn(
          "\(span.point.label): ad '\(podAd.ad.id)' event '\(event.event)' at \(time) s "
            + "dropped: the ad was cut to \(length) s", code: .eventDropped)
        continue
      }
      events.append((time, event.event, event.url))
    }
    var tags: [(Int, CustomTag)] = [
      (0, CustomTag(name: "EXT-X-BEACON", value: "AD_LENGTH=\(length)"))
    ]
    for (time, name, url) in events.enumerated().sorted(by: {
      ($0.element.0, $0.offset) < ($1.element.0, $1.offset)
    }).map(\.element) {
      // The segment the event falls in (its start at or before the time).
      var index = 0
      while index + 1 < starts.count && starts[index + 1] <= time { index += 1 }
      if time >= length { index = kept.count }
      tags.append((index, CustomTag(name: "EXT-X-BEACON", value: "EVENT=\(name),URL=\(url)")))
    }
    return tags
  }

  /// True when the beacon tags can carry `url` and `event` (a plan built in code is checked as
  /// one read from JSON); else an error naming the ad.
  private mutating func checked(_ url: String, _ event: String, _ podAd: PodAd, _ span: Span)
    -> Bool
  {
    guard StitchPlan.isTrackingURL(url), StitchPlan.isEventName(event) else {
      diagnostics.append(
        StitchDiagnostic(
          .error,
          "\(span.point.label): ad '\(podAd.ad.id)' event '\(event)': '\(url)' is not an "
            + "absolute http(s) URL without blanks, or the event name is not letters, digits, "
            + "'-' or '_'", code: .trackingURL, file: podAd.ad.origin.file,
          at: podAd.ad.origin.location))
      return false
    }
    return true
  }

  /// `percent` % of `seconds`, exact (a value too large to be exact is rounded to 9 places).
  static func percent(_ percent: ExactDecimal, of seconds: ExactDecimal) -> ExactDecimal {
    let (product, overflow) = seconds.significand.multipliedReportingOverflow(
      by: percent.significand)
    let scale = seconds.scale + percent.scale + 2
    if !overflow && scale <= ExactDecimal.maximumScale {
      return ExactDecimal(significand: product, scale: scale).normalized
    }
    return ExactDecimal(seconds.doubleValue * percent.doubleValue / 100) ?? seconds
  }
}
