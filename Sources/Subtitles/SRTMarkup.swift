/// The inline markup SRT files carry in practice: `<i>`, `<b>`, `<u>`, `<s>`, `<font color=…
/// face=… size=…>` (any case, closed or not), and ASS override blocks such as `{\an8}`, which are
/// dropped from the text (the reader turns `{\anN}` into `Cue.placement`). Anything else in
/// angle brackets (`<3`, `<music>`) is text, as SRT has no escaping. Tags nested deeper than
/// `CueSpan.maximumDepth` are ignored.
enum SRTMarkup {
  private struct Frame {
    var name: String
    var span: CueSpan?
    var children: [CueNode] = []
  }

  static func parse(_ text: String) -> [CueNode] {
    let bytes = Array(text.utf8)
    var stack = [Frame(name: "", span: nil)]
    var pending = [UInt8]()
    func flush() {
      if !pending.isEmpty {
        stack[stack.count - 1].children.append(.text(String(decoding: pending, as: UTF8.self)))
        pending.removeAll()
      }
    }
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x0A {
        flush()
        stack[stack.count - 1].children.append(.lineBreak)
        i += 1
      } else if b == 0x7B, i + 1 < bytes.count, bytes[i + 1] == 0x5C,
        let close = bytes[i...].firstIndex(of: 0x7D)
      {
        i = close + 1
      } else if b == 0x3C, let close = tagEnd(bytes, from: i),
        isKnownTag(bytes[(i + 1)..<close])
      {
        flush()
        handleTag(Array(bytes[(i + 1)..<close]), stack: &stack)
        i = close + 1
      } else {
        pending.append(b)
        i += 1
      }
    }
    flush()
    while stack.count > 1 { closeTop(&stack) }
    return stack[0].children
  }

  /// The `{\anN}` alignment in a payload, if any.
  static func numpadAlignment(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    var i = 0
    while i + 5 < bytes.count {
      if bytes[i] == 0x7B && bytes[i + 1] == 0x5C && bytes[i + 2] == 0x61 && bytes[i + 3] == 0x6E
        && bytes[i + 4] &- 0x30 < 10 && bytes[i + 5] == 0x7D
      {
        return Int(bytes[i + 4] &- 0x30)
      }
      i += 1
    }
    return nil
  }

  /// True when the `<` at `bytes[start]` could read back as a tag `parse` knows: it does, or
  /// the text ends before the tag would (another piece of text may finish it).
  static func mayStartKnownTag(_ bytes: [UInt8], at start: Int) -> Bool {
    if let close = tagEnd(bytes, from: start) { return isKnownTag(bytes[(start + 1)..<close]) }
    var i = start + 1
    if i < bytes.count && bytes[i] == 0x2F { i += 1 }
    guard i < bytes.count else { return true }
    // No `>` on this line: only an unfinished known name could still become a tag.
    guard !bytes[i...].contains(where: { $0 == 0x0A || $0 == 0x3C || $0 == 0x3E }) else {
      return false
    }
    switch bytes[i] | 0x20 {
    case 0x69, 0x62, 0x75, 0x73, 0x66: return true
    default: return false
    }
  }

  /// The `>` closing a tag that starts at `start` (`<` then a letter or `/`), on the same line.
  private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    guard start + 1 < bytes.count else { return nil }
    let first = bytes[start + 1] | 0x20
    guard (first >= 0x61 && first <= 0x7A) || bytes[start + 1] == 0x2F else { return nil }
    var i = start + 1
    while i < bytes.count {
      if bytes[i] == 0x3E { return i }
      if bytes[i] == 0x0A || bytes[i] == 0x3C { return nil }
      i += 1
    }
    return nil
  }

  /// True for `i`, `b`, `u`, `s`, `font` (and their end tags), any case; other `<…>` is text.
  private static func isKnownTag(_ tag: ArraySlice<UInt8>) -> Bool {
    var name = tag.drop { $0 == 0x2F }.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x2F }
      .map { $0 | 0x20 }
    if name.last == 0x3E { name.removeLast() }
    switch name {
    case [0x69], [0x62], [0x75], [0x73], [0x66, 0x6F, 0x6E, 0x74]: return true
    default: return false
    }
  }

  private static func handleTag(_ tag: [UInt8], stack: inout [Frame]) {
    let text = String(decoding: tag, as: UTF8.self)
    if text.hasPrefix("/") {
      let name = text.dropFirst().trimmingCharacters(in: " \t").lowercased()
      guard let index = stack.lastIndex(where: { $0.name == name }), index > 0 else { return }
      while stack.count > index { closeTop(&stack) }
      return
    }
    let nameEnd = text.firstIndex { $0 == " " || $0 == "\t" || $0 == "/" } ?? text.endIndex
    let name = text[..<nameEnd].lowercased()
    let kind: CueSpanKind
    var style: [StyleProperty] = []
    switch name {
    case "i": kind = .italic
    case "b": kind = .bold
    case "u": kind = .underline
    case "font":
      kind = .font
      style = attributes(String(text[nameEnd...]))
    default: kind = .unknown(name)
    }
    if text.hasSuffix("/") || stack.count > CueSpan.maximumDepth { return }
    stack.append(Frame(name: name, span: CueSpan(kind, style: style, children: [])))
  }

  /// `name="value"`, `name='value'` and `name=value` pairs; names lowercased.
  static func attributes(_ text: String) -> [StyleProperty] {
    var result: [StyleProperty] = []
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" }
      guard let eq = rest.firstIndex(of: "=") else { break }
      let name = rest[..<eq].trimmingCharacters(in: " \t").lowercased()
      rest = rest[rest.index(after: eq)...].drop { $0 == " " || $0 == "\t" }
      var value: Substring
      if let quote = rest.first, quote == "\"" || quote == "'" {
        let body = rest.dropFirst()
        let end = body.firstIndex(of: quote) ?? body.endIndex
        value = body[..<end]
        rest = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
      } else {
        let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
        value = rest[..<end]
        rest = rest[end...]
      }
      if !name.isEmpty { result.append(StyleProperty(name, String(value))) }
    }
    return result
  }

  private static func closeTop(_ stack: inout [Frame]) {
    guard stack.count > 1, let frame = stack.popLast(), var span = frame.span else { return }
    span.children = frame.children
    stack[stack.count - 1].children.append(.span(span))
  }
}
