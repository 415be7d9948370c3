import ManifestCore
import Subtitles
import XMLSupport

/// Reads TTML documents (TTML1, TTML2, IMSC1 text and image profiles, SMPTE-TT / SMPTE ST
/// 2052-1 2010 and 2013, DFXP with the 2006 TTAF1 namespaces) into a `SubtitleDocument`, streaming
/// through libxml2 (`XMLSupport`; no network, no entities, no DTDs, bounded depth) without
/// building a tree, so very large files read in bounded memory.
///
/// Every `p` becomes a cue (or several, when its spans carry their own timing) with exact times
/// from the full timing model (`TTMLTimeExpression`, `TTMLTimingContext`), its text with `br`
/// line breaks, nested spans and `xml:space` handling, its region (inherited from `div` and
/// `body`), its paragraph style computed from region, body, div, referential and inline styling,
/// and a placement. `smpte:backgroundImage` on a `div` or `p` and TTML2 `image` elements become
/// image cues, their PNG data taken from `smpte:image` (any base64 line wrapping) or TTML2
/// `resources`/`data` by `#id`.
public enum TTMLReader {
  /// Parses a TTML document; throws when the bytes are not well-formed XML, are refused as
  /// unsafe (an element with more than `limits.xmlAttributes` attributes among them), or are
  /// not a TTML document.
  public static func read(_ bytes: [UInt8], limits: Limits = .standard) throws(ParseError)
    -> SubtitleDocument
  {
    var state = TTMLReaderState()
    try state.read(bytes, limits: XMLReaderLimits(maximumAttributes: limits.xmlAttributes))
    return try state.finish()
  }

  /// A location from a line and column, with the byte offset worked out.
  static func location(line: Int, column: Int, in bytes: [UInt8]) -> SourceLocation {
    guard line > 0 else { return .start }
    var currentLine = 1
    var offset = 0
    while currentLine < line, offset < bytes.count {
      if bytes[offset] == 0x0A { currentLine += 1 }
      offset += 1
    }
    let column = max(column, 1)
    return SourceLocation(line: line, column: column, offset: min(offset + column - 1, bytes.count))
  }
}
