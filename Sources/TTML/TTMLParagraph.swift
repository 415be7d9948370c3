import ManifestCore
import Subtitles

/// The content of the TTML `p` being read, collected as the document streams by, with XML
/// whitespace handling (TTML2 §10.2.34 `xml:space`: by default line feeds and tabs become
/// spaces, runs of spaces collapse across span boundaries, and spaces at the end of a line go;
/// `preserve` keeps them and turns line feeds into line breaks). When spans carry their own
/// timing, `pieces` gives one piece of content per interval between their begins and ends.
///
/// The content goes straight into the document's `TTMLContentBuffer` (text bytes appended to
/// one buffer, items to one list), so reading a paragraph allocates nothing; `commit` keeps it
/// there for a cue to refer to, and the next `reset` drops a paragraph that was not kept.
struct TTMLParagraph {
  /// A span with its own timing: its position among the paragraph's spans (document order)
  /// and when it is active (absolute; `end` `nil` means until the paragraph ends).
  private struct TimedSpan {
    var ordinal: Int
    var begin: SubtitleTime
    var end: SubtitleTime?
  }

  /// The document's content so far; the current paragraph's items start at `itemBase`.
  private(set) var buffer = TTMLContentBuffer()
  private var itemBase = 0
  private var byteBase = 0
  /// The span styles in `buffer.spans`, by (style, style references) numbers.
  private var spanNumbers: [Int64: Int] = [:]
  /// The item index of each open span's `open` item, outermost first.
  private var openItems: [Int] = []
  /// For each open span, its index in `timedSpans` (-1 when it has no timing of its own).
  private var openTimedIndex: [Int] = []
  private var timedSpans: [TimedSpan] = []
  private var spanCount = 0
  private var lastWasSpace = true
  /// Whether the `p` itself is under `xml:space="preserve"`: its trailing spaces stay.
  private var preserve = false

  init() {}

  /// Makes room for `bytes` bytes of text and `items` items in the content buffer.
  mutating func reserveCapacity(bytes: Int, items: Int) {
    buffer.bytes.reserveCapacity(bytes)
    buffer.items.reserveCapacity(items)
  }

  /// Starts the next `p` (`preserve` under `xml:space="preserve"`), dropping what the last one
  /// left if it was not committed.
  mutating func reset(preserve: Bool) {
    self.preserve = preserve
    if buffer.items.count > itemBase { buffer.items.removeLast(buffer.items.count - itemBase) }
    if buffer.bytes.count > byteBase { buffer.bytes.removeLast(buffer.bytes.count - byteBase) }
    if !openItems.isEmpty { openItems.removeAll() }
    if !openTimedIndex.isEmpty { openTimedIndex.removeAll() }
    if !timedSpans.isEmpty { timedSpans.removeAll() }
    spanCount = 0
    lastWasSpace = true
  }

  /// A `span` starts, styled by `style` (made only the first time `number`, which identifies
  /// it, is seen); `timed` when it has timing of its own (active from `begin` to `end`).
  mutating func openSpan(
    number: Int64, style: @autoclosure () -> TTMLContentBuffer.SpanStyle, begin: SubtitleTime,
    end: SubtitleTime?, timed: Bool
  ) {
    if timed {
      openTimedIndex.append(timedSpans.count)
      timedSpans.append(TimedSpan(ordinal: spanCount, begin: begin, end: end))
    } else {
      openTimedIndex.append(-1)
    }
    spanCount += 1
    let spanIndex: Int
    if let known = spanNumbers[number] {
      spanIndex = known
    } else {
      spanIndex = buffer.spans.count
      buffer.spans.append(style())
      spanNumbers[number] = spanIndex
    }
    openItems.append(buffer.items.count)
    buffer.items.append(.open(span: spanIndex))
  }

  /// The innermost open span ends (at `end`, for a span with timing of its own).
  mutating func closeSpan(end: SubtitleTime?) {
    guard let openIndex = openItems.popLast(), let timedIndex = openTimedIndex.popLast() else {
      return
    }
    if timedIndex >= 0 { timedSpans[timedIndex].end = end }
    buffer.items[openIndex].close(at: buffer.items.count)
    buffer.items.append(.close)
  }

