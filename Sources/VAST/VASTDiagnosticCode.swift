import ManifestCore

/// The stable codes of the VAST module's diagnostics and parse errors: one problem each, the
/// message naming the ad or break and the values (docs/vast.md lists when each is reported).
public enum VASTDiagnosticCode: String, Sendable, Hashable, CaseIterable {
  case root = "vast.root"
  case versionUnknown = "vast.version.unknown"
  case adSequence = "vast.ad.sequence"
  case adEmpty = "vast.ad.empty"
  case responseEmpty = "vast.response.empty"
  case creativeSkipped = "vast.creative.skipped"
  case creativeNoLinear = "vast.creative.no-linear"
  case duration = "vast.duration"
  case trackingOffset = "vast.tracking.offset"
  case trackingNoDuration = "vast.tracking.no-duration"
  case mediaNoHLS = "vast.media.no-hls"
  case wrapperTagURIMissing = "vast.wrapper.tag-uri-missing"
  case wrapperUnresolved = "vast.wrapper.unresolved"
  case wrapperTooDeep = "vast.wrapper.too-deep"
  case wrapperNotFollowed = "vast.wrapper.not-followed"
  case vmapRoot = "vmap.root"
  case vmapTimeOffset = "vmap.time-offset"
  case vmapTimeOffsetMissing = "vmap.time-offset.missing"
  case vmapSourceMissing = "vmap.source.missing"
  case vmapAdTagUnresolved = "vmap.ad-tag.unresolved"

  /// One sentence: what the problem is.
  public var summary: String {
    switch self {
    case .root: "The document's root element is not <VAST>."
    case .versionUnknown: "The VAST version is not 2.0, 3.0 or 4.0–4.3 (read as VAST 4)."
    case .adSequence: "An Ad's sequence is not a whole number (read as a stand-alone ad)."
    case .adEmpty: "An Ad holds neither InLine nor Wrapper (skipped)."
    case .responseEmpty: "The VAST response has no ads (VAST 4.x §2.3.6.4)."
    case .creativeSkipped: "A NonLinear or Companion creative is skipped (only Linear is spliced)."
    case .creativeNoLinear: "An ad that should play has no Linear creative."
    case .duration: "A Linear Duration is not HH:MM:SS(.mmm) (the duration is unknown)."
    case .trackingOffset: "A tracking offset is not HH:MM:SS(.mmm) or n%."
    case .trackingNoDuration: "A percentage tracking offset on an ad whose duration is unknown."
    case .mediaNoHLS: "An ad that should play has no HLS MediaFile."
    case .wrapperTagURIMissing: "A Wrapper has no VASTAdTagURI (skipped)."
    case .wrapperUnresolved: "A wrapper chain ends without a playable inline ad."
    case .wrapperTooDeep: "A wrapper chain is longer than the bound (5 by default)."
    case .wrapperNotFollowed: "A wrapper follows one with followAdditionalWrappers=\"false\"."
    case .vmapRoot: "The document's root element is not <vmap:VMAP>."
    case .vmapTimeOffset: "An AdBreak timeOffset is not start, end, HH:MM:SS(.mmm), n% or #n."
    case .vmapTimeOffsetMissing: "An AdBreak has no timeOffset (VMAP 1.0.1 §2.3.1)."
    case .vmapSourceMissing: "An AdBreak has no usable AdSource (none, CustomAdData, no VAST)."
    case .vmapAdTagUnresolved: "No VAST document was given for an AdBreak's AdTagURI."
    }
  }

  /// The severities it is reported at: an error means nothing is stitched from the document;
  /// a problem an ad can fall back from (another ad of the pod) is a warning, and one of
  /// an unused fallback ad is information.
  public var severities: [Severity] {
    switch self {
    case .root, .vmapRoot, .vmapTimeOffset, .vmapTimeOffsetMissing, .vmapAdTagUnresolved,
      .wrapperTagURIMissing:
      [.error]
    case .versionUnknown: [.info]
    case .creativeSkipped: [.info, .warning]
    case .creativeNoLinear, .mediaNoHLS, .wrapperUnresolved, .wrapperTooDeep, .wrapperNotFollowed:
      [.info, .warning, .error]
    case .adSequence, .adEmpty, .responseEmpty, .duration, .trackingOffset, .trackingNoDuration,
      .vmapSourceMissing:
      [.warning]
    }
  }

  /// Every code, for docs/diagnostic-codes.md.
  public static let catalog: [DiagnosticCodeInfo] = allCases.map {
    DiagnosticCodeInfo($0.rawValue, $0.severities, $0.summary)
  }

  /// A diagnostic with this code.
  func diagnostic(_ severity: Severity, _ message: String, at location: SourceLocation)
    -> Diagnostic
  {
    Diagnostic(severity, message, code: rawValue, at: location)
  }

  /// A parse error with this code.
  func error(_ message: String, at location: SourceLocation) -> ParseError {
    ParseError(code: rawValue, message: message, location: location)
  }
}
