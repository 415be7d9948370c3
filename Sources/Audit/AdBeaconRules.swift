import AdInsertion
import HLS
import ManifestCore

/// Tracking-beacon rules (`#EXT-X-BEACON:AD_LENGTH=…` blocks with `EVENT=…,URL=…`; the syntax
/// is the Vodafone profile of docs/ad-audit-rules.md, unverified against a public spec).
enum AdBeaconRules {
  static let urlInvalid = AuditRule(
    id: "ads.beacon-url-invalid", severity: .error, scope: .media,
    summary: "A beacon URL that is not an absolute http(s) URL with a host (or that swallowed a "
      + "later attribute: an unquoted URL must be the tag's last attribute).",
    rationale: "The beacon cannot be fired, and the ad is not counted.",
    reference: "docs/ad-audit-rules.md AM061 (unverified syntax)")
  static let unknownEvent = AuditRule(
    id: "ads.beacon-unknown-event", severity: .warning, scope: .media,
    summary: "A beacon EVENT outside impression, start, firstQuartile, midpoint, thirdQuartile, "
      + "complete, pause, resume, mute, unmute, skip, error.",
    rationale: "Tracking services ignore event names they do not know (spelling included).",
    reference: "docs/ad-audit-rules.md AM062; IAB VAST tracking events")
  static let quartileOrder = AuditRule(
    id: "ads.beacon-quartile-order", severity: .warning, scope: .media,
    summary: "An ad whose beacons run out of order (impression, start, firstQuartile, midpoint, "
      + "thirdQuartile, complete) or lack start or complete.",
    rationale: "Out-of-order or missing quartiles make ad verification reject the impression.",
    reference: "docs/ad-audit-rules.md AM063")
  static let adLengthMismatch = AuditRule(
    id: "ads.beacon-ad-length-mismatch", severity: .warning, scope: .media,
    summary: "The AD_LENGTH of the ads inside a break of another dialect do not add up to the "
      + "break's duration (tolerance applies).",
    rationale: "The pod does not fill the break: slate, or ads cut short.",
    reference: "docs/ad-audit-rules.md AM064")

  static let durationMismatch = AuditRule(
    id: "ads.beacon-duration-mismatch", severity: .warning, scope: .media,
    summary: "A beacon ad whose AD_LENGTH differs from the sum of its segments' EXTINF by more "
      + "than the tolerance (the ad's segments end at the next AD_LENGTH or discontinuity, or "
      + "with the break of another dialect it is inside).",
    rationale: "Quartile beacons are timed against AD_LENGTH; an ad that plays longer or "
      + "shorter fires them at the wrong moments (the CUE-OUT rule ads.duration-mismatch, for "
      + "beacon ads).",
    reference: "docs/ad-audit-rules.md AM065")
  static let noBeacons = AuditRule(
    id: "ads.beacon-none", severity: .info, scope: .media,
    summary: "A beacon ad (AD_LENGTH) without any EVENT beacon, in a playlist whose other beacon "
      + "ads have them.",
    rationale: "Nothing reports the ad's impression or quartiles: it is not counted, while the "
      + "ads around it are.",
    reference: "docs/ad-audit-rules.md AM066")

  static let rules = [
    urlInvalid, unknownEvent, quartileOrder, adLengthMismatch, durationMismatch, noBeacons,
  ]

  /// The event names a beacon may have (VAST linear tracking events).
  static let knownEvents: Set<String> = [
    "impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause",
    "resume", "mute", "unmute", "skip", "error",
  ]
  static let progress = [
    "impression", "start", "firstQuartile", "midpoint", "thirdQuartile",
    "complete",
  ]

  static func check(_ input: AdInput, _ context: inout AuditContext) {
    let tracked = input.signals.contains { $0.dialect == .beacon && !$0.beacons.isEmpty }
    // Breaks of other dialects, in start order, to end the beacon ads inside them.
    let outer = input.signals.filter { $0.dialect != .beacon && $0.endSegment != nil }
    var next = 0
    var enclosing: AdSignal? = nil
    for signal in input.signals where signal.dialect == .beacon {
      for beacon in signal.beacons { checkBeacon(beacon, &context) }
      checkOrder(signal, &context)
      if tracked && signal.beacons.isEmpty, let opening = signal.opening {
        context.report(
          noBeacons,
          "the ad of AD_LENGTH \(signal.declaredDuration ?? "") s on line \(opening.line) has no "
            + "EXT-X-BEACON EVENT; its impression and quartiles are not reported",
          at: opening.location)
      }
      while next < outer.count && outer[next].startSegment <= signal.startSegment {
        enclosing = outer[next]
        next += 1
      }
      checkDuration(signal, within: enclosing, input, &context)
    }
    checkLengths(input, &context)
  }

