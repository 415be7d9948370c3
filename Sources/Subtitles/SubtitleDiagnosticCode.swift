import ManifestCore

/// The stable codes of the Subtitles module's diagnostics and parse errors: SRT (`srt.`),
/// WebVTT (`vtt.`), TTML (`ttml.`), and what all formats share (`subtitle.`).
/// docs/diagnostic-codes.md is generated from `catalog`.
public enum SubtitleDiagnosticCode: String, Sendable, Hashable, CaseIterable {
  case inputEmpty = "subtitle.input.empty"
  case notUTF8 = "subtitle.encoding.not-utf8"
  case notUTF16 = "subtitle.encoding.not-utf16"
  case repeatedBOM = "subtitle.encoding.repeated-bom"
  case notUTF32 = "subtitle.encoding.not-utf32"
  case encodingFallback = "subtitle.encoding.fallback"
  case encodingUnknown = "subtitle.encoding.unknown"
  case encodingInvalid = "subtitle.encoding.invalid"
  case encodingXML = "subtitle.encoding.xml"
  case srtTimingInvalid = "srt.timing.invalid"
  case srtBlankLineMissing = "srt.blank-line.missing"
  case srtTextOutsideCue = "srt.text.outside-cue"
  case srtTextAfterBlankLine = "srt.text.after-blank-line"
  case srtNumberWithoutTiming = "srt.number.no-timing"
  case vttSignatureMissing = "vtt.signature.missing"
  case vttTimingInvalid = "vtt.timing.invalid"
  case vttBlockAfterCue = "vtt.block.after-cue"
  case vttBlockWithoutTiming = "vtt.block.no-timing"
  case vttTimestampMapInvalid = "vtt.timestamp-map.invalid"
  case vttRegionWithoutID = "vtt.region.no-id"
  case vttTimestampNoFraction = "vtt.timestamp.no-fraction"
  case vttTimestampShortFraction = "vtt.timestamp.short-fraction"
  case vttTimestampComma = "vtt.timestamp.comma"
  case vttRegionHeader = "vtt.header.region"
  case vttIdentifierArrow = "vtt.cue-id.arrow"
  case vttIdentifierDetached = "vtt.cue-id.detached"
  case ttmlNotTTML = "ttml.document.not-ttml"
  case ttmlNamespace = "ttml.namespace"
  case ttmlTimeExpression = "ttml.time-expression.invalid"
  case ttmlTimingParameter = "ttml.parameter.invalid"
  case ttmlLanguage = "ttml.language.invalid"
  case ttmlUnknownStyle = "ttml.style.unknown"
  case ttmlUnknownRegion = "ttml.region.unknown"
  case ttmlRegionReferenceTooLong = "ttml.region.reference-too-long"
  case ttmlRegionInactive = "ttml.region.inactive"
  case ttmlEndBeforeBegin = "ttml.p.end-before-begin"
  case ttmlNoEnd = "ttml.p.no-end"
  case ttmlTextInSequence = "ttml.text.in-sequence"
  case ttmlImageData = "ttml.image.data"
  case ttmlImageNoInterval = "ttml.image.no-interval"
  case ttmlImageUndefined = "ttml.image.undefined"
  case ttmlImageLayout = "ttml.imsc.layout"

  /// The severities the code is reported at and what it means.
  public var info: DiagnosticCodeInfo {
    let (severities, summary) = Self.describe(self)
    return DiagnosticCodeInfo(rawValue, severities, summary)
  }

  /// Every code of the module: these, then the validator's rules (the XML reader's are in
  /// `XMLCodes`).
  public static var catalog: [DiagnosticCodeInfo] {
    allCases.map(\.info) + SubtitleValidator.Rule.allCases.map(\.info)
  }

