import ManifestCore

/// One piece of a text cue's content: text, a line break, a styled span, or a WebVTT inline
/// timestamp (W3C WebVTT §4.2.2 cue text; TTML2 §7.1.5 `span`, §7.1.6 `br`).
public enum CueNode: Sendable, Equatable {
  /// Text, with entities already decoded; never contains a line break.
  case text(String)
  /// A line break (a newline in SRT and WebVTT, `<br/>` in TTML).
  case lineBreak
  /// Content with styling or semantics applied.
  case span(CueSpan)
  /// A WebVTT cue timestamp tag such as `<00:00:05.000>` (karaoke-style progression).
  case timestamp(SubtitleTime)
}

/// What a span means. The simple kinds carry over between formats; `styled` is a TTML span whose
/// styling is in `CueSpan.style`; `font` is an SRT `<font …>` tag with its attributes in
/// `CueSpan.style`; `unknown` keeps a tag the reader did not know, by name, so a same-format
/// round trip loses nothing.
public enum CueSpanKind: Sendable, Equatable {
  /// Italic (`<i>`; `tts:fontStyle="italic"`).
  case italic
  /// Bold (`<b>`; `tts:fontWeight="bold"`).
  case bold
  /// Underline (`<u>`; `tts:textDecoration="underline"`).
  case underline
  /// A WebVTT class span `<c>` (the classes are in `CueSpan.classes`).
  case `class`
  /// A WebVTT voice span `<v Name>` with the speaker's name.
  case voice(String)
  /// A WebVTT language span `<lang tag>`.
  case language(String)
  /// A WebVTT ruby container `<ruby>`.
  case ruby
  /// A WebVTT ruby text `<rt>`.
  case rubyText
  /// An SRT `<font>` tag (`color`, `face`, `size` in `CueSpan.style`).
  case font
  /// A TTML `<span>`, styled by `CueSpan.style` and `CueSpan.styleReferences`.
  case styled
  /// A tag no reader knew, by name (`s`, `sub`), kept for same-format writing.
  case unknown(String)
}

/// A styled or semantic run of cue content.
public struct CueSpan: Sendable, Equatable {
  /// What the span means.
  public var kind: CueSpanKind
  /// WebVTT classes (`<c.yellow.loud>` gives `["yellow", "loud"]`).
  public var classes: [String]
  /// Style properties, in source order: TTML styling attributes by local name (`color`,
  /// `fontStyle`) after referential styles are resolved, or SRT `<font>` attributes.
  public var style: [StyleProperty]
  /// TTML `style` references as written (IDREFS), kept for TTML writing.
  public var styleReferences: [String]
  /// The content.
  public var children: [CueNode]

  /// The deepest span nesting the SRT and WebVTT markup parsers build: start tags deeper than
  /// this are ignored, so hostile markup (`<b>` 200,000 times) cannot exhaust the stack.
  static let maximumDepth = 100

  /// Creates a span.
  public init(
    _ kind: CueSpanKind, classes: [String] = [], style: [StyleProperty] = [],
    styleReferences: [String] = [], children: [CueNode]
  ) {
    self.kind = kind
    self.classes = classes
    self.style = style
    self.styleReferences = styleReferences
    self.children = children
  }

  /// The value of style property `name` (the last one when repeated).
  public func styleValue(_ name: String) -> String? {
    style.last { $0.name == name }?.value
  }

  /// True when the span renders in italics (an `<i>` or an italic font style).
  public var isItalic: Bool {
    kind == .italic || styleValue("fontStyle") == "italic" || styleValue("fontStyle") == "oblique"
  }

  /// True when the span renders bold.
  public var isBold: Bool { kind == .bold || styleValue("fontWeight") == "bold" }

  /// True when the span is underlined.
  public var isUnderlined: Bool {
    kind == .underline || styleValue("textDecoration")?.contains("underline") == true
  }

  /// The text colour, if the span sets one (TTML `tts:color`, SRT `<font color>`, or a WebVTT
  /// default colour class such as `yellow`).
  public var color: String? {
    if let value = styleValue("color") { return value }
    return classes.last { WebVTTColorClass.names.contains($0) }
  }
}

/// One style property: a name (TTML styling attribute local name, CSS-like) and its value.
public struct StyleProperty: Sendable, Hashable {
  /// The property name, such as `color` or `fontStyle`.
  public var name: String
  /// The value as written.
  public var value: String

  /// Creates a property.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// The WebVTT default text colour classes (W3C WebVTT, "Default text colour": `white`,
/// `lime`, `cyan`, `red`, `yellow`, `magenta`, `blue`, `black`).
public enum WebVTTColorClass {
  /// The class names.
  public static let names: Set<String> = [
    "white", "lime", "cyan", "red", "yellow", "magenta", "blue", "black",
  ]
}
