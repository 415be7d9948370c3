/// TTML cue content in the flat form the reader collects it in: the text of many paragraphs in
/// one byte buffer, and a list of items (text ranges, line breaks, span starts and ends) in
/// document order. The reader keeps one buffer per document; cues refer to ranges of its items
/// (`TTMLContentSlice`) and build their nodes only when asked, so reading a large file makes no
/// string, array or span per cue.
package struct TTMLContentBuffer: Sendable {
  /// One piece of content, in 16 bytes (a document holds many): two integers whose signs say
  /// what the piece is.
  package struct Item: Sendable {
    package enum Kind {
      /// Text: `bytes[first..<second]`.
      case text
      case lineBreak
      /// A span starts: `spans[first]`; `second` is the index of its `close` item.
      case open
      case close
      /// Text trimmed away entirely.
      case removed
    }

    /// Text: its first byte (0 or more); a span start: its span (0 or more); -1, -2, -3: a line
    /// break, a span end, removed text.
    private var a: Int
    /// Text: its end byte (0 or more); a span start: -1 - the index of its end (`Int.min`
    /// until the span ends).
    private var b: Int

    private init(_ a: Int, _ b: Int) {
      self.a = a
      self.b = b
    }

    package static func text(_ start: Int, _ end: Int) -> Item { Item(start, end) }
    package static func open(span: Int) -> Item { Item(span, .min) }
    package static let lineBreak = Item(-1, 0)
    package static let close = Item(-2, 0)

    package var kind: Kind {
      switch a {
      case -1: .lineBreak
      case -2: .close
      case -3: .removed
      default: b < 0 ? .open : .text
      }
    }

    /// The first byte of text, or the span of a span start.
    package var first: Int { a }

    /// The end byte of text, or the index of a span start's end.
    package var second: Int { b < 0 ? -1 - b : b }

    /// Marks a span start as ending at item `index`.
    package mutating func close(at index: Int) { b = -1 - index }

    /// Moves the end of text to byte `end`.
    package mutating func trim(to end: Int) { b = end }

    /// Marks text as trimmed away.
    package mutating func remove() { a = -3 }
  }

  /// What a TTML span carries besides its content.
  package struct SpanStyle: Sendable {
    package var style: [StyleProperty]
    package var styleReferences: [String]

    package init(style: [StyleProperty], styleReferences: [String]) {
      self.style = style
      self.styleReferences = styleReferences
    }
  }

  package var bytes: [UInt8] = []
  package var items: [Item] = []
  package var spans: [SpanStyle] = []

  package init() {}

  /// The nodes the items in `range` make (a range that closes every span it opens), each
  /// array made at its final size.
  package func nodes(_ range: Range<Int>) -> [CueNode] {
    var count = 0
    var index = range.lowerBound
    while index < range.upperBound {
      let item = items[index]
      switch item.kind {
      case .removed, .close: break
      case .open:
        count += 1
        index = item.second
      case .text, .lineBreak: count += 1
      }
      index += 1
    }
    var result: [CueNode] = []
    result.reserveCapacity(count)
    index = range.lowerBound
    while index < range.upperBound {
      let item = items[index]
      switch item.kind {
      case .removed, .close: break
      case .lineBreak: result.append(.lineBreak)
      case .text:
        result.append(.text(String(decoding: bytes[item.first..<item.second], as: UTF8.self)))
      case .open:
        let span = spans[item.first]
        result.append(
          .span(
            CueSpan(
              .styled, style: span.style, styleReferences: span.styleReferences,
              children: nodes((index + 1)..<item.second))))
        index = item.second
      }
      index += 1
    }
    return result
  }

  /// The text of the items in `range` without markup, line breaks as `\n` (what
  /// `CueText.plainText` gives for their nodes).
  package func plainText(_ range: Range<Int>) -> String {
    var length = 0
    for item in items[range] {
      switch item.kind {
      case .text: length += item.second - item.first
      case .lineBreak: length += 1
      case .open, .close, .removed: break
      }
    }
    guard length > 0 else { return "" }
    return String(unsafeUninitializedCapacity: length) { output in
      var written = 0
      bytes.withUnsafeBufferPointer { source in
        for item in items[range] {
          switch item.kind {
          case .text:
            let count = item.second - item.first
            guard count > 0, let from = source.baseAddress, let to = output.baseAddress else {
              continue
            }
            (to + written).update(from: from + item.first, count: count)
            written += count
          case .lineBreak:
            output[written] = 0x0A
            written += 1
          case .open, .close, .removed: break
          }
        }
      }
      return written
    }
  }
}

/// A document's content buffer, shared by its cues once reading is done.
package final class TTMLContentStore: Sendable {
  package let buffer: TTMLContentBuffer

  package init(_ buffer: TTMLContentBuffer) { self.buffer = buffer }
}

/// The content of one TTML cue: a range of items in its document's content store.
package struct TTMLContentSlice: Sendable, Equatable {
  package let store: TTMLContentStore
  package let range: Range<Int>

  package init(store: TTMLContentStore, range: Range<Int>) {
    self.store = store
    self.range = range
  }

  /// The content as nodes.
  package var nodes: [CueNode] { store.buffer.nodes(range) }

  /// The text without markup, lines joined by `\n`.
  package var plainText: String { store.buffer.plainText(range) }

  /// The same range of the same store (equal content in different places compares through
  /// `nodes`, in `CueText`).
  package static func == (lhs: TTMLContentSlice, rhs: TTMLContentSlice) -> Bool {
    lhs.store === rhs.store && lhs.range == rhs.range
  }
}
