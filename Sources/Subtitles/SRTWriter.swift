/// Writes SubRip: cues numbered from 1 in order, `HH:MM:SS,mmm --> HH:MM:SS,mmm` (rounded to
/// milliseconds), then the text and a blank line, LF line breaks. Text read from SRT is written
/// as it was; other text is rendered with `<i>`, `<b>`, `<u>`, `<font color>` and `{\anN}`.
/// Image cues cannot be SRT and are skipped (`SubtitleConversion` reports them).
///
/// SRT has no escapes, so text that would read back as structure is broken up: CR, LF and CRLF
/// are line breaks and blank lines are left out (a blank line ends a cue), `-->` is written
/// `-- >` (so no text line is a timing line), a `<` that would start a tag SRT readers know is
/// written `< ` (so `<b>` in text stays text; `<3` and `<music>` stay as they are) and `{\` is
/// written `{ \` (so it is no override block); NUL is written as U+FFFD (readers refuse it); a
/// `<font>` attribute or colour that holds a quote, `<`, `>` or a line break is left out.
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
      CueTextLines.appendNonBlankLines(
        payload, to: &out, breakingArrows: text.sourceMarkup?.markup != .srt)
      out.append(0x0A)
    }
    return out
  }

  /// SRT markup for cue content.
  static func render(_ nodes: [CueNode]) -> String {
    var out = ""
    for node in nodes {
      switch node {
      case .text(let text): out += escape(text)
      case .lineBreak: out += "\n"
      case .timestamp: break
      case .span(let span):
        let inner = render(span.children)
        switch span.kind {
        case .font:
          let attributes = span.style.filter { isSafe($0.name) && isSafe($0.value) }
            .map { " \($0.name)=\"\($0.value)\"" }.joined()
          out += "<font\(attributes)>\(inner)</font>"
        case .unknown(let name) where name == "s" && span.style.isEmpty:
          out += "<s>\(inner)</s>"
        default:
          var wrapped = inner
          if let color = span.color, isSafe(color) {
            wrapped = "<font color=\"\(color)\">\(wrapped)</font>"
          }
          if span.isUnderlined { wrapped = "<u>\(wrapped)</u>" }
          if span.isBold { wrapped = "<b>\(wrapped)</b>" }
          if span.isItalic { wrapped = "<i>\(wrapped)</i>" }
          out += wrapped
        }
      }
    }
    return out
  }

  /// Text as SRT shows it without it reading back as markup: a `<` that would start a tag the
  /// reader knows (`<b>`, `</i>`, `<font …>`; `SRTMarkup.mayStartKnownTag`) gets a space after
  /// it, as does `{` before `\` or at the end of the text (an override block such as `{\an8}`).
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x7B || $0 == 0 }) else { return text }
    let bytes = Array(text.utf8)
    var out = [UInt8]()
    out.reserveCapacity(bytes.count + 8)
    for (index, byte) in bytes.enumerated() {
      if byte == 0 {
        // SRT readers refuse NUL (it means UTF-16 without a byte-order mark): U+FFFD instead.
        out += [0xEF, 0xBF, 0xBD]
        continue
      }
      out.append(byte)
      if byte == 0x3C, SRTMarkup.mayStartKnownTag(bytes, at: index) {
        out.append(0x20)
      } else if byte == 0x7B, index + 1 == bytes.count || bytes[index + 1] == 0x5C {
        out.append(0x20)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// True when `value` can sit in a quoted `<font>` attribute: no quote, `<`, `>` or control
  /// character.
  static func isSafe(_ value: String) -> Bool {
    !value.utf8.contains { $0 == 0x22 || $0 == 0x3C || $0 == 0x3E || $0 < 0x20 || $0 == 0x7F }
  }
}

/// Writing cue text where a blank line would end the cue (SRT, WebVTT).
enum CueTextLines {
  /// Appends each non-blank line of `text` followed by LF (a cue with no text gets one empty
  /// line, so the block still ends). CR, LF and CRLF all end a line; a line of spaces and tabs
  /// only is blank. With `breakingArrows`, `-->` is written `-- >`, so no line of the text can
  /// read back as a timing line.
  static func appendNonBlankLines(
    _ text: String, to out: inout [UInt8], breakingArrows: Bool = false
  ) {
    var wrote = false
    for line in text.utf8.split(
      omittingEmptySubsequences: true,
      whereSeparator: {
        $0 == 0x0A || $0 == 0x0D
      })
    {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      if breakingArrows {
        appendBreakingArrows(line, to: &out)
      } else {
        out += line
      }
      out.append(0x0A)
      wrote = true
    }
    if !wrote { out.append(0x0A) }
  }

  /// Appends `line` with a space between the `--` and `>` of every `-->`.
  private static func appendBreakingArrows(_ line: Substring.UTF8View, to out: inout [UInt8]) {
    var dashes = 0
    for byte in line {
      if byte == 0x3E && dashes >= 2 { out.append(0x20) }
      out.append(byte)
      dashes = byte == 0x2D ? dashes + 1 : 0
    }
  }
}
