import FuzzSupport
import ManifestCore
import Subtitles

/// What the SRT, WebVTT and TTML targets share: read arbitrary bytes as one format, then do
/// everything `subtitle-tool` does with a document (validate, shift both ways, cue text and
/// markup, write as every format and read each output again). A document written in its own
/// format must read back with the same cue timings, to the precision the format writes.
public enum SubtitleFuzzing {
  /// Reads `input` as `format` and exercises the document.
  public static func run(_ input: [UInt8], as format: SubtitleFormat) {
    let document: SubtitleDocument
    do {
      document = try SubtitleDocument.read(input, format: format)
    } catch {
      _ = error.description
      return
    }
    for diagnostic in document.diagnostics + SubtitleValidator.validate(document) {
      _ = diagnostic.rendered(file: "fuzz")
    }
    for cue in document.cues.prefix(256) {
      _ = (cue.plainText, cue.text?.nodes, cue.duration, cue.image)
    }
    _ = document.shifted(by: SubtitleTime(milliseconds: -2_500))
    _ = document.shifted(by: SubtitleTime(seconds: 3_600))
    for target in SubtitleFormat.allCases {
      let written = document.written(as: target)
      guard let reread = try? SubtitleDocument.read(written, format: target) else {
        FuzzCheck.require(
          target != format || document.cues.isEmpty,
          "\(format) written as \(format) does not read: \(FuzzCheck.describe(written))")
        continue
      }
      guard target == format else { continue }
      // SRT and WebVTT write milliseconds; TTML writes exact times, or nanoseconds at worst.
      // No format has negative times: a negative time (read so `validate` can report it) is
      // written as 0.
      let units: Int64 = format == .ttml ? 1_000_000_000 : 1000
      func timings(_ cues: [Cue]) -> [[Int64]] {
        cues.map { [$0.start, $0.end].map { max(0, $0.rounded(toUnitsPerSecond: units)) } }
      }
      let before = timings(document.cues)
      let after = timings(reread.cues)
      FuzzCheck.require(
        before == after,
        "\(format) written as \(format) reads back with other timings: "
          + FuzzCheck.describe(written))
    }
  }
}
