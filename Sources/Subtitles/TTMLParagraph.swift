/// The content of one TTML `p`, built into cue nodes as the document streams by, with XML
/// whitespace handling (TTML2 §10.2.34 `xml:space`: by default line feeds and tabs become
/// spaces, runs of spaces collapse across span boundaries, and spaces at the start and end of a
/// line go; `preserve` keeps them and turns line feeds into line breaks). When spans carry their
/// own timing, `pieces` gives one piece of content per interval between their begins and ends.
struct TTMLParagraph {
  /// A span with its own timing: its position among the paragraph's spans (document order)
  /// and when it is active (absolute; `end` `nil` means until the paragraph ends).
  private struct TimedSpan {
    var ordinal: Int
    var begin: SubtitleTime
    var end: SubtitleTime?
  }

  private var spanStack: [CueSpan] = []
  private var childrenStack: [[CueNode]] = [[]]
  /// For each open span, its index in `timedSpans` (-1 when it has no timing of its own).
  private var openTimedIndex: [Int] = []
  private var timedSpans: [TimedSpan] = []
  private var spanCount = 0
  private var lastWasSpace = true

  init() {}

  /// Empties the paragraph for the next `p`.
  mutating func reset() {
    if !spanStack.isEmpty { spanStack.removeAll(keepingCapacity: true) }
    if childrenStack.count == 1 {
      childrenStack[0] = []
    } else {
      childrenStack = [[]]
    }
    if !openTimedIndex.isEmpty { openTimedIndex.removeAll(keepingCapacity: true) }
    if !timedSpans.isEmpty { timedSpans.removeAll(keepingCapacity: true) }
    spanCount = 0
    lastWasSpace = true
  }

  mutating func openSpan(_ span: CueSpan, begin: SubtitleTime, end: SubtitleTime?, timed: Bool) {
    if timed {
      openTimedIndex.append(timedSpans.count)
      timedSpans.append(TimedSpan(ordinal: spanCount, begin: begin, end: end))
    } else {
      openTimedIndex.append(-1)
    }
    spanCount += 1
    spanStack.append(span)
    childrenStack.append([])
  }

