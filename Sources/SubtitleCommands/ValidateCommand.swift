import ManifestCore
import Subtitles
import ToolSupport

/// `subtitle-tool validate [--strict] [--from FORMAT] [--encoding NAME] [FILE...]`.
enum ValidateCommand {
  static let spec = CommandSpec(
    name: "validate",
    summary: "check cues: order, overlaps, end before start, empty, images, references",
    operands: "[FILE...]",
    discussion: """
      Prints FILE:LINE:COL: error|warning: RULE: message for each finding (reader warnings
      too). Exit status 1 when an error is found, or, with --strict, any warning; 0 otherwise.
      Rules: end-before-start, negative-time, empty-cue, unsorted, overlap, missing-image-data,
      unknown-style, unknown-region.
      """,
    options: [
      .flag("--strict", "warnings fail validation too"),
      SubtitleInput.fromOption, SubtitleInput.encodingOption,
    ]
  ) { arguments, io in
    let paths: [String?] = arguments.positionals.isEmpty ? [nil] : arguments.positionals
    let strict = arguments.flag("--strict")
    var failed = false
    for path in paths {
      switch SubtitleInput.read(path, arguments: arguments, io: io, tool: "subtitle-tool validate")
      {
      case .failure(let code): return code.status
      case .success(let (document, name)):
        let findings = document.diagnostics + SubtitleValidator.validate(document)
        for finding in findings.sorted(by: { $0.location.line < $1.location.line }) {
          io.report(finding, file: name)
          if finding.severity == .error || (strict && finding.severity == .warning) {
            failed = true
          }
        }
      }
    }
    return failed ? ExitStatus.checkFailed : ExitStatus.success
  }
}
