import ManifestCore

/// The bytes a playlist was parsed from and every line in them, in order. Writing an unedited
/// playlist gives back these bytes exactly; edits (`LineEdit`) splice whole lines, so everything
/// they do not touch is written as it was.
public struct PlaylistSource: Sendable, Equatable {
  /// The input, unchanged (byte-order mark included).
  public let bytes: [UInt8]
  /// Every line, in order (blank lines and comments included).
  public let lines: [PlaylistLine]
  /// The options it was parsed with (used again when an edited playlist is parsed).
  public let options: ParseOptions

  package init(bytes: [UInt8], lines: [PlaylistLine], options: ParseOptions) {
    self.bytes = bytes
    self.lines = lines
    self.options = options
  }

  /// True when the input starts with a UTF-8 byte-order mark.
  public var hasByteOrderMark: Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// The line's text as written (terminator excluded).
  public func text(of line: PlaylistLine) -> String { ASCII.string(bytes, line.range) }

  /// The tag name of a tag line without `#` (`EXT-X-KEY`, or an unknown tag's spelling), else
  /// `nil`.
  public func tagName(of line: PlaylistLine) -> String? {
    guard line.kind == .tag else { return nil }
    let v = line.valueStart
    let nameEnd = v > line.range.lowerBound + 1 && bytes[v - 1] == 0x3A ? v - 1 : v
    return ASCII.string(bytes, (line.range.lowerBound + 1)..<nameEnd)
  }

  /// The value of a tag line: the text after the `:` with trailing blanks removed, or `nil`
  /// when the tag has no `:`.
  public func tagValue(of line: PlaylistLine) -> String? {
    guard let range = valueRange(of: line) else { return nil }
    return ASCII.string(bytes, range)
  }

  /// The byte range of a tag's value (after `:`, trailing blanks removed), or `nil`.
  public func valueRange(of line: PlaylistLine) -> Range<Int>? {
    guard line.kind == .tag, line.valueStart > line.range.lowerBound,
      bytes[line.valueStart - 1] == 0x3A
    else { return nil }
    var end = line.range.upperBound
    while end > line.valueStart && ASCII.isBlank(bytes[end - 1]) { end -= 1 }
    return line.valueStart..<end
  }

  /// A tag's value read as an attribute list (RFC 8216bis §4.2) with every attribute as written,
  /// duplicates included; `nil` when the line has no value or the list has a syntax error.
  public func attributes(of line: PlaylistLine) -> AttributeList? {
    guard let range = valueRange(of: line) else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      AttributeList(scanning: buffer, range, lineStart: line.range.lowerBound)
    }
  }
}
