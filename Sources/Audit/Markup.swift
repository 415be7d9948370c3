import ManifestCore

/// Builds the HTML and SVG of the audit reports. Every text node and attribute value goes
/// through `Markup.escape(_:)`; element and attribute names are the report's own constants, so
/// nothing from a playlist can open, close or break out of an element.
struct Markup {
  private(set) var output = ""
  private var stack: [(name: String, inline: Bool)] = []

  /// `text` made inert for HTML and XML, in text and in quoted attribute values alike: control
  /// characters and line separators become visible escapes (`\n`, `\u{1B}`, as on standard
  /// error), U+FFFE and U+FFFF (which XML cannot carry) become `\u{FFFE}` and `\u{FFFF}`, and
  /// `&`, `<`, `>`, `"` and `'` become character references.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in TextEscaping.escapingControlCharacters(text).unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\u{FFFE}": out += "\\u{FFFE}"
      case "\u{FFFF}": out += "\\u{FFFF}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Writes `text` as it is: only for the report's own constants (the doctype, the style
  /// sheet), never for a value.
  mutating func constant(_ text: StaticString) {
    output += text.description
  }

  /// Opens `<name attributes…>`, its content on lines of their own unless `inline` (for
  /// mixed content, where a line break would show as a space).
  mutating func open(
    _ name: StaticString, _ attributes: [(StaticString, String)] = [], inline: Bool = false
  ) {
    startTag(name, attributes)
    output += inline || isInline ? ">" : ">\n"
    stack.append((name.description, inline || isInline))
  }

  /// Closes the innermost open element.
  mutating func close() {
    guard let top = stack.popLast() else { return }
    output += "</\(top.name)>" + lineBreak
  }

  /// Writes `<name attributes…>text</name>` on one line.
  mutating func element(
    _ name: StaticString, _ attributes: [(StaticString, String)] = [], text: String
  ) {
    startTag(name, attributes)
    output += ">" + Self.escape(text) + "</\(name)>" + lineBreak
  }

  /// Writes `<name attributes…/>`.
  mutating func empty(_ name: StaticString, _ attributes: [(StaticString, String)] = []) {
    startTag(name, attributes)
    output += "/>" + lineBreak
  }

  /// Writes `<name attributes…><title>title</title></name>`: a shape with its hover text.
  mutating func titled(
    _ name: StaticString, _ attributes: [(StaticString, String)], title: String
  ) {
    startTag(name, attributes)
    output += "><title>" + Self.escape(title) + "</title></\(name)>" + lineBreak
  }

  /// Writes escaped character data.
  mutating func text(_ text: String) {
    output += Self.escape(text)
  }

  private var isInline: Bool { stack.last?.inline ?? false }

  /// After an element: a line break, none inside inline content.
  private var lineBreak: String { isInline ? "" : "\n" }

  private mutating func startTag(_ name: StaticString, _ attributes: [(StaticString, String)]) {
    output += "<\(name)"
    for (key, value) in attributes {
      output += " \(key)=\"" + Self.escape(value) + "\""
    }
  }
}
