/// A reader's input bytes, shared by the cues whose text is a slice of them.
final class SourceBuffer: Sendable {
  let bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// Text that is a range of a reader's input: SRT and WebVTT payloads stay in the input until a
/// caller asks for them, so reading a large file makes no string per cue.
struct SourceSlice: Sendable, Equatable {
  let source: SourceBuffer
  let range: Range<Int>
  /// The range has CR or CRLF line breaks, which `text` turns into `\n`.
  let normalizesNewlines: Bool

  /// The text, line breaks as `\n`.
  var text: String {
    normalizesNewlines
      ? WebVTTReader.string(source.bytes, range, normalizing: true)
      : String(decoding: source.bytes[range], as: UTF8.self)
  }

  static func == (lhs: SourceSlice, rhs: SourceSlice) -> Bool {
    (lhs.source === rhs.source && lhs.range == rhs.range
      && lhs.normalizesNewlines == rhs.normalizesNewlines) || lhs.text == rhs.text
  }
}
