import ManifestCore

/// The stable codes of the stitcher's diagnostics (docs/stitching.md says when each is
/// reported; docs/diagnostic-codes.md lists them).
public enum StitchDiagnosticCode: String, Sendable, Hashable, CaseIterable {
  case planJSON = "stitch.plan.json"
  case planInvalid = "stitch.plan.invalid"
  case trackingURL = "stitch.plan.tracking-url"
  case noMarkedBreak = "stitch.plan.no-marked-break"
  case adUnreadable = "stitch.ad.unreadable"
  case adDurationMismatch = "stitch.ad.duration-mismatch"
  case adNoVariant = "stitch.ad.no-variant"
  case adNotMedia = "stitch.ad.not-media"
  case adCut = "stitch.ad.cut"
  case slateNotMedia = "stitch.slate.not-media"
  case mapMismatch = "stitch.map.mismatch"
  case noProgramDateTime = "stitch.markers.no-program-date-time"
  case pastEnd = "stitch.break.past-end"
  case snapped = "stitch.break.snapped"
  case overlap = "stitch.break.overlap"
  case podShort = "stitch.pod.short"
  case eventUntimed = "stitch.event.untimed"
  case eventDropped = "stitch.event.dropped"
  case outputUnwritable = "stitch.output.unwritable"
  case outputDirectoryNeeded = "stitch.output.directory-needed"
  case outputOutside = "stitch.output.outside"
  case liveMediaNeeded = "stitch.live.media-needed"
  case liveWindow = "stitch.live.window"
  case vmapBreakType = "stitch.vmap.break-type"
  case vmapPosition = "stitch.vmap.position"

  /// One sentence: what the problem is.
  public var summary: String {
    switch self {
    case .planJSON: "The plan is not JSON."
    case .planInvalid: "A plan value is missing or not of the form PLAN.json takes."
    case .trackingURL:
      "A tracking URL is not an absolute http(s) URL without blanks, or an event name is not "
        + "letters, digits, '-' or '_'."
    case .noMarkedBreak: "A plan break at \"markers\" finds no marked break left to fill."
    case .adUnreadable: "An ad or slate playlist cannot be read or parsed."
    case .adDurationMismatch: "An ad's declared duration differs from its playlist's."
    case .adNoVariant: "An ad's multivariant playlist has no variant for a content rendition."
    case .adNotMedia: "An ad's playlist (or the variant chosen) is not a media playlist."
    case .adCut: "An ad is cut at a segment boundary, or dropped, to fit its break."
    case .slateNotMedia: "The slate is not a media playlist."
    case .mapMismatch: "An MPEG-TS playlist follows an fMP4 one (HLS cannot end a map)."
    case .noProgramDateTime: "--markers daterange on content without EXT-X-PROGRAM-DATE-TIME."
    case .pastEnd: "A break is placed past the end of the content."
    case .snapped: "A break's time is moved to the next segment boundary."
    case .overlap: "Two breaks overlap."
    case .podShort: "A pod is shorter than its break; slate or content fills the rest."
    case .eventUntimed: "A tracking event has no time in the stream (no offset): not marked."
    case .eventDropped: "A tracking event falls after the end of an ad that was cut."
    case .outputUnwritable: "A stitched playlist cannot be written."
    case .outputDirectoryNeeded: "A multivariant content playlist needs an output directory."
    case .outputOutside: "A rendition's URI does not name a file inside the output directory."
    case .liveMediaNeeded: "Live stitching takes a media playlist."
    case .liveWindow: "A live window does not follow the saved state."
    case .vmapBreakType: "A VMAP break is not linear (nonlinear or display): skipped."
    case .vmapPosition:
      "A VMAP #n offset names no marked break of the content, or not the next one in order."
    }
  }

  /// The severity it is reported at.
  public var severity: Severity {
    switch self {
    case .adDurationMismatch, .adCut, .snapped, .podShort, .eventUntimed, .eventDropped,
      .vmapBreakType:
      .warning
    default: .error
    }
  }

  /// Every code, for docs/diagnostic-codes.md.
  public static let catalog: [DiagnosticCodeInfo] = allCases.map {
    DiagnosticCodeInfo($0.rawValue, [$0.severity], $0.summary)
  }
}