  /// An ad's AD_LENGTH against its segments, as ads.duration-mismatch does for CUE-OUT: only
  /// for an ad that is over (not still open at the live edge) and has segments.
  private static func checkDuration(
    _ signal: AdSignal, within enclosing: AdSignal?, _ input: AdInput,
    _ context: inout AuditContext
  ) {
    guard !signal.open, let opening = signal.opening, var end = signal.endSegment,
      let declared = signal.declaredSeconds, declared > .zero
    else { return }
    if let enclosing, let outerEnd = enclosing.endSegment, signal.startSegment <= outerEnd {
      end = min(end, outerEnd)
    }
    var ad = signal
    ad.endSegment = end
    let measured = input.measured(ad)
    let tolerance = context.options.tolerance
    if declared.differs(from: measured, by: tolerance) {
      context.report(
        durationMismatch,
        "EXT-X-BEACON on line \(opening.line) declares AD_LENGTH \(declared) s, but its EXTINF "
          + "durations add up to \(measured) s (\(input.segments(ad)); tolerance \(tolerance) s)",
        at: opening.location)
    }
  }

  private static func checkBeacon(_ beacon: Beacon, _ context: inout AuditContext) {
    if let event = beacon.event, !knownEvents.contains(event) {
      context.report(
        unknownEvent, "EXT-X-BEACON EVENT '\(event)' is not a known tracking event",
        at: beacon.location)
    }
    guard let url = beacon.url else { return }
    if let swallowed = url.firstRange(of: ",EVENT=") ?? url.firstRange(of: ",AD_LENGTH=") {
      context.report(
        urlInvalid,
        "EXT-X-BEACON URL runs on into '\(url[swallowed.lowerBound...].dropFirst())': an "
          + "unquoted URL must be the last attribute", at: beacon.location)
    } else if !isAbsoluteHTTP(url) {
      context.report(
        urlInvalid, "EXT-X-BEACON URL '\(url)' is not an absolute http(s) URL",
        at: beacon.location)
    }
  }

  /// `http://host…` or `https://host…`, ASCII case-insensitive scheme.
  static func isAbsoluteHTTP(_ url: String) -> Bool {
    let lower = url.lowercased()
    for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
      let host = lower.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      return !host.isEmpty && !host.contains(" ")
    }
    return false
  }

  private static func checkOrder(_ signal: AdSignal, _ context: inout AuditContext) {
    let beacons = signal.beacons
    guard !beacons.isEmpty, let opening = signal.opening else { return }
    var latest: (event: String, offset: ExactDecimal)? = nil
    for event in progress {
      guard let beacon = beacons.first(where: { $0.event == event }) else { continue }
      if let latest, beacon.offset < latest.offset {
        context.report(
          quartileOrder,
          "the ad on line \(opening.line) fires \(event) at \(beacon.offset) s, before "
            + "\(latest.event) at \(latest.offset) s", at: beacon.location)
        return
      }
      latest = (event, beacon.offset)
    }
    // An ad still playing at the live edge has not reached its complete beacon yet.
    let required = signal.open ? ["start"] : ["start", "complete"]
    let missing: [String] = required.filter { name in
      !beacons.contains { $0.event == name }
    }
    if !missing.isEmpty {
      context.report(
        quartileOrder,
        "the ad on line \(opening.line) has no \(missing.joined(separator: " or ")) beacon",
        at: opening.location)
    }
  }

  /// The index of the first of `ads` (in start order) that starts at or after `segment`.
  private static func firstAd(_ ads: [AdSignal], startingAtOrAfter segment: Int) -> Int {
    var low = 0
    var high = ads.count
    while low < high {
      let mid = (low + high) / 2
      if ads[mid].startSegment < segment { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Beacon ads inside a break of another dialect must fill it.
  private static func checkLengths(_ input: AdInput, _ context: inout AuditContext) {
    let tolerance = context.options.tolerance
    let signals = input.signals
    let ads = signals.filter { $0.dialect == .beacon }
    guard !ads.isEmpty else { return }
    for outer in signals where outer.dialect != .beacon && outer.closing != nil {
      guard let opening = outer.opening, let end = outer.endSegment else { continue }
      // The ads are in start order (the timeline's breaks are): the ones inside are a slice,
      // found by bisection rather than by filtering every ad per break.
      let first = firstAd(ads, startingAtOrAfter: outer.startSegment)
      let inside = ads[first..<max(first, firstAd(ads, startingAtOrAfter: end + 1))]
      let lengths = inside.compactMap(\.declaredSeconds)
      guard !inside.isEmpty, lengths.count == inside.count else { continue }
      let total = lengths.reduce(ExactDecimal.zero, +)
      let length = opening.declaredSeconds ?? input.measured(outer)
      if total.differs(from: length, by: tolerance) {
        context.report(
          adLengthMismatch,
          "the \(inside.count) ads in the break opened on line \(opening.line) have AD_LENGTH "
            + "\(total) s in all, but the break lasts \(length) s (tolerance \(tolerance) s)",
          at: opening.location)
      }
    }
  }
}
