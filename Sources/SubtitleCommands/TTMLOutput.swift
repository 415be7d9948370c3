import ManifestCore
import Subtitles
import TTML
import ToolSupport

/// The options of commands that may write TTML: how image cues are written (`--ttml-profile`)
/// and the root container of an IMSC 1.1 image-profile document (`--root-extent`), and the
/// warnings about what keeps such a document from conforming.
enum TTMLOutput {
  /// `--ttml-profile imsc1.1|smpte-tt`.
  static let profileOption = OptionSpec.option(
    "--ttml-profile", "PROFILE",
    "TTML image cues: imsc1.1 (IMSC 1.1 image profile, the default) or smpte-tt")

  /// `--root-extent WIDTHxHEIGHT`.
  static let rootExtentOption = OptionSpec.option(
    "--root-extent", "WxH",
    "IMSC 1.1 image root container in pixels (default: tts:extent, else 1920x1080)")

  /// The writer options the arguments ask for (`limits.warningsPerKind` caps the image layout
  /// warnings).
  static func options(_ arguments: ParsedArguments, limits: Limits) throws(UsageError)
    -> TTMLWriter.Options
  {
    var options = TTMLWriter.Options(warningsPerKind: limits.warningsPerKind)
    if let name = arguments.value("--ttml-profile") {
      guard let profile = TTMLImageProfile(name: name) else {
        throw UsageError("unknown TTML profile '\(name)' (expected imsc1.1 or smpte-tt)")
      }
      options.imageProfile = profile
    }
    if let text = arguments.value("--root-extent") {
      guard let size = PixelSize(dimensions: text) else {
        throw UsageError(
          "option '--root-extent' needs WIDTHxHEIGHT in whole pixels, such as 1920x1080, got "
            + "'\(text)'")
      }
      options.rootExtent = size
    }
    return options
  }

  /// Prints `NAME: warning: … [ttml.imsc.layout]` for each reason the IMSC 1.1 image-profile document written
  /// from `document` may not conform (nothing for the SMPTE-TT form or without image cues).
  static func reportImageLayout(
    _ document: SubtitleDocument, options: TTMLWriter.Options, name: String, io: ToolIO
  ) {
    guard options.imageProfile == .imsc11, document.cues.contains(where: \.isImage) else {
      return
    }
    let warnings = IMSCImageLayout(
      document, rootExtent: options.rootExtent, warningsPerKind: options.warningsPerKind
    ).warnings
    for warning in warnings {
      io.errorLine(
        "\(name): warning: \(warning) [\(SubtitleDiagnosticCode.ttmlImageLayout.rawValue)]")
    }
  }
}
