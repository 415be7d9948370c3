import ManifestCore
import Subtitles
import TTML
import ToolSupport

/// `subtitle-tool convert --to srt|vtt|ttml [--from FORMAT] [--encoding NAME] [--ttml-profile PROFILE]
/// [--root-extent WxH] [FILE]`.
enum ConvertCommand {
  static let spec = CommandSpec(
    name: "convert",
    summary: "convert between SRT, WebVTT and TTML (IMSC1 text, IMSC 1.1 image)",
    discussion: """
      Times stay exact (TTML frame and tick times are rounded to milliseconds only for SRT and
      WebVTT). Italic, bold, underline, colours and top/middle placement carry over; image
      cues can only be written as TTML and are skipped, with a warning, otherwise. TTML text
      is written in the IMSC1 text profile shape; image cues as an IMSC 1.1 image-profile
      document (each PNG in an image element's data: URL, in a region of its pixel size), or
      with --ttml-profile smpte-tt as SMPTE-TT smpte:image/smpte:backgroundImage. What keeps an
      IMSC document from conforming (overlapping images, unknown image sizes, no pixel root
      container) is reported as a warning.
      Style overrides (--font-family, --font-scale, --color, --background,
      --background-opacity, --edge, --edge-color: the caption settings of the FCC rules) are
      written as a WebVTT STYLE block with one ::cue rule, or as a TTML style a span around
      each paragraph's content references (tts:fontFamily, fontSize, color, backgroundColor,
      textOutline or textShadow); SRT has no styling, so they need --to vtt or ttml.
      """,
    options: [
      .option("--to", "FORMAT", "output format: srt, vtt or ttml (required)"),
      SubtitleInput.fromOption, SubtitleInput.encodingOption, TTMLOutput.profileOption,
      TTMLOutput.rootExtentOption,
    ] + CaptionStyleOptions.options
  ) { arguments, io in
    let path: String?
    let target: SubtitleFormat
    var ttml: TTMLWriter.Options
    let style: CaptionStyle
    do throws(UsageError) {
      ttml = try TTMLOutput.options(arguments, limits: io.limits)
      style = try CaptionStyleOptions.style(arguments)
      path = try SubtitleInput.singleOperand(arguments)
      guard let name = arguments.value("--to") else { throw UsageError("missing --to FORMAT") }
      guard let format = SubtitleFormat(name: name) else {
        throw UsageError("unknown format '\(name)' (expected srt, vtt or ttml)")
      }
      target = format
      if target == .srt && !style.isEmpty {
        throw UsageError("style overrides need --to vtt or ttml (SRT has no styling)")
      }
      ttml.cueStyle = style.ttmlProperties
    } catch {
      return SubtitleInput.usageError(error.message, code: error.code, command: "convert", io: io)
    }
    switch SubtitleInput.read(path, arguments: arguments, io: io, tool: "subtitle-tool convert") {
    case .failure(let code): return code.status
    case .success(let (document, name)):
      SubtitleInput.reportDiagnostics(document, name: name, io: io)
      if target == .ttml {
        TTMLOutput.reportImageLayout(document, options: ttml, name: name, io: io)
      } else {
        let images = document.cues.filter(\.isImage).count
        if images > 0 {
          io.errorLine(
            "\(name): warning: \(images) image cue\(images == 1 ? "" : "s") cannot be written as "
              + "\(target.rawValue) and \(images == 1 ? "was" : "were") skipped "
              + "[\(ToolDiagnosticCode.convertImagesSkipped.rawValue)]")
        }
      }
      if target == .webVTT && !style.isEmpty {
        io.write(bytes: WebVTTWriter.write(document, styleSheet: style.css))
      } else {
        io.write(bytes: document.written(as: target, ttml: ttml))
      }
      return ExitStatus.success
    }
  }
}
