/// Why a value cannot be written into a playlist: writing it would change the playlist's
/// structure (a line break ends the line, a `"` ends a quoted string, a `,` ends an attribute, a
/// URI line starting with `#` reads back as a tag) or it cannot be expressed in HLS at all.
/// Nothing is written when a writer throws it.
///
/// Control characters: C0 controls (U+0000–U+001F) and DEL are refused everywhere except TAB,
/// which quoted strings, EXTINF titles and custom tag values may hold (it cannot end a line, and
/// RFC 8216bis itself separates RECENTLY-REMOVED-DATERANGES with it). A TAB is refused in a URI
/// line, in an enumerated string (no whitespace there, RFC 8216bis §4.2) and in a date range ID
/// listed in RECENTLY-REMOVED-DATERANGES (it would split the ID).
public struct PlaylistWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The stable code of a refusal, shown as `[hls.write.…]`.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// A CR, LF or other control character.
    case controlCharacter = "hls.write.control-character"
    /// A `"` in a quoted string.
    case quoteInQuotedString = "hls.write.quote-in-quoted-string"
    /// An enumerated-string value outside its grammar or outside the values its attribute takes.
    case enumeratedValue = "hls.write.enumerated-value"
    /// A hexadecimal-sequence that is not `0x` followed by hex digits.
    case hexadecimalValue = "hls.write.hexadecimal-value"
    /// A negative number where the attribute takes a decimal-integer or non-negative float.
    case negativeNumber = "hls.write.negative-number"
    /// An attribute name outside `[A-Z0-9-]`.
    case attributeName = "hls.write.attribute-name"
    /// A custom tag name that is not `EXT…` of `[A-Z0-9-]`, or names a tag with a typed value.
    case tagName = "hls.write.tag-name"
    /// A URI line that is empty, starts with `#`, has blanks at its ends or holds a control
    /// character.
    case uriLine = "hls.write.uri-line"
    /// State a playlist cannot express (ending a map or a bitrate, two keys of one KEYFORMAT).
    case unrepresentable = "hls.write.unrepresentable"
  }

  /// The stable code.
  public var code: Code
  /// The tag being written without `#` (`EXT-X-KEY`), or `URI line`.
  public var tag: String
  /// The attribute, or `nil` for a tag value or a line.
  public var attribute: String?
  /// The value that was refused.
  public var value: String

  /// Creates an error.
  public init(_ code: Code, tag: String, attribute: String? = nil, value: String) {
    self.code = code
    self.tag = tag
    self.attribute = attribute
    self.value = value
  }

  /// One line for a human: `EXT-X-KEY URI "a\nb": a control character ends the line`.
  public var message: String {
    let place = tag + (attribute.map { " " + $0 } ?? "") + " " + value.debugDescription
    switch code {
    case .controlCharacter: return "\(place): holds a control character"
    case .quoteInQuotedString: return "\(place): a quoted string cannot hold '\"'"
    case .enumeratedValue: return "\(place): not a value this enumerated string takes"
    case .hexadecimalValue: return "\(place): not a hexadecimal sequence (0x and hex digits)"
    case .negativeNumber: return "\(place): must not be negative"
    case .attributeName: return "\(place): an attribute name is made of A-Z, 0-9 and '-'"
    case .tagName:
      return "\(place): a custom tag is EXT followed by A-Z, 0-9 and '-', and is not a tag "
        + "with a typed value"
    case .uriLine:
      return "\(place): a URI line must not be empty, start with '#', have blanks at its ends "
        + "or hold control characters"
    case .unrepresentable: return "\(place): cannot be expressed in a playlist"
    }
  }

  /// `message [code]`.
  public var description: String { "\(message) [\(code.rawValue)]" }
}
