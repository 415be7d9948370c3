import ManifestCore
import Subtitles

extension SubtitleDocument {
  /// Reads `bytes` as `format`, or as the format `SubtitleFormat.sniff` recognises, within
  /// `limits` (`xmlAttributes` for TTML), SRT and WebVTT text read as `encoding`. TTML is XML,
  /// which names its own encoding (XML 1.0 §4.3.3, read by libxml2): a named `encoding` for a
  /// TTML document is an error (`subtitle.encoding.xml`).
  public static func read(
    _ bytes: [UInt8], format: SubtitleFormat? = nil, limits: Limits = .standard,
    encoding: SubtitleEncoding = .automatic
  ) throws(ParseError) -> SubtitleDocument {
    var bytes = bytes
    var encoding = encoding
    if case .named = encoding {
      // Decode first, so that the format is recognised in any encoding.
      bytes = try TextDecoding.decode(bytes, encoding: encoding, replacingNUL: true).bytes
      encoding = .unicode
    }
    switch format ?? SubtitleFormat.sniff(bytes) {
    case .srt: return try SRTReader.read(bytes, encoding: encoding)
    case .webVTT: return try WebVTTReader.read(bytes, encoding: encoding)
    case .ttml:
      if encoding != .automatic {
        throw ParseError(
          code: SubtitleDiagnosticCode.encodingXML.rawValue,
          message: "an encoding cannot be named for TTML: XML declares its own "
            + "(<?xml version=\"1.0\" encoding=\"…\"?>)")
      }
      return try TTMLReader.read(bytes, limits: limits)
    }
  }

  /// The document written as `format` (image cues are skipped for SRT and WebVTT; `ttml` says
  /// how TTML writes them).
  public func written(
    as format: SubtitleFormat, ttml: TTMLWriter.Options = TTMLWriter.Options()
  ) -> [UInt8] {
    switch format {
    case .srt: SRTWriter.write(self)
    case .webVTT: WebVTTWriter.write(self)
    case .ttml: TTMLWriter.write(self, options: ttml)
    }
  }
}
