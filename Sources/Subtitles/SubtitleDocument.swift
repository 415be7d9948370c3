import ManifestCore

/// A subtitle file in any supported format: its cues in document order, what the format keeps
/// besides cues (so a same-format write loses nothing), and the diagnostics reading produced.
public struct SubtitleDocument: Sendable, Equatable {
  /// The format the document was read from (or is meant for).
  public var format: SubtitleFormat
  /// The cues, in document order.
  public var cues: [Cue]
  /// WebVTT: the text after `WEBVTT` on the first line (such as ` - Movie`, `FILE`), verbatim.
  public var headerText: String
  /// WebVTT: header lines after the first (`Kind: captions`), except `X-TIMESTAMP-MAP`.
  public var headerLines: [String]
  /// WebVTT: the `X-TIMESTAMP-MAP` header of an HLS subtitle segment (RFC 8216bis §3.1.4).
  public var timestampMap: WebVTTTimestampMap?
  /// WebVTT `STYLE` blocks (CSS text), in order.
  public var styleSheets: [String]
  /// WebVTT `NOTE` blocks, each placed before a cue.
  public var comments: [SubtitleComment]
  /// Style definitions: TTML `<style>` elements.
  public var styles: [SubtitleStyle]
  /// Region definitions: TTML `<region>` elements, WebVTT `REGION` blocks.
  public var regions: [SubtitleRegion]
  /// The document language (TTML `xml:lang`, WebVTT `Language:` header), if known.
  public var language: String?
  /// TTML timing parameters (`ttp:frameRate` …) as read; used when writing TTML back.
  public var timing: TTMLTimingParameters?
  /// TTML: the `tts:extent` of the `tt` element as written (the root container's size, such as
  /// `1920px 1080px`; IMSC 1.1 §7.12.6 requires it when any length is in pixels), if any.
  public var rootExtent: String?
  /// Problems reading survived, in document order.
  public var diagnostics: [Diagnostic]

  /// Creates a document.
  public init(
    format: SubtitleFormat, cues: [Cue] = [], headerText: String = "", headerLines: [String] = [],
    timestampMap: WebVTTTimestampMap? = nil, styleSheets: [String] = [],
    comments: [SubtitleComment] = [], styles: [SubtitleStyle] = [],
    regions: [SubtitleRegion] = [], language: String? = nil,
    timing: TTMLTimingParameters? = nil, rootExtent: String? = nil,
    diagnostics: [Diagnostic] = []
  ) {
    self.format = format
    self.cues = cues
    self.headerText = headerText
    self.headerLines = headerLines
    self.timestampMap = timestampMap
    self.styleSheets = styleSheets
    self.comments = comments
    self.styles = styles
    self.regions = regions
    self.language = language
    self.timing = timing
    self.rootExtent = rootExtent
    self.diagnostics = diagnostics
  }

  /// The region named `id`, if the document defines one.
  public func region(_ id: String) -> SubtitleRegion? {
    regions.first { $0.identifier == id }
  }

  /// The style named `id`, if the document defines one.
  public func style(_ id: String) -> SubtitleStyle? {
    styles.first { $0.identifier == id }
  }
}

/// A comment block kept for writing: WebVTT `NOTE` text placed before cue `beforeCue`
/// (`cues.count` for a comment after the last cue).
public struct SubtitleComment: Sendable, Hashable {
  /// The text after `NOTE` (its first line may be empty), lines joined by `\n`.
  public var text: String
  /// The index of the cue the comment precedes.
  public var beforeCue: Int

  /// Creates a comment.
  public init(text: String, beforeCue: Int) {
    self.text = text
    self.beforeCue = beforeCue
  }
}

/// A named style definition (TTML2 §8.1.2 `<style>`): its own properties and the styles it
/// references, as written.
public struct SubtitleStyle: Sendable, Hashable {
  /// The `xml:id`.
  public var identifier: String
  /// Styling attributes by local name, in source order.
  public var properties: [StyleProperty]
  /// Referenced style ids (chained referential styling), as written.
  public var references: [String]

  /// Creates a style.
  public init(identifier: String, properties: [StyleProperty], references: [String] = []) {
    self.identifier = identifier
    self.properties = properties
    self.references = references
  }
}

/// A named region: a TTML `<region>` (TTML2 §9.1.2; properties are styling attributes such as
/// `origin`, `extent`, `displayAlign`, with its referential styles resolved) or a WebVTT `REGION`
/// block (W3C WebVTT §4.5; properties are its settings such as `width`, `lines`).
public struct SubtitleRegion: Sendable, Hashable {
  /// The region id.
  public var identifier: String
  /// Properties in source order.
  public var properties: [StyleProperty]
  /// TTML `style` references of the region, as written.
  public var styleReferences: [String]

  /// Creates a region.
  public init(identifier: String, properties: [StyleProperty], styleReferences: [String] = []) {
    self.identifier = identifier
    self.properties = properties
    self.styleReferences = styleReferences
  }

  /// The value of property `name` (the last one when repeated).
  public func value(_ name: String) -> String? {
    properties.last { $0.name == name }?.value
  }
}
