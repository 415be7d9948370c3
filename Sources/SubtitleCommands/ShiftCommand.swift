import ManifestCore
import Subtitles
import TTML
import ToolSupport

/// `subtitle-tool shift --by SECONDS [--from FORMAT] [--encoding NAME] [--ttml-profile PROFILE]
/// [--root-extent WxH] [FILE]`.
enum ShiftCommand {
  static let spec = CommandSpec(
    name: "shift",
    summary: "move every cue by SECONDS (negative moves earlier), same format out",
    discussion: """
      SECONDS is an exact decimal such as 2.5 or -0.040. Cues that would end at or before zero
      are dropped and cues that would start before zero start at zero, each with a warning.
      WebVTT inline timestamps move too; X-TIMESTAMP-MAP is kept as it is. TTML image cues
      are written as 'convert --to ttml' writes them (--ttml-profile, --root-extent).
      """,
    options: [
      .option("--by", "SECONDS", "the offset (required)"), SubtitleInput.fromOption,
      SubtitleInput.encodingOption,
      TTMLOutput.profileOption, TTMLOutput.rootExtentOption,
    ]
  ) { arguments, io in
    let path: String?
    let offset: SubtitleTime
    let ttml: TTMLWriter.Options
    do throws(UsageError) {
      ttml = try TTMLOutput.options(arguments, limits: io.limits)
      path = try SubtitleInput.singleOperand(arguments)
      guard let text = arguments.value("--by") else { throw UsageError("missing --by SECONDS") }
      guard let seconds = ExactDecimal(text) else {
        throw UsageError("option '--by' needs a number of seconds, got '\(text)'")
      }
      offset = SubtitleTime(seconds)
    } catch {
      return SubtitleInput.usageError(error.message, code: error.code, command: "shift", io: io)
    }
    switch SubtitleInput.read(path, arguments: arguments, io: io, tool: "subtitle-tool shift") {
    case .failure(let code): return code.status
    case .success(let (document, name)):
      SubtitleInput.reportDiagnostics(document, name: name, io: io)
      let (shifted, report) = document.shifted(by: offset)
      if let first = report.firstOutOfRange {
        let line = document.cues[first].line
        io.errorLine(
          "\(name):\(max(line, 1)):1: error: shifting by \(offset) s would move "
            + "\(report.outOfRange) cue\(report.outOfRange == 1 ? "" : "s") past the largest time a "
            + "subtitle can hold (\(SubtitleTime.maximum) s); nothing was written "
            + "[\(ToolDiagnosticCode.shiftOutOfRange.rawValue)]")
        return ExitStatus.failure
      }
      if report.dropped > 0 {
        io.errorLine(
          "\(name): warning: \(report.dropped) cue\(report.dropped == 1 ? "" : "s") moved before "
            + "0 and dropped [\(ToolDiagnosticCode.shiftDropped.rawValue)]")
      }
      if report.clipped > 0 {
        io.errorLine(
          "\(name): warning: \(report.clipped) cue\(report.clipped == 1 ? "" : "s") now start"
            + "\(report.clipped == 1 ? "s" : "") at 0 (moved partly before 0) "
            + "[\(ToolDiagnosticCode.shiftClipped.rawValue)]")
      }
      if document.format == .ttml {
        TTMLOutput.reportImageLayout(shifted, options: ttml, name: name, io: io)
      }
      io.write(bytes: shifted.written(as: document.format, ttml: ttml))
      return ExitStatus.success
    }
  }
}
