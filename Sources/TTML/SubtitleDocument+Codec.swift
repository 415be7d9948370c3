import ManifestCore
import Subtitles

extension SubtitleDocument {
  /// Reads `bytes` as `format`, or as the format `SubtitleFormat.sniff` recognises, within
  /// `limits` (`xmlAttributes` for TTML).
  public static func read(
    _ bytes: [UInt8], format: SubtitleFormat? = nil, limits: Limits = .standard
  ) throws(ParseError) -> SubtitleDocument {
    switch format ?? SubtitleFormat.sniff(bytes) {
    case .srt: try SRTReader.read(bytes)
    case .webVTT: try WebVTTReader.read(bytes)
    case .ttml: try TTMLReader.read(bytes, limits: limits)
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