  /// A run of character data; `preserve` under `xml:space="preserve"`.
  mutating func text(_ text: UnsafeBufferPointer<UInt8>, preserve: Bool) {
    if preserve {
      appendPreserved(text)
    } else {
      appendCollapsed(text)
    }
  }

  /// Preserved text: each line feed a line break (a line feed after a carriage return stays in
  /// the text, as the two are one character).
  private mutating func appendPreserved(_ text: UnsafeBufferPointer<UInt8>) {
    var lineStart = 0
    for index in text.indices where text[index] == 0x0A {
      if index > 0 && text[index - 1] == 0x0D { continue }
      appendText(UnsafeBufferPointer(rebasing: text[lineStart..<index]))
      buffer.items.append(.lineBreak)
      lineStart = index + 1
    }
    appendText(UnsafeBufferPointer(rebasing: text[lineStart...]))
    lastWasSpace = text.last == 0x20 || text.last == 0x0A
  }

  private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
    guard !text.isEmpty else { return }
    let start = buffer.bytes.count
    buffer.bytes.append(contentsOf: text)
    buffer.items.append(.text(start, buffer.bytes.count))
  }

  /// Default `xml:space` handling: every run of XML whitespace becomes one space, none after a
  /// space already written (across runs and spans).
  private mutating func appendCollapsed(_ text: UnsafeBufferPointer<UInt8>) {
    guard let last = text.last else { return }
    // Most runs need no change: no whitespace but single spaces, none leading after a space.
    if !(lastWasSpace && text[0] == 0x20) && !Self.needsCollapsing(text) {
      lastWasSpace = last == 0x20
      appendText(text)
      return
    }
    let start = buffer.bytes.count
    var space = lastWasSpace
    for byte in text {
      if Self.isXMLSpace(byte) {
        if !space { buffer.bytes.append(0x20) }
        space = true
      } else {
        buffer.bytes.append(byte)
        space = false
      }
    }
    lastWasSpace = space
    if buffer.bytes.count > start {
      buffer.items.append(.text(start, buffer.bytes.count))
    }
  }

  /// True when `text` holds a byte below 0x20 (tab, line feed, carriage return) or two spaces
  /// in a row: looked for eight bytes at a time.
  private static func needsCollapsing(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    var index = 0
    var previousSpace: UInt64 = 0
    while index + 8 <= text.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // A byte below 0x20 (bytes from 0x80 up never count).
      if (word &- 0x20 &* ones) & ~word & high != 0 { return true }
      // The high bit of each byte that is a space.
      let spaces = word ^ (0x20 &* ones)
      let isSpace = ~(((spaces & low) &+ low) | spaces | low)
      if isSpace & ((isSpace << 8) | previousSpace) != 0 { return true }
      previousSpace = isSpace >> 56
      index += 8
    }
    var before = previousSpace != 0
    while index < text.count {
      let byte = text[index]
      if byte < 0x20 || (byte == 0x20 && before) { return true }
      before = byte == 0x20
      index += 1
    }
    return false
  }

  @inline(__always)
  private static func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// A `br`: spaces before it go (in the current span, or in its parent when the span has
  /// nothing but spaces yet), unless `preserve` (TTML1 §7.2.3: suppress-at-line-break retain).
  mutating func lineBreak(preserve: Bool) {
    let top = openItems.count
    if !preserve && !trimTrailing(levelStart(top)..<buffer.items.count) && top > 0 {
      trimTrailing(levelStart(top - 1)..<openItems[top - 1])
    }
    buffer.items.append(.lineBreak)
    lastWasSpace = true
  }

  /// The first item inside open span `level - 1` (level 0: the paragraph).
  private func levelStart(_ level: Int) -> Int {
    level == 0 ? itemBase : openItems[level - 1] + 1
  }

  /// Removes spaces at the end of the items in `range`, going into spans that end there and
  /// past spans left with nothing (every `open` in `range` is a closed span's); true when it
  /// reached text or a line break (so nothing before needs trimming), false when it ran out of
  /// items.
  @discardableResult
  private mutating func trimTrailing(_ range: Range<Int>) -> Bool {
    var index = range.upperBound
    while index > range.lowerBound {
      index -= 1
      let item = buffer.items[index]
      switch item.kind {
      case .removed, .close, .open: continue
      case .lineBreak: return true
      case .text:
        var end = item.second
        guard buffer.bytes[end - 1] == 0x20 else { return true }
        while end > item.first && buffer.bytes[end - 1] == 0x20 { end -= 1 }
        if end == item.first {
          buffer.items[index].remove()
          continue
        }
        buffer.items[index].trim(to: end)
        return true
      }
    }
    return false
  }

  /// True when a span has timing of its own (so `pieces` may give several).
  var hasTimedSpans: Bool { !timedSpans.isEmpty }

  /// Finishes the paragraph (open spans closed, trailing spaces trimmed unless preserved) and
  /// keeps its content in the buffer: the range of items it is.
  mutating func commit() -> Range<Int> {
    finishContent()
    let range = itemBase..<buffer.items.count
    itemBase = buffer.items.count
    byteBase = buffer.bytes.count
    return range
  }

  private mutating func finishContent() {
    while !openItems.isEmpty { closeSpan(end: nil) }
    if !preserve { trimTrailing(itemBase..<buffer.items.count) }
  }

  /// Hands over the content buffer (what was committed), leaving this paragraph empty.
  mutating func takeBuffer() -> TTMLContentBuffer {
    reset(preserve: false)
    var taken = TTMLContentBuffer()
    swap(&taken, &buffer)
    itemBase = 0
    byteBase = 0
    spanNumbers.removeAll()
    return taken
  }

  /// The paragraph's content over `[begin, end)` as nodes, one piece per interval between the
  /// begins and ends of spans with their own timing (pieces with no text left out, adjacent
  /// pieces with the same text joined into one). With no `end` (the paragraph's end is
  /// indefinite) the last piece is open: its `end` is `nil`. The content is not kept in the
  /// buffer.
  mutating func pieces(begin: SubtitleTime, end: SubtitleTime?) -> [(
    start: SubtitleTime, end: SubtitleTime?, nodes: [CueNode]
  )] {
    finishContent()
    let nodes = buffer.nodes(itemBase..<buffer.items.count)
    guard !timedSpans.isEmpty else { return [(begin, end, nodes)] }
    func inside(_ time: SubtitleTime) -> Bool { time > begin && end.map { time < $0 } ?? true }
    var times: Set<SubtitleTime> = [begin]
    for span in timedSpans {
      if inside(span.begin) { times.insert(span.begin) }
      if let spanEnd = span.end, inside(spanEnd) { times.insert(spanEnd) }
    }
    let starts = times.sorted()
    var inactive = Set<Int>()
    var result: [(start: SubtitleTime, end: SubtitleTime?, nodes: [CueNode])] = []
    var lastText = ""
    for (index, start) in starts.enumerated() {
      let stop = index + 1 < starts.count ? starts[index + 1] : end
      inactive.removeAll(keepingCapacity: true)
      for span in timedSpans
      where span.begin > start || (span.end.map { $0 <= start } ?? false) {
        inactive.insert(span.ordinal)
      }
      var ordinal = 0
      var filtered = TTMLNodeTrimming.filter(nodes, removing: inactive, ordinal: &ordinal)
      TTMLNodeTrimming.trimTrailing(&filtered)
      TTMLNodeTrimming.trimLeading(&filtered)
      let text = CueText(nodes: filtered)
      if text.isBlank { continue }
      // One interval is one cue: a span that adds no visible text (only spaces, trimmed at the
      // line end) does not split it.
      let plain = text.plainText
      if let last = result.last, last.end == start, plain == lastText {
        result[result.count - 1].end = stop
        continue
      }
      lastText = plain
      result.append((start, stop, filtered))
    }
    return result
  }
}
