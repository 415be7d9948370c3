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

  static let rules = [urlInvalid, unknownEvent, quartileOrder, adLengthMismatch]

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
    for signal in input.signals where signal.dialect == .beacon {
      for beacon in signal.beacons { checkBeacon(beacon, &context) }
      checkOrder(signal, &context)
    }
    checkLengths(input, &context)
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
            + "\(latest.event) at \(latest.offset) s", at: opening.location)
        return
      }
      latest = (event, beacon.offset)
    }
    let missing: [String] = ["start", "complete"].filter { name in
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
