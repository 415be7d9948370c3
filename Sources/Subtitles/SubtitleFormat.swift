/// The subtitle formats ManifestKit reads and writes.
public enum SubtitleFormat: String, Sendable, Hashable, CaseIterable {
  /// SubRip.
  case srt
  /// W3C WebVTT.
  case webVTT = "vtt"
  /// W3C TTML (TTML1, TTML2, IMSC1, SMPTE-TT / SMPTE ST 2052-1).
  case ttml

  /// The format named by a command-line spelling or file extension (`srt`, `vtt`, `webvtt`,
  /// `ttml`, `xml`, `dfxp`, `smpte-tt`, `imsc`), case-insensitive.
  public init?(name: String) {
    switch name.lowercased() {
    case "srt", "subrip": self = .srt
    case "vtt", "webvtt": self = .webVTT
    case "ttml", "xml", "dfxp", "smpte-tt", "smptett", "imsc", "imsc1", "ttml2": self = .ttml
    default: return nil
    }
  }

  /// The format the bytes look like: WebVTT when the text starts with `WEBVTT`, TTML when it
  /// starts with `<` (after a byte-order mark and whitespace), else SRT. UTF-16 and UTF-32 are
  /// recognised by their ASCII bytes.
  public static func sniff(_ bytes: [UInt8]) -> SubtitleFormat {
    var i = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
    if bytes.count >= 2
      && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
        || bytes.prefix(4).contains(0))
    {
      // UTF-16 or UTF-32: look at the ASCII bytes only.
      return sniff(bytes.prefix(256).filter { $0 != 0 && $0 != 0xFE && $0 != 0xFF })
    }
    while i < bytes.count,
      bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A
        || bytes[i] == 0x0D
    {
      i += 1
    }
    if i < bytes.count && bytes[i] == 0x3C { return .ttml }
    let signature: [UInt8] = Array("WEBVTT".utf8)
    if bytes.count - i >= 6 && bytes[i..<i + 6].elementsEqual(signature) { return .webVTT }
    return .srt
  }
}