  mutating func closeSpan(end: SubtitleTime?) {
    guard var span = spanStack.popLast(), let children = childrenStack.popLast(),
      let timedIndex = openTimedIndex.popLast()
    else { return }
    if timedIndex >= 0 { timedSpans[timedIndex].end = end }
    span.children = children
    childrenStack[childrenStack.count - 1].append(.span(span))
  }

  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, preserve: Bool) {
    let top = childrenStack.count - 1
    if preserve {
      let text = String(decoding: bytes, as: UTF8.self)
      var first = true
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if !first { childrenStack[top].append(.lineBreak) }
        first = false
        if !line.isEmpty { childrenStack[top].append(.text(String(line))) }
      }
      lastWasSpace = bytes.last == 0x20 || bytes.last == 0x0A
      return
    }
    let collapsed = Self.collapse(bytes, afterSpace: &lastWasSpace)
    if !collapsed.isEmpty { childrenStack[top].append(.text(collapsed)) }
  }

  mutating func lineBreak() {
    let top = childrenStack.count - 1
    if !Self.trimTrailing(&childrenStack[top]) && top > 0 {
      _ = Self.trimTrailing(&childrenStack[top - 1])
    }
    childrenStack[top].append(.lineBreak)
    lastWasSpace = true
  }

  /// Removes spaces at the end of `nodes` (into a last span); true when it reached text or a
  /// line break (so nothing before needs trimming). Looks before it writes, so content that
  /// needs no trimming (the usual case) is not copied.
  @discardableResult
  private static func trimTrailing(_ nodes: inout [CueNode]) -> Bool {
    switch trailingState(nodes) {
    case .clean: return true
    case .empty: return false
    case .needsTrim: break
    }
    while let last = nodes.last {
      switch last {
      case .text(let text):
        guard lastByte(text) == 0x20 else { return true }
        var trimmed = Substring(text)
        while trimmed.utf8.last == 0x20 { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty {
          nodes.removeLast()
          continue
        }
        nodes[nodes.count - 1] = .text(String(trimmed))
        return true
      case .span(var span):
        nodes.removeLast()
        let done = trimTrailing(&span.children)
        nodes.append(.span(span))
        if done { return true }
        return false
      case .lineBreak, .timestamp: return true
      }
    }
    return false
  }

  private enum TrailingState {
    case clean, empty, needsTrim
  }

  /// Whether `nodes` end in a space, without copying anything.
  private static func trailingState(_ nodes: [CueNode]) -> TrailingState {
    guard let last = nodes.last else { return .empty }
    switch last {
    case .text(let text): return lastByte(text) == 0x20 ? .needsTrim : .clean
    case .span(let span):
      let inner = trailingState(span.children)
      return inner == .empty ? .needsTrim : inner
    case .lineBreak, .timestamp: return .clean
    }
  }

  /// The last UTF-8 byte of `text`.
  @inline(__always)
  private static func lastByte(_ text: String) -> UInt8? {
    text.utf8.withContiguousStorageIfAvailable { $0.last } ?? text.utf8.last
  }

  /// True when a span has timing of its own (so `pieces` may give several).
  var hasTimedSpans: Bool { !timedSpans.isEmpty }

  /// The whole content, open spans closed and trailing spaces trimmed.
  mutating func content() -> [CueNode] {
    while !spanStack.isEmpty { closeSpan(end: nil) }
    Self.trimTrailing(&childrenStack[0])
    return childrenStack[0]
  }

  /// The paragraph's content over `[begin, end)`, one piece per interval between the begins
  /// and ends of spans with their own timing (pieces with no text left out).
  mutating func pieces(begin: SubtitleTime, end: SubtitleTime) -> [(
    start: SubtitleTime, end: SubtitleTime, nodes: [CueNode]
  )] {
    let nodes = content()
    guard !timedSpans.isEmpty else { return [(begin, end, nodes)] }
    var times: [SubtitleTime] = [begin, end]
    for span in timedSpans {
      if span.begin > begin && span.begin < end { times.append(span.begin) }
      if let spanEnd = span.end, spanEnd > begin && spanEnd < end { times.append(spanEnd) }
    }
    times = Array(Set(times)).sorted()
    var inactive = Set<Int>()
    var result: [(start: SubtitleTime, end: SubtitleTime, nodes: [CueNode])] = []
    for index in 0..<(times.count - 1) {
      let (start, stop) = (times[index], times[index + 1])
      inactive.removeAll(keepingCapacity: true)
      for span in timedSpans
      where span.begin > start || (span.end.map { $0 < stop } ?? false) {
        inactive.insert(span.ordinal)
      }
      var ordinal = 0
      var filtered = Self.filter(nodes, removing: inactive, ordinal: &ordinal)
      Self.trimTrailing(&filtered)
      Self.trimLeading(&filtered)
      if CueText(nodes: filtered).isBlank { continue }
      result.append((start, stop, filtered))
    }
    return result
  }

  /// Removes spaces at the start of `nodes` (into a first span).
  @discardableResult
  private static func trimLeading(_ nodes: inout [CueNode]) -> Bool {
    while let first = nodes.first {
      switch first {
      case .text(let text):
        guard text.utf8.first == 0x20 else { return true }
        let trimmed = text.drop { $0 == " " }
        if trimmed.isEmpty {
          nodes.removeFirst()
          continue
        }
        nodes[0] = .text(String(trimmed))
        return true
      case .span(var span):
        let done = trimLeading(&span.children)
        nodes[0] = .span(span)
        return done
      case .lineBreak, .timestamp: return true
      }
    }
    return false
  }

  /// `nodes` without the spans whose ordinals (document order) are in `removing`.
  private static func filter(_ nodes: [CueNode], removing: Set<Int>, ordinal: inout Int)
    -> [CueNode]
  {
    var result: [CueNode] = []
    for node in nodes {
      guard case .span(var span) = node else {
        result.append(node)
        continue
      }
      let own = ordinal
      ordinal += 1
      let children = filter(span.children, removing: removing, ordinal: &ordinal)
      guard !removing.contains(own) else { continue }
      span.children = children
      result.append(.span(span))
    }
    return result
  }

  /// Default `xml:space` handling of one text piece.
  static func collapse(_ bytes: UnsafeBufferPointer<UInt8>, afterSpace: inout Bool) -> String {
    var previous: UInt8 = afterSpace ? 0x20 : 0
    var clean = true
    for b in bytes {
      if b <= 0x20 && (b != 0x20 || previous == 0x20) && isXMLSpace(b) {
        clean = false
        break
      }
      previous = b
    }
    if clean {
      if let last = bytes.last { afterSpace = last == 0x20 }
      return String(decoding: bytes, as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var space = afterSpace
    for b in bytes {
      if isXMLSpace(b) {
        if !space { out.append(0x20) }
        space = true
      } else {
        out.append(b)
        space = false
      }
    }
    afterSpace = space
    return String(decoding: out, as: UTF8.self)
  }

  @inline(__always)
  private static func isXMLSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
  }
}
