/// Builds well-formed XML text: every attribute value and text node is escaped, elements are
/// closed in order, and children are indented unless their parent is opened `inline` (for mixed
/// content such as a subtitle paragraph).
public struct XMLWriter: Sendable {
  private var out: [UInt8] = []
  private var stack: [(name: String, inline: Bool, hasChildren: Bool)] = []
  private let indentUnit: String

  /// A writer; `declaration` starts the document with `<?xml version="1.0" encoding="UTF-8"?>`.
  public init(indent: String = "  ", declaration: Bool = false) {
    indentUnit = indent
    if declaration { out += #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8 }
  }

  /// The text written so far (complete once every opened element is closed).
  public var output: String { String(decoding: out, as: UTF8.self) }

  /// The bytes written so far.
  public var bytes: [UInt8] { out }

  /// How many elements are open.
  public var depth: Int { stack.count }

  /// Opens `<name attr="value"…>`; children of an `inline` element are not indented.
  public mutating func open(
    _ name: String, _ attributes: [(String, String)] = [], inline: Bool = false
  ) {
    startTag(name, attributes)
    out.append(0x3E)
    stack.append((name, inline || isInline, false))
  }

  /// Writes `<name attr="value"…/>`.
  public mutating func empty(_ name: String, _ attributes: [(String, String)] = []) {
    startTag(name, attributes)
    out += "/>".utf8
  }

  /// Writes `<name attr="value"…>text</name>` on one line.
  public mutating func element(_ name: String, _ attributes: [(String, String)] = [], text: String)
  {
    startTag(name, attributes)
    out.append(0x3E)
    Self.appendEscaped(text, into: &out, attribute: false)
    out += "</".utf8
    out += name.utf8
    out.append(0x3E)
  }

  /// Writes escaped character data inside the current element.
  public mutating func text(_ text: String) {
    markChild()
    Self.appendEscaped(text, into: &out, attribute: false)
  }

  /// Closes the innermost open element (does nothing when none is open).
  public mutating func close() {
    guard let top = stack.popLast() else { return }
    if top.hasChildren && !top.inline { newline(stack.count) }
    out += "</".utf8
    out += top.name.utf8
    out.append(0x3E)
  }

  /// Closes every open element.
  public mutating func closeAll() {
    while !stack.isEmpty { close() }
  }

  /// `text` escaped for character data (`&`, `<`, `>`).
  public static func escapeText(_ text: String) -> String {
    var out = [UInt8]()
    appendEscaped(text, into: &out, attribute: false)
    return String(decoding: out, as: UTF8.self)
  }

  /// `text` escaped for a double-quoted attribute value (also `"` and line breaks and tabs, so
  /// they survive attribute-value normalisation).
  public static func escapeAttribute(_ text: String) -> String {
    var out = [UInt8]()
    appendEscaped(text, into: &out, attribute: true)
    return String(decoding: out, as: UTF8.self)
  }

  private var isInline: Bool { stack.last?.inline ?? false }

  private mutating func markChild() {
    if !stack.isEmpty { stack[stack.count - 1].hasChildren = true }
  }

  private mutating func startTag(_ name: String, _ attributes: [(String, String)]) {
    let indented = !isInline
    markChild()
    if indented && (!out.isEmpty) { newline(stack.count) }
    out.append(0x3C)
    out += name.utf8
    for (key, value) in attributes {
      out.append(0x20)
      out += key.utf8
      out += "=\"".utf8
      Self.appendEscaped(value, into: &out, attribute: true)
      out.append(0x22)
    }
  }

  private mutating func newline(_ level: Int) {
    out.append(0x0A)
    for _ in 0..<level { out += indentUnit.utf8 }
  }

  private static func appendEscaped(_ text: String, into out: inout [UInt8], attribute: Bool) {
    var text = text
    text.withUTF8 { utf8 in
      let n = utf8.count
      var i = 0
      while i < n {
        let b = utf8[i]
        switch b {
        case 0x26: out += "&amp;".utf8
        case 0x3C: out += "&lt;".utf8
        case 0x3E: out += "&gt;".utf8
        case 0x22 where attribute: out += "&quot;".utf8
        case 0x0A where attribute: out += "&#10;".utf8
        case 0x09 where attribute: out += "&#9;".utf8
        case 0x0D: out += "&#13;".utf8
        case 0x09, 0x0A: out.append(b)
        case 0..<0x20:
          // Characters XML 1.0 cannot carry at all become U+FFFD.
          out += [0xEF, 0xBF, 0xBD]
        case 0xEF where i + 2 < n && utf8[i + 1] == 0xBF && utf8[i + 2] >= 0xBE:
          out += [0xEF, 0xBF, 0xBD]
          i += 2
        default: out.append(b)
        }
        i += 1
      }
    }
  }
}
