import FuzzSupport
import ManifestCore
import Subtitles
import TTML

/// What the SRT, WebVTT and TTML targets share: read arbitrary bytes as one format, then do
/// everything `subtitle-tool` does with a document (validate, shift both ways, cue text and
/// markup, write as every format and read each output again). Two invariants hold for every
/// writer:
///
/// - injection: the output reads back (as the format it was written in) with as many cues as
///   were written, at the same times to the precision the format writes, so nothing in a text,
///   identifier or header value can add, end or merge cues;
/// - amplification: the output is at most `amplification` times the input plus
///   `overhead` bytes.
public enum SubtitleFuzzing {
  /// The most output bytes per input byte a writer may produce.
  static let amplification = 64
  /// Output bytes any document may take (headers, TTML namespaces and regions).
  static let overhead = 4096

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
      FuzzCheck.require(
        written.count <= amplification * input.count + overhead,
        "\(format) written as \(target) is \(written.count) bytes from \(input.count): "
          + FuzzCheck.describe(input))
      // SRT and WebVTT skip image cues.
      let expected = target == .ttml ? document.cues : document.cues.filter { !$0.isImage }
      guard let reread = try? SubtitleDocument.read(written, format: target) else {
        FuzzCheck.require(
          expected.isEmpty,
          "\(format) written as \(target) does not read: \(FuzzCheck.describe(written))")
        continue
      }
      // SRT and WebVTT write milliseconds; TTML writes exact times, or nanoseconds at worst.
      // No format has negative times: a negative time (read so `validate` can report it) is
      // written as 0.
      let units: Int64 = target == .ttml ? 1_000_000_000 : 1000
      func timings(_ cues: [Cue]) -> [[Int64]] {
        cues.map { [$0.start, $0.end].map { max(0, $0.rounded(toUnitsPerSecond: units)) } }
      }
      FuzzCheck.require(
        reread.cues.count == expected.count,
        "\(format) written as \(target) reads back with \(reread.cues.count) cues, not "
          + "\(expected.count): \(FuzzCheck.describe(written))")
      FuzzCheck.require(
        timings(expected) == timings(reread.cues),
        "\(format) written as \(target) reads back with other timings: "
          + FuzzCheck.describe(written))
    }
  }
}
