/// Writes WebVTT (W3C WebVTT §4): the `WEBVTT` line with its header text, `X-TIMESTAMP-MAP` and
/// other header lines, `STYLE` and `REGION` blocks, `NOTE` comments in place, and cues with
/// identifiers, settings and `hh:mm:ss.ttt` times (rounded to milliseconds). Text read from
/// WebVTT is written as it was; other text is escaped and rendered with WebVTT tags (colours as
/// the default colour classes). Image cues cannot be WebVTT and are skipped.
///
/// Nothing in a value can add a line, cue or block: CR, LF and CRLF in text are line breaks and
/// blank lines are left out (a blank line ends a cue), `&`, `<` and `>` in other formats' text
/// are `&amp;`, `&lt;`, `&gt;` (so neither `-->` nor a tag can appear), a cue identifier that
/// holds `-->`, a CR or a LF, or that would start a `NOTE`, `STYLE` or `REGION` block, is left
/// out, `-->` in a comment is written `- ->`, and a language
/// that is not a BCP 47 tag (`LanguageTag`) is not written as a `Language:` header.
public enum WebVTTWriter {
  /// The document as WebVTT bytes; `styleSheet` (CSS such as `CaptionStyle.css`) is written
  /// as a `STYLE` block after the document's own, so it wins where both set a property.
  public static func write(_ document: SubtitleDocument, styleSheet: String? = nil) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(document.cues.count * 64 + 64)
    out += "WEBVTT".utf8
    let sameFormat = document.format == .webVTT
    if sameFormat { out += document.headerText.utf8 }
    out.append(0x0A)
    if let map = document.timestampMap {
      out += map.headerLine.utf8
      out.append(0x0A)
    }
    if sameFormat {
      for line in document.headerLines {
        out += line.utf8
        out.append(0x0A)
      }
    } else if let language = document.language, LanguageTag.isWellFormed(language) {
      out += "Language: \(language)\n".utf8
    }
    out.append(0x0A)
    let sheets = (sameFormat ? document.styleSheets : []) + (styleSheet.map { [$0] } ?? [])
    for sheet in sheets {
      out += "STYLE\n".utf8
      // A sheet of blank lines only (a bare `STYLE` line read back) is the keyword line alone.
      if sheet.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
        CueTextLines.appendNonBlankLines(sheet, to: &out)
      }
      out.append(0x0A)
    }
    if sameFormat {
      for region in document.regions {
        out += "REGION\n".utf8
        for property in region.properties { out += "\(property.name):\(property.value)\n".utf8 }
        out.append(0x0A)
      }
    }
    var comments = document.comments[...]
    for (index, cue) in document.cues.enumerated() {
      while let comment = comments.first, comment.beforeCue <= index {
        appendComment(comment, to: &out)
        comments = comments.dropFirst()
      }
      guard let text = cue.text else { continue }
      if let identifier = cue.identifier, Self.isWritableIdentifier(identifier) {
        out += identifier.utf8
        out.append(0x0A)
      }
      WebVTTTimestamp.append(cue.start, to: &out, fractionSeparator: 0x2E)
      out += " --> ".utf8
      WebVTTTimestamp.append(cue.end, to: &out, fractionSeparator: 0x2E)
      let settings =
        sameFormat ? (cue.settings ?? "") : WebVTTCueSettings.text(for: cue.placement)
      if !settings.isEmpty {
        out.append(0x20)
        out += settings.utf8
      }
      out.append(0x0A)
      if let source = text.sourceMarkup, source.markup == .webVTT {
        CueTextLines.appendNonBlankLines(source.text, to: &out)
      } else {
        CueTextLines.appendNonBlankLines(render(text.nodes), to: &out)
      }
      out.append(0x0A)
    }
    for comment in comments { appendComment(comment, to: &out) }
    return out
  }

  /// True when `identifier` reads back as this cue's identifier: not empty, no `-->`, CR or
  /// LF, and not a word that starts another kind of block (`NOTE`, `STYLE`, `REGION`).
  public static func isWritableIdentifier(_ identifier: String) -> Bool {
    guard !identifier.isEmpty, !identifier.contains("-->"),
      !identifier.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D })
    else { return false }
    if identifier == "STYLE" || identifier == "REGION" { return false }
    if identifier.hasPrefix("NOTE") {
      let rest = identifier.utf8.dropFirst(4)
      return !(rest.isEmpty || rest.first == 0x20 || rest.first == 0x09)
    }
    return true
  }

  private static func appendComment(_ comment: SubtitleComment, to out: inout [UInt8]) {
    out += "NOTE".utf8
    let text = comment.text.replacingArrows
    // A comment whose text starts on the next line keeps that line break ("NOTE\ntext", not
    // "NOTEtext", which is no comment at all).
    let firstLine = text.utf8.prefix { $0 != 0x0A }
    if firstLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      if !text.isEmpty { out.append(0x0A) }
    } else {
      out.append(0x20)
    }
    CueTextLines.appendNonBlankLines(text, to: &out)
    out.append(0x0A)
  }

  /// WebVTT cue text for cue content: `&`, `<`, `>` escaped, spans as tags.
  static func render(_ nodes: [CueNode]) -> String {
    var out = ""
    for node in nodes {
      switch node {
      case .text(let text): out += escape(text)
      case .lineBreak: out += "\n"
      case .timestamp(let time): out += "<\(WebVTTTimestamp.format(time))>"
      case .span(let span): out += render(span)
      }
    }
    return out
  }

  private static func render(_ span: CueSpan) -> String {
    let inner = render(span.children)
    let classes = span.classes.map { "." + $0 }.joined()
    switch span.kind {
    case .italic: return "<i\(classes)>\(inner)</i>"
    case .bold: return "<b\(classes)>\(inner)</b>"
    case .underline: return "<u\(classes)>\(inner)</u>"
    case .class: return "<c\(classes)>\(inner)</c>"
    case .voice(let name): return "<v\(classes) \(escape(name))>\(inner)</v>"
    case .language(let tag): return "<lang\(classes) \(escape(tag))>\(inner)</lang>"
    case .ruby: return "<ruby\(classes)>\(inner)</ruby>"
    case .rubyText: return "<rt\(classes)>\(inner)</rt>"
    case .unknown(let name) where span.style.isEmpty:
      return "<\(name)\(classes)>\(inner)</\(name)>"
    case .font, .styled, .unknown:
      var wrapped = inner
      if let color = span.color.flatMap(colorClass) { wrapped = "<c.\(color)>\(wrapped)</c>" }
      if span.isUnderlined { wrapped = "<u>\(wrapped)</u>" }
      if span.isBold { wrapped = "<b>\(wrapped)</b>" }
      if span.isItalic { wrapped = "<i>\(wrapped)</i>" }
      return wrapped
    }
  }

  /// The WebVTT default colour class for a TTML or HTML colour (`yellow`, `#ffff00`,
  /// `#FFFF00FF`), or `nil` when it is none of the eight.
  static func colorClass(_ color: String) -> String? {
    let value = color.lowercased()
    if WebVTTColorClass.names.contains(value) { return value }
    let hex: [String: String] = [
      "#ffffff": "white", "#00ff00": "lime", "#00ffff": "cyan", "#ff0000": "red",
      "#ffff00": "yellow", "#ff00ff": "magenta", "#0000ff": "blue", "#000000": "black",
    ]
    if value.count == 9 && value.hasSuffix("ff") { return hex[String(value.prefix(7))] }
    return hex[value]
  }

  /// `&`, `<` and `>` as character references.
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else {
      return text
    }
    var out = ""
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}

extension String {
  /// The text with `-->` broken up, for places WebVTT forbids it (comments).
  var replacingArrows: String {
    guard contains("-->") else { return self }
    return split(separator: "-->", omittingEmptySubsequences: false).joined(separator: "- ->")
  }
}
