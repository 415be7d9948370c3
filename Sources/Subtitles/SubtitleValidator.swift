import ManifestCore

/// Checks a subtitle document for what breaks players and delivery specs: cues that end before
/// they start, negative times, empty cues, cues out of order or overlapping the one before,
/// image cues without image data, and style or region references the document does not define.
/// Each finding is a `Diagnostic` at the cue's line; the rule id leads the message.
public enum SubtitleValidator {
  /// The rule ids, in the order checks run.
  public enum Rule: String, Sendable, CaseIterable {
    case endBeforeStart = "end-before-start"
    case negativeTime = "negative-time"
    case emptyCue = "empty-cue"
    case unsorted = "unsorted"
    case overlap = "overlap"
    case missingImageData = "missing-image-data"
    case unknownStyle = "unknown-style"
    case unknownRegion = "unknown-region"

    /// How serious a finding of this rule is.
    public var severity: Severity {
      switch self {
      case .endBeforeStart, .negativeTime, .missingImageData, .unknownStyle, .unknownRegion:
        .error
      case .emptyCue, .unsorted, .overlap: .warning
      }
    }
  }

  /// The findings for `document`, in cue order.
  public static func validate(_ document: SubtitleDocument) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let styles = Set(document.styles.map(\.identifier))
    let regions = Set(document.regions.map(\.identifier))
    var previous: Cue? = nil
    for (index, cue) in document.cues.enumerated() {
      let name = "cue \(index + 1)"
      func report(_ rule: Rule, _ message: String) {
        findings.append(
          Diagnostic(
            rule.severity, "\(rule.rawValue): \(name) \(message)", code: rule.code,
            at: SourceLocation(line: max(cue.line, 1), column: 1, offset: 0)))
      }
      if cue.start.isNegative || cue.end.isNegative {
        report(.negativeTime, "has a negative time (\(cue.start) --> \(cue.end))")
      }
      if cue.end < cue.start {
        report(.endBeforeStart, "ends (\(cue.end) s) before it starts (\(cue.start) s)")
      }
      switch cue.content {
      case .text(let text):
        if text.isBlank { report(.emptyCue, "has no text") }
      case .image(let image):
        // A fragment names data the document lacks; a data: URL left as the source did not
        // decode (CueImage decodes the ones that do).
        if image.data == nil,
          image.source.map({ $0.hasPrefix("#") || DataURL.isDataURL($0) }) ?? true
        {
          var reference = image.source.map { " ('\(PrintableText.value($0))')" } ?? ""
          if let source = image.source, DataURL.isDataURL(source) {
            reference = " (a data: URL that does not decode)"
          }
          report(.missingImageData, "is an image cue without image data\(reference)")
        }
      }
      if let previous {
        if cue.start < previous.start {
          report(
            .unsorted, "starts (\(cue.start) s) before the cue before it (\(previous.start) s)")
        } else if cue.start < previous.end {
          report(
            .overlap, "starts (\(cue.start) s) before the cue before it ends (\(previous.end) s)")
        }
      }
      if document.format == .ttml {
        for reference in cue.styleReferences where !styles.contains(reference) {
          report(
            .unknownStyle,
            "refers to style '\(PrintableText.value(reference))', which is not defined")
        }
      }
      if let region = cue.region, !regions.contains(region) {
        report(
          .unknownRegion, "refers to region '\(PrintableText.value(region))', which is not defined")
      }
      previous = cue
    }
    return findings
  }
}