  private static func describe(_ code: Self) -> ([Severity], String) {
    switch code {
    case .inputEmpty: ([.error], "The input has no subtitles to read.")
    case .notUTF8: ([.error], "The input is not valid UTF-8.")
    case .notUTF16: ([.error], "The UTF-16 input has an odd length or an unpaired surrogate.")
    case .repeatedBOM: ([.error], "A byte order mark follows the first one.")
    case .notUTF32: ([.error], "The UTF-32 input has a bad length or a value that is no scalar.")
    case .encodingFallback:
      ([.warning], "Not UTF-8: read as Windows-1252 (browsers read WebVTT as UTF-8).")
    case .encodingUnknown: ([.error], "The encoding named is one iconv does not know.")
    case .encodingInvalid: ([.error], "A byte is not valid in the encoding named.")
    case .encodingXML: ([.error], "An encoding named for TTML, which declares its own (XML).")
    case .srtTimingInvalid: ([.warning], "An SRT timing line does not parse; the cue is skipped.")
    case .srtBlankLineMissing: ([.warning], "No blank line before an SRT cue.")
    case .srtTextOutsideCue: ([.warning], "Text outside an SRT cue is ignored.")
    case .srtTextAfterBlankLine:
      ([.warning], "Text after a blank line is kept in the SRT cue before it.")
    case .srtNumberWithoutTiming: ([.warning], "An SRT cue number without a timing line.")
    case .vttSignatureMissing: ([.error], "The first line is not WEBVTT (WebVTT §4.1).")
    case .vttTimingInvalid: ([.warning], "A WebVTT cue timing line does not parse (§4.1).")
    case .vttBlockAfterCue:
      ([.warning], "A STYLE or REGION block after the first cue is ignored (§4.1).")
    case .vttBlockWithoutTiming: ([.warning], "A WebVTT text block without a timing line.")
    case .vttTimestampMapInvalid:
      ([.warning], "X-TIMESTAMP-MAP is not MPEGTS:<ticks>,LOCAL:<timestamp> (RFC 8216 §3.5).")
    case .vttRegionWithoutID: ([.warning], "A WebVTT REGION block without an id is ignored.")
    case .vttTimestampNoFraction:
      ([.warning], "A timestamp without a fraction: the cue is read; browsers drop it (§6.2).")
    case .vttTimestampShortFraction:
      ([.warning], "A timestamp with 1 or 2 fraction digits: read; browsers drop the cue (§6.2).")
    case .vttTimestampComma:
      (
        [.warning],
        "A timestamp with a comma before its fraction (SRT style): read; browsers drop it."
      )
    case .vttRegionHeader:
      ([.warning], "A Region: header line of an old draft: kept; browsers ignore it.")
    case .vttIdentifierArrow:
      (
        [.warning],
        "A cue identifier containing '-->': read as the identifier; browsers drop it (§6.1)."
      )
    case .vttIdentifierDetached:
      (
        [.warning],
        "A cue identifier line before a blank line: read as the next cue's; browsers drop it."
      )
    case .ttmlNotTTML: ([.error], "The root element is not <tt> in the TTML namespace.")
    case .ttmlNamespace: ([.warning], "A namespace problem libxml2 reports (undeclared prefix…).")
    case .ttmlTimeExpression: ([.warning], "A begin, end or dur is not a TTML time expression.")
    case .ttmlTimingParameter:
      ([.warning], "A ttp: timing parameter has a value TTML does not define.")
    case .ttmlLanguage: ([.warning], "xml:lang is not a BCP 47 language tag.")
    case .ttmlUnknownStyle: ([.warning], "A style reference the document does not define.")
    case .ttmlUnknownRegion: ([.warning], "A region reference the document does not define.")
    case .ttmlRegionReferenceTooLong: ([.warning], "A region reference too long to keep.")
    case .ttmlRegionInactive:
      ([.warning], "Content outside its region's active time, which is never shown.")
    case .ttmlEndBeforeBegin: ([.warning], "A p ends before it begins.")
    case .ttmlNoEnd:
      ([.warning], "A p has no end time and begins at the document's latest time: zero length.")
    case .ttmlTextInSequence:
      ([.warning], "Text directly in a timeContainer=\"seq\" element, which is never shown.")
    case .ttmlImageData: ([.warning], "Image data that is not valid base64.")
    case .ttmlImageNoInterval: ([.warning], "An image without a time interval is ignored.")
    case .ttmlImageUndefined: ([.warning], "An image reference the document does not define.")
    case .ttmlImageLayout:
      ([.warning], "An IMSC 1.1 image-profile document written may not conform (regions…).")
    }
  }
}

extension SubtitleValidator.Rule {
  /// The stable code of the rule's findings: `subtitle.validate.` and the rule id.
  public var code: String { "subtitle.validate." + rawValue }

  /// The severity and meaning of the rule's findings.
  public var info: DiagnosticCodeInfo {
    let summary =
      switch self {
      case .endBeforeStart: "A cue ends before it starts."
      case .negativeTime: "A cue starts or ends before 0."
      case .emptyCue: "A cue has no text or image."
      case .unsorted: "A cue starts before the one before it."
      case .overlap: "A cue starts before the one before it ends."
      case .missingImageData: "An image cue has no image data."
      case .unknownStyle: "A cue names a style the document does not define."
      case .unknownRegion: "A cue names a region the document does not define."
      }
    return DiagnosticCodeInfo(code, [severity], summary)
  }
}
