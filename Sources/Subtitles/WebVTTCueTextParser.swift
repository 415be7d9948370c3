/// The WebVTT cue text parsing rules (W3C WebVTT §6.4): text with character references, line
/// breaks, `<c>`, `<i>`, `<b>`, `<u>`, `<ruby>`, `<rt>`, `<v annotation>`, `<lang tag>` with
/// classes (`<c.yellow>`), and timestamp tags (`<00:00:05.000>`). An end tag closes the current
/// span only when it names it (`</ruby>` also closes an open `<rt>`); other end tags are
/// ignored. Unknown tags become `unknown` spans so a WebVTT write keeps them. Start tags nested
/// deeper than `CueSpan.maximumDepth` are ignored.
enum WebVTTCueTextParser {
  private final class Frame {
    var name: String
    var span: CueSpan?
    var children: [CueNode] = []
    init(name: String, span: CueSpan?) {
      self.name = name
      self.span = span
    }
  }

  static func parse(_ text: String) -> [CueNode] {
    let bytes = Array(text.utf8)
    var stack = [Frame(name: "", span: nil)]
    var textStart = 0
    var pendingText = ""
    var i = 0
    func flushText(upTo end: Int) {
      if textStart < end { pendingText += String(decoding: bytes[textStart..<end], as: UTF8.self) }
      if !pendingText.isEmpty {
        stack[stack.count - 1].children.append(.text(pendingText))
        pendingText = ""
      }
    }
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x0A {
        flushText(upTo: i)
        stack[stack.count - 1].children.append(.lineBreak)
        i += 1
        textStart = i
      } else if b == 0x26, let (decoded, next) = CharacterReference.decode(bytes, at: i) {
        if textStart < i {
          pendingText += String(decoding: bytes[textStart..<i], as: UTF8.self)
        }
        pendingText += decoded
        i = next
        textStart = i
      } else if b == 0x3C {
        flushText(upTo: i)
        var close = i + 1
        while close < bytes.count && bytes[close] != 0x3E { close += 1 }
        let tag = String(decoding: bytes[(i + 1)..<min(close, bytes.count)], as: UTF8.self)
        handleTag(tag, stack: &stack)
        i = min(close + 1, bytes.count)
        textStart = i
      } else {
        i += 1
      }
    }
    flushText(upTo: bytes.count)
    while stack.count > 1 { closeTop(&stack) }
    return stack[0].children
  }

  private static func handleTag(_ tag: String, stack: inout [Frame]) {
    if tag.hasPrefix("/") {
      let name = String(tag.dropFirst()).trimmingCharacters(in: " \t")
      if stack.count > 1 && stack[stack.count - 1].name == name {
        closeTop(&stack)
      } else if name == "ruby" && stack.count > 2 && stack[stack.count - 1].name == "rt" {
        closeTop(&stack)
        closeTop(&stack)
      }
      return
    }
    if let first = tag.utf8.first, first &- 0x30 < 10 {
      if let time = WebVTTTimestamp.parse(tag) {
        stack[stack.count - 1].children.append(.timestamp(time))
      }
      return
    }
    // Tag name with classes, then an annotation after whitespace.
    let nameEnd = tag.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" } ?? tag.endIndex
    let annotation = String(tag[nameEnd...]).trimmingCharacters(in: " \t\n")
    let nameAndClasses = tag[..<nameEnd].split(separator: ".", omittingEmptySubsequences: false)
    guard let rawName = nameAndClasses.first, !rawName.isEmpty else { return }
    let name = String(rawName)
    let classes = nameAndClasses.dropFirst().filter { !$0.isEmpty }.map(String.init)
    let kind: CueSpanKind
    switch name {
    case "c": kind = .class
    case "i": kind = .italic
    case "b": kind = .bold
    case "u": kind = .underline
    case "ruby": kind = .ruby
    case "rt":
      guard stack[stack.count - 1].name == "ruby" else { return }
      kind = .rubyText
    case "v": kind = .voice(annotation)
    case "lang": kind = .language(annotation)
    default: kind = .unknown(name)
    }
    guard stack.count <= CueSpan.maximumDepth else { return }
    stack.append(Frame(name: name, span: CueSpan(kind, classes: classes, children: [])))
  }

  private static func closeTop(_ stack: inout [Frame]) {
    guard stack.count > 1, let frame = stack.popLast(), var span = frame.span else { return }
    span.children = frame.children
    stack[stack.count - 1].children.append(.span(span))
  }
}
