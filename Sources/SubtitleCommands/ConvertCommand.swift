import ManifestCore
import Subtitles
import ToolSupport

/// `subtitle-tool convert --to srt|vtt|ttml [--from FORMAT] [FILE]`.
enum ConvertCommand {
  static let spec = CommandSpec(
    name: "convert",
    summary: "convert between SRT, WebVTT and TTML (IMSC1)",
    discussion: """
      Times stay exact (TTML frame and tick times are rounded to milliseconds only for SRT and
      WebVTT). Italic, bold, underline, colours and top/middle placement carry over; image
      cues can only be written as TTML and are skipped, with a warning, otherwise.
      """,
    options: [
      .option("--to", "FORMAT", "output format: srt, vtt or ttml (required)"),
      SubtitleInput.fromOption,
    ]
  ) { arguments, io in
    let path: String?
    let target: SubtitleFormat
    do throws(UsageError) {
      path = try SubtitleInput.singleOperand(arguments)
      guard let name = arguments.value("--to") else { throw UsageError("missing --to FORMAT") }
      guard let format = SubtitleFormat(name: name) else {
        throw UsageError("unknown format '\(name)' (expected srt, vtt or ttml)")
      }
      target = format
    } catch {
      return SubtitleInput.usageError(error.message, command: "convert", io: io)
    }
    switch SubtitleInput.read(path, arguments: arguments, io: io, tool: "subtitle-tool convert") {
    case .failure(let code): return code.status
    case .success(let (document, name)):
      SubtitleInput.reportDiagnostics(document, name: name, io: io)
      if target != .ttml {
        let images = document.cues.filter(\.isImage).count
        if images > 0 {
          io.errorLine(
            "\(name): warning: \(images) image cue\(images == 1 ? "" : "s") cannot be written as "
              + "\(target.rawValue) and \(images == 1 ? "was" : "were") skipped")
        }
      }
      io.write(bytes: document.written(as: target))
      return ExitStatus.success
    }
  }
}
