/// The content of a text cue.
///
/// Text read from SRT or WebVTT is kept as the payload markup exactly as written (so reading is
/// cheap and a same-format write reproduces it); `nodes` parses it on demand. Text read from
/// TTML is kept in the reader's flat form, shared by the document's cues; `nodes` builds the
/// tree on demand. Setting `nodes` replaces either.
public struct CueText: Sendable, Equatable {
  /// The inline markup language a payload is written in.
  public enum Markup: Sendable, Hashable {
    /// SRT: `<i>`, `<b>`, `<u>`, `<font …>`, `{\anN}` and plain text.
    case srt
    /// WebVTT cue text (W3C WebVTT §4.2.2): tags, classes, entities, timestamps.
    case webVTT
  }

  private enum Storage: Sendable, Equatable {
    case markup(Markup, String)
    case slice(Markup, SourceSlice)
    case ttml(TTMLContentSlice)
    case nodes([CueNode])
  }

  private var storage: Storage

  /// Text made of `nodes`.
  public init(nodes: [CueNode]) { storage = .nodes(nodes) }

  /// Plain text; `\n` becomes a line break.
  public init(plain text: String) {
    var nodes: [CueNode] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if index > 0 { nodes.append(.lineBreak) }
      if !line.isEmpty { nodes.append(.text(String(line))) }
    }
    storage = .nodes(nodes)
  }

  /// A payload in `markup`, lines separated by `\n`, as a reader found it.
  public init(markup text: String, in markup: Markup) { storage = .markup(markup, text) }

  /// A payload in `markup` that is a slice of the input a reader holds (no copy is made until
  /// the text is asked for).
  init(markup slice: SourceSlice, in markup: Markup) { storage = .slice(markup, slice) }

  /// TTML content a reader collected (no nodes are built until they are asked for).
  package init(ttml slice: TTMLContentSlice) { storage = .ttml(slice) }

  /// The payload markup as read, when the text came from SRT or WebVTT and was not replaced.
  public var sourceMarkup: (markup: Markup, text: String)? {
    switch storage {
    case .markup(let kind, let text): (kind, text)
    case .slice(let kind, let slice): (kind, slice.text)
    case .ttml, .nodes: nil
    }
  }

  /// The content as a tree of text, line breaks and spans.
  public var nodes: [CueNode] {
    get {
      switch storage {
      case .nodes(let nodes): nodes
      case .ttml(let slice): slice.nodes
      case .markup(.srt, let text): SRTMarkup.parse(text)
      case .markup(.webVTT, let text): WebVTTCueTextParser.parse(text)
      case .slice(.srt, let slice): SRTMarkup.parse(slice.text)
      case .slice(.webVTT, let slice): WebVTTCueTextParser.parse(slice.text)
      }
    }
    set { storage = .nodes(newValue) }
  }

  /// The text without markup, lines joined by `\n` (the `text` of `subtitle-tool dump --json`).
  public var plainText: String {
    if case .ttml(let slice) = storage { return slice.plainText }
    if let source = sourceMarkup, !Self.mayContainMarkup(source.text) { return source.text }
    var out = ""
    Self.appendPlain(nodes, to: &out)
    return out
  }

  /// True when there is no visible text (only whitespace, or nothing).
  public var isBlank: Bool {
    plainText.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" }
  }

  public static func == (lhs: CueText, rhs: CueText) -> Bool {
    if lhs.storage == rhs.storage { return true }
    if let left = lhs.sourceMarkup, let right = rhs.sourceMarkup, left.markup == right.markup {
      return left.text == right.text
    }
    return lhs.nodes == rhs.nodes
  }

  private static func mayContainMarkup(_ text: String) -> Bool {
    text.utf8.contains { $0 == 0x3C || $0 == 0x26 || $0 == 0x7B }
  }

  private static func appendPlain(_ nodes: [CueNode], to out: inout String) {
    for node in nodes {
      switch node {
      case .text(let text): out += text
      case .lineBreak: out += "\n"
      case .span(let span): appendPlain(span.children, to: &out)
      case .timestamp: break
      }
    }
  }
}
