/// Writes SubRip: cues numbered from 1 in order, `HH:MM:SS,mmm --> HH:MM:SS,mmm` (rounded to
/// milliseconds), then the text and a blank line, LF line breaks. Text read from SRT is written
/// as it was; other text is rendered with `<i>`, `<b>`, `<u>`, `<font color>` and `{\anN}`.
/// Image cues cannot be SRT and are skipped (`SubtitleConversion` reports them).
public enum SRTWriter {
  /// The document as SRT bytes.
  public static func write(_ document: SubtitleDocument) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(document.cues.count * 64)
    var number = 0
    for cue in document.cues {
      guard let text = cue.text else { continue }
      number += 1
      out += String(number).utf8
      out.append(0x0A)
      WebVTTTimestamp.append(cue.start, to: &out, fractionSeparator: 0x2C)
      out += " --> ".utf8
      WebVTTTimestamp.append(cue.end, to: &out, fractionSeparator: 0x2C)
      if document.format == .srt, let settings = cue.settings, !settings.isEmpty {
        out.append(0x20)
        out += settings.utf8
      }
      out.append(0x0A)
      var payload: String
      if let source = text.sourceMarkup, source.markup == .srt {
        payload = source.text
      } else {
        payload = render(text.nodes)
        if let alignment = cue.placement.numpadAlignment {
          payload = "{\\an\(alignment)}" + payload
        }
      }
      CueTextLines.appendNonBlankLines(payload, to: &out)
      out.append(0x0A)
    }
    return out
  }

  /// SRT markup for cue content.
  static func render(_ nodes: [CueNode]) -> String {
    var out = ""
    for node in nodes {
      switch node {
      case .text(let text): out += text
      case .lineBreak: out += "\n"
      case .timestamp: break
      case .span(let span):
        let inner = render(span.children)
        switch span.kind {
        case .font:
          let attributes = span.style.map { " \($0.name)=\"\($0.value)\"" }.joined()
          out += "<font\(attributes)>\(inner)</font>"
        case .unknown(let name) where name == "s" && span.style.isEmpty:
          out += "<s>\(inner)</s>"
        default:
          var wrapped = inner
          if let color = span.color { wrapped = "<font color=\"\(color)\">\(wrapped)</font>" }
          if span.isUnderlined { wrapped = "<u>\(wrapped)</u>" }
          if span.isBold { wrapped = "<b>\(wrapped)</b>" }
          if span.isItalic { wrapped = "<i>\(wrapped)</i>" }
          out += wrapped
        }
      }
    }
    return out
  }
}

/// Writing cue text where a blank line would end the cue (SRT, WebVTT).
enum CueTextLines {
  /// Appends each non-blank line of `text` followed by LF (a cue with no text gets one empty
  /// line, so the block still ends).
  static func appendNonBlankLines(_ text: String, to out: inout [UInt8]) {
    var wrote = false
    for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: true) {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      out += line
      out.append(0x0A)
      wrote = true
    }
    if !wrote { out.append(0x0A) }
  }
}
